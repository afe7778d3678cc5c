// Adapts the engine's normalized model to the renderer: nodes and edges with their coordinates and the name of the
// object type of their first instance (styling key; read without making instance rows), and their display name for
// labels (`labelOf`: the names of the object's instances and of the paths over it joined by '/',
// engine/feature-properties.ts). Paths (cables) are drawn along their edges (path-geometry.ts).
import type { Id } from 'engine/types';
import { displayName } from 'engine/feature-properties';
import { allObjects, getObject, type Model, type NetworkObjectRow } from 'engine/model';
import { eachPathEdgeOf, eachValueOfInstanceAt, instanceTypesOf } from 'engine/field-reads';
import type { Props } from 'layers/types';
import type { NetworkSource } from './network-chunks';
import { cableKind, pathLine } from './path-geometry';

const typeName = (m: Model, typeId: number | undefined): string | null => (typeId === undefined ? null : m.schema.objectTypes[typeId]?.name ?? null);

/** The object as the renderer draws it: its instances' types read field by field (a whole read's instance rows are
 *  not made for the draw); an instance's id and style props read only when a style asks (instance k of the object). */
function describe(m: Model, id: Id, o: NetworkObjectRow | undefined) {
  if (!o) return undefined;
  const types = instanceTypesOf(m, id);
  // instance k's attribute values as style props (read only when a style asks; a whole read's value rows not made yet
  // are read from its columns, none made: engine/lazy-rows.ts)
  const propsOf = (k: number) => (): Props => { const out: Props = {}; eachValueOfInstanceAt(m, id, k, (name, value) => { out[name] = value; }); return out; };
  const props = propsOf(0);
  const instances = types.length < 2 ? undefined : types.map((t, k) => ({ typeName: typeName(m, t), props: propsOf(k) }));
  if (o.node) return { kind: 'node' as const, coords: [o.node.geometry.coordinates], typeName: typeName(m, types[0]), props, instances };
  if (o.edge) return { kind: 'edge' as const, coords: o.edge.geometry.coordinates, typeName: typeName(m, types[0]), props, instances };
  // a path (cable): drawn along its edges; its props also carry the cable kind (feature_type) of the cable layers
  const pathType = typeName(m, types[0]);
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
  eachPathEdgeOf(m, pathId, (edgeId) => { if (edgeId) out.push(edgeId); });
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
