// The rows of a whole read that are made when first read (issue 15; engine/lazy-rows.ts): the ids' text other than
// the objects', and the instance, path-edge, attribute-value and relation rows. A whole read's first draw reads every
// object but few of these (the map reads an instance's type and a path's edges field by field, `rowField`, without
// making its row), so at 100 000 edges ≈ 370 000 of the 607 096 id strings and ≈ 370 000 instance and path-edge rows
// are not made before the model and the draw. Each maker holds its own table's columns and the ids (whose maker holds
// the id columns: ≈ 12 MB of buffers at 100 000 edges while any id is unmade; the instance and path-edge columns ≈ 5
// MB until a validation's full run makes those rows, right after the first draw), until every row is made; a row made
// is kept in its place and read as any other.
import { idAt, instanceRow, pathEdgeRow, relationRow, valueRow, type NetworkColumns } from './network-arrow';
import type { InstanceRow, PathEdgeRow } from './model';
import type { AttributeValue, Relation } from './types';
import { bit, idString, internedStrings, lazyStrings } from './utf8-column';
import { lazyRows, rowAt } from './lazy-rows';

/** The answer's ids as text: the objects' (ids[0 .. objects)) made now — the first draw reads every one — the others
 *  when first read through `idAt` / `rowAt`. */
export function lazyColumnIds(c: Pick<NetworkColumns, 'ids' | 'uuids' | 'objects'>): string[] {
  const text = c.ids, uuids = c.uuids, n = text.offsets.length - 1;
  const ids = lazyRows(n, (i) => idString(text, uuids, i));
  for (let i = 0, e = Math.min(c.objects, n); i < e; i++) rowAt(ids, i);
  return ids;
}

/** Instance rows in column order, each made when first read; its fields read without making it (`rowField`). */
export function lazyInstanceRows(c: NetworkColumns, ids: readonly string[]): InstanceRow[] {
  const ins = c.instances;
  return lazyRows(ins.id.length, (k) => instanceRow(ins, ids, k), (k, f) =>
    (f === 'id' ? idAt(ids, ins.id[k]) : f === 'objectTypeId' ? ins.objectTypeId[k] : f === 'networkObjectId' ? idAt(ids, ins.object[k]) : undefined));
}

/** Path edge rows (with their order key) in column order, each made when first read; fields read without making it. */
export function lazyPathEdgeRows(c: NetworkColumns, ids: readonly string[]): PathEdgeRow[] {
  const pe = c.pathEdges;
  return lazyRows(pe.id.length, (k) => pathEdgeRow(pe, ids, k), (k, f) => {
    switch (f) {
      case 'id': return idAt(ids, pe.id[k]);
      case 'pathId': return idAt(ids, pe.path[k]);
      case 'edgeId': return idAt(ids, pe.edge[k]);
      case 'startNodeId': return idAt(ids, pe.startNode[k]);
      case 'position': return pe.position[k];
      default: return undefined;
    }
  });
}

/** Attribute value rows in column order, each made when first read: a whole load reads few of them before the first
 *  draw, and most of the 10⁶ rows of a large answer never need to be objects before that. */
export function lazyValueRows(c: NetworkColumns, ids: readonly string[]): AttributeValue[] {
  // the makers hold this table's columns only (not the answer's coordinates), until every row is made
  const v = c.values;
  let val: (k: number) => string | null;
  if (!v.codes) { const vals = internedStrings(v.value); val = (k) => vals[k]; }
  else {
    // the dictionary's words decoded when first read too (≈ 0.14 s at 100 000 edges when decoded all at once), each once
    const word = lazyStrings(v.value), { codes, valid } = v.codes;
    val = (k) => (bit(valid, k) ? word(codes[k]) ?? null : null);
  }
  return lazyRows(v.instance.length, (k) => valueRow(v, ids, k, val(k)),
    (k, f) => (f === 'attributeTypeName' ? v.name.dict[v.name.codes[k]] : f === 'value' ? val(k) : f === 'objectInstanceId' ? idAt(ids, v.instance[k]) : undefined));
}

/** Relation rows in column order, each made when first read (the maker holds the relation columns only); fields read
 *  without making it (a validation's full run reads every instance's relation types and the capacity rules' ends). */
export function lazyRelationRows(c: NetworkColumns, ids: readonly string[]): Relation[] {
  const r = c.relations;
  return lazyRows(r.from.length, (k) => relationRow(r, ids, k), (k, f) =>
    (f === 'objectRelationTypeName' ? r.type.dict[r.type.codes[k]] : f === 'fromId' ? idAt(ids, r.from[k]) : f === 'toId' ? idAt(ids, r.to[k]) : undefined));
}
