// Adapts the engine's normalized model to the renderer: nodes and edges with their coordinates and the name of the
// object type of their first instance (styling key), and their display name for labels (`labelOf`: the names of the
// object's instances and of the paths over it joined by '/', engine/feature-properties.ts). Paths (cables) are drawn
// along their edges (path-geometry.ts).
import type { Id } from 'engine/types';
import { displayName } from 'engine/feature-properties';
import { allObjects, getObject, instanceRowsOf, instancesOf, pathEdgeRowsOf, valuesOf, type Model, type NetworkObjectRow } from 'engine/model';
import type { Props } from 'layers/types';
import type { NetworkSource } from './network-chunks';
import { cableKind, pathLine } from './path-geometry';

export function typeNameOf(m: Model, id: Id): string | null {
  const inst = instanceRowsOf(m, id)[0];
  return inst ? m.schema.objectTypes[inst.objectTypeId]?.name ?? null : null;
}

/** An instance's attribute values as style properties (read only when a style asks). */
export function instanceProps(m: Model, iid: Id | undefined): Props {
  const out: Props = {};
  if (iid) for (const v of valuesOf(m, iid)) out[v.attributeTypeName] = v.value;
  return out;
}

/** Attributes of the object's first instance. */
export const propsOf = (m: Model, id: Id): Props => instanceProps(m, instancesOf(m, id)[0]);

function instanceTypes(m: Model, id: Id) {
  const insts = instanceRowsOf(m, id);
  if (insts.length < 2) return undefined;
  return insts.map((inst) => ({ typeName: m.schema.objectTypes[inst.objectTypeId]?.name ?? null, props: () => instanceProps(m, inst.id) }));
}

function describe(m: Model, id: Id, o: NetworkObjectRow | undefined) {
  if (!o) return undefined;
  const props = () => propsOf(m, id);
  const instances = instanceTypes(m, id);
  if (o.node) return { kind: 'node' as const, coords: [o.node.geometry.coordinates], typeName: typeNameOf(m, id), props, instances };
  if (o.edge) return { kind: 'edge' as const, coords: o.edge.geometry.coordinates, typeName: typeNameOf(m, id), props, instances };
  // a path (cable): drawn along its edges; its props also carry the cable kind (feature_type) of the cable layers
  const typeName = typeNameOf(m, id);
  if (!typeName) return undefined;
  const line = pathLine(m, id);
  if (line.coords.length < 2) return undefined;
  return {
    kind: 'edge' as const, coords: line.coords, typeName, path: true, over: () => edgesOf(m, id),
    props: () => ({ ...propsOf(m, id), feature_type: cableKind(m, line.start, line.end) }),
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
        if (d) cb(id, d.kind, d.coords, d.typeName);
      }
    },
    get(id) {
      const m = getModel();
      return describe(m, id, getObject(m, id));
    },
    labelOf: (id) => displayName(getModel(), id),
  };
}
