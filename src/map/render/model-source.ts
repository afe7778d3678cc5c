// Adapts the engine's normalized model to the renderer: nodes and edges with their coordinates and the name of the
// object type of their first instance (styling key), and their display name for labels (`labelOf`: the names of the
// object's instances and of the paths over it joined by '/', engine/feature-properties.ts). Paths (cables) are drawn
// along their edges (path-geometry.ts).
import type { Id } from 'engine/types';
import { displayName } from 'engine/feature-properties';
import { allObjects, eachValueOf, getObject, instanceRowsOf, pathEdgeRowsOf, type InstanceRow, type Model, type NetworkObjectRow } from 'engine/model';
import type { Props } from 'layers/types';
import type { NetworkSource } from './network-chunks';
import { cableKind, pathLine } from './path-geometry';

/** An instance's attribute values as style properties (read only when a style asks; a whole read's value rows not made
 *  yet are read from its columns, none made: engine/lazy-rows.ts). */
export function instanceProps(m: Model, iid: Id | undefined): Props {
  const out: Props = {};
  if (iid) eachValueOf(m, iid, (name, value) => { out[name] = value; });
  return out;
}

const typeName = (m: Model, inst: InstanceRow | undefined): string | null => (inst ? m.schema.objectTypes[inst.objectTypeId]?.name ?? null : null);

/** The object as the renderer draws it; its instances read once (type of the first, style props on demand, and each
 *  instance's type when there are several). */
function describe(m: Model, id: Id, o: NetworkObjectRow | undefined) {
  if (!o) return undefined;
  const insts = instanceRowsOf(m, id), first = insts[0];
  const props = () => instanceProps(m, first?.id);
  const instances = insts.length < 2 ? undefined : insts.map((inst) => ({ typeName: typeName(m, inst), props: () => instanceProps(m, inst.id) }));
  if (o.node) return { kind: 'node' as const, coords: [o.node.geometry.coordinates], typeName: typeName(m, first), props, instances };
  if (o.edge) return { kind: 'edge' as const, coords: o.edge.geometry.coordinates, typeName: typeName(m, first), props, instances };
  // a path (cable): drawn along its edges; its props also carry the cable kind (feature_type) of the cable layers
  const pathType = typeName(m, first);
  if (!pathType) return undefined;
  const line = pathLine(m, id);
  if (line.coords.length < 2) return undefined;
  return {
    kind: 'edge' as const, coords: line.coords, typeName: pathType, path: true, over: () => edgesOf(m, id),
    props: () => ({ ...props(), feature_type: cableKind(m, line.start, line.end) }),
  };
}

/** The edges a path runs over, in path order. */
function edgesOf(m: Model, pathId: Id): Id[] {
  const out: Id[] = [];
  for (const pe of pathEdgeRowsOf(m, pathId)) if (pe.edgeId) out.push(pe.edgeId);
  return out;
}

/** A source reading the current model through a getter (the model changes with every edit). */
export function modelSource(getModel: () => Model): NetworkSource {
  return {
    forEach(cb) {
      const m = getModel();
      for (const [id, o] of allObjects(m)) {
        const d = describe(m, id, o);
        if (d) cb(id, d);
      }
    },
    get(id) {
      const m = getModel();
      return describe(m, id, getObject(m, id));
    },
    labelOf: (id) => displayName(getModel(), id),
  };
}
