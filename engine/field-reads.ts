// Reads of the model field by field (issue 15): what the map's first draw, its labels, a validation's full run and the
// capex index read of instances, path edges and relations, without making a whole read's rows not made yet
// (engine/lazy-column-rows.ts) — each the same as reading the rows (instanceRowsOf, pathEdgeRowsOf, valuesOf,
// relationRowsFrom / To), which they fall back to where a list is read by key (local changes).
import { eachValueOf, instanceRowsOf, pathEdgeRowsOf, pathEdgeRowsOfEdge, relationRowsFrom, relationRowsTo, type Model } from './model';
import type { AttributeValue, Id, Relation } from './types';
import { listRowNumbers } from './list-rows';
import { filledRows, rowField } from './lazy-rows';
import { isListBase, type PTable, type RowBase } from './ptable';

/** Calls `each(rows, i)` for each row of `key`'s list, in list order: by row number where the list allows (no row
 *  made), else over the rows `listed` gives (read by key). */
function eachListed<T>(list: PTable<readonly string[]>, rows: PTable<T>, key: Id, each: (rows: readonly T[], i: number) => void, listed: () => T[]): void {
  if (listRowNumbers(list, rows as PTable<unknown>, key, each as (rows: readonly unknown[], i: number) => void)) return;
  const l = listed();
  for (let i = 0; i < l.length; i++) each(l, i);
}

/** The object types of an object's instances, in instanceRowsOf's order — a whole read's instance rows not made yet
 *  are read from its columns without making them (the map's first draw reads every object's). */
export function instanceTypesOf(m: Model, objectId: Id): number[] {
  const out: number[] = [];
  eachListed(m.instancesByObject, m.objectInstances, objectId, (rows, i) => { out.push(rowField(rows, i, 'objectTypeId') as number); }, () => instanceRowsOf(m, objectId));
  return out;
}
/** Each instance of an object as (id, object type), in instanceRowsOf's order — rows not made yet read from a whole
 *  read's columns without making them. */
export function eachInstanceOf(m: Model, objectId: Id, put: (id: Id, objectTypeId: number) => void): void {
  eachListed(m.instancesByObject, m.objectInstances, objectId, (rows, i) => put(rowField(rows, i, 'id') as Id, rowField(rows, i, 'objectTypeId') as number),
    () => instanceRowsOf(m, objectId));
}
/** The id of an object's k-th instance (eachInstanceOf's order), its row not made (the map's style props). */
export function instanceIdAt(m: Model, objectId: Id, k: number): Id | undefined {
  let at = 0, id: Id | undefined;
  eachListed(m.instancesByObject, m.objectInstances, objectId, (rows, i) => { if (at++ === k) id = rowField(rows, i, 'id') as Id; }, () => instanceRowsOf(m, objectId));
  return id;
}
/** Each path edge of a path as (edge id, start node id), in pathEdgeRowsOf's order — rows not made yet read from a
 *  whole read's columns without making them (the map draws every path along its edges). */
export function eachPathEdgeOf(m: Model, pathId: Id, put: (edgeId: Id, startNodeId: Id) => void): void {
  eachListed(m.pathEdgesByPath, m.pathEdges, pathId, (rows, i) => put(rowField(rows, i, 'edgeId') as Id, rowField(rows, i, 'startNodeId') as Id),
    () => pathEdgeRowsOf(m, pathId));
}
/** The path of each path edge over an edge (pathEdgeRowsOfEdge's order; a path passing twice comes twice), rows not
 *  made (a label's paths over an edge). */
export function eachPathOver(m: Model, edgeId: Id, put: (pathId: Id) => void): void {
  eachListed(m.pathEdgesByEdge, m.pathEdges, edgeId, (rows, i) => put(rowField(rows, i, 'pathId') as Id), () => pathEdgeRowsOfEdge(m, edgeId));
}
/** Makes the base rows of these tables not made yet (a whole read's: lazy-column-rows.ts), all in one pass in row
 *  order — before a scan that reads them all (a validation's full run): cheaper than making them one by one as its
 *  lookups reach them. */
export function makeBaseRows(m: Model, tables: readonly ('objectInstances' | 'pathEdges')[]): void {
  for (const t of tables) filledRows((m[t].base as RowBase<unknown>).rows);
}
/** Each attribute value (name, value) of an object's k-th instance, in eachValueOf's order (the map's style props).
 *  Where the instances and values are as loaded (no local change, no merged segment: a whole read's first draw) the
 *  instance's values are read by its row number — its id neither made nor looked up. */
export function eachValueOfInstanceAt(m: Model, objectId: Id, k: number, put: (name: string, value: AttributeValue['value']) => void): void {
  const vl = m.valuesByInstance, av = m.attributeValues, oi = m.objectInstances;
  const b = vl.base;
  if (vl.over === null && vl.segs.length === 0 && av.over === null && av.segs.length === 0 && oi.over === null && oi.segs.length === 0 &&
    isListBase(b) && b.values instanceof Int32Array && b.of === (av.base as RowBase<unknown>).ids && b.ids === (oi.base as RowBase<unknown>).ids) {
    let row = -1, at = 0;
    const byNumber = listRowNumbers(m.instancesByObject, oi as PTable<unknown>, objectId, (_rows, i) => { if (at++ === k) row = i; });
    if (byNumber) {
      if (row < 0) return;
      const v = b.values, rows = (av.base as RowBase<AttributeValue>).rows;
      for (let q = b.offsets[row], e = b.offsets[row + 1]; q < e; q++) {
        put(rowField(rows, v[q], 'attributeTypeName') as string, rowField(rows, v[q], 'value') as AttributeValue['value']);
      }
      return;
    }
  }
  const iid = instanceIdAt(m, objectId, k);
  if (iid !== undefined) eachValueOf(m, iid, put);
}

/** The type names of the relations from (`source`) or to (`target`) an instance, in relationRowsFrom / To's order —
 *  rows not made yet read without making them (the relation multiplicity rule). */
export function relationTypesOf(m: Model, instanceId: Id, side: 'source' | 'target'): string[] {
  const out: string[] = [];
  eachRelationOf(m, instanceId, side, (rows, i) => { out.push(rowField(rows, i, 'objectRelationTypeName') as string); });
  return out;
}
/** Whether an instance takes part in a relation (either end), no relation row made (the capex index's unused lines). */
export function hasRelations(m: Model, instanceId: Id): boolean {
  let n = 0;
  const count = () => { n++; };
  eachRelationOf(m, instanceId, 'source', count);
  if (n === 0) eachRelationOf(m, instanceId, 'target', count);
  return n > 0;
}
/** The other end of each relation from (`source`: its toId) or to (`target`: its fromId) an instance, in
 *  relationRowsFrom / To's order, rows not made (the capacity rules' neighbours, engine/dependents.ts eachNeighbour). */
export function eachRelatedOf(m: Model, instanceId: Id, side: 'source' | 'target', put: (other: Id) => void): void {
  const end = side === 'source' ? 'toId' : 'fromId';
  eachRelationOf(m, instanceId, side, (rows, i) => put(rowField(rows, i, end) as Id));
}
function eachRelationOf(m: Model, instanceId: Id, side: 'source' | 'target', each: (rows: readonly Relation[], i: number) => void): void {
  if (side === 'source') eachListed(m.relationsBySource, m.relations, instanceId, each, () => relationRowsFrom(m, instanceId));
  else eachListed(m.relationsByTarget, m.relations, instanceId, each, () => relationRowsTo(m, instanceId));
}
