// The model built straight from the columns of an Arrow network read (issue 15): the object rows are made here as for
// createModel's flat input, the other rows and most ids' text when first read (lazy-column-rows.ts); the id tables' slots and
// the reverse indexes' plans come from the answer's row numbers (column-index.ts: each id hashed once, no lookup of
// reference strings), computed here or, in the app, by a Web Worker at the same time. The result holds exactly what
// createModel(modelInputFromColumns(c)) holds; an answer with duplicate keys (never sent by the server) goes that
// way, so duplicates keep createModel's rules.
import type { IdTable, RowKey } from './id-table';
import { byString, listFromPlan, type ListPlan } from './build';
import { columnIndex, indexCounts, type ColumnIndex } from './column-index';
import { AV_KEY, REL_KEY, comparePathEdges, createModel, type InstanceRow, type Model, type NetworkObjectRow, type PathEdgeRow } from './model';
import { modelInputFromColumns, objectRows, type NetworkColumns } from './network-arrow';
import { lazyColumnIds, lazyInstanceRows, lazyPathEdgeRows, lazyRelationRows, lazyValueRows } from './lazy-column-rows';
import { columnIdText } from './id-text';
import { ptable, type RowBase } from './ptable';
import { Scratch } from './scratch';
import { rowAt, rowField } from './lazy-rows';
import { KeySlotsLater, type KeyTable } from './key-slots';
import type { AttributeValue, ObjectRelationType, ObjectType, Relation } from './types';

const EMPTY_SLOTS = new Int32Array(0);

export interface ModelTypes { objectTypes?: ObjectType[]; relationTypes?: ObjectRelationType[] }

/** The rows of an answer (made on the thread that keeps the model) and its ids' text (the objects' made; the others,
 *  and every row but the objects', made when first read: lazy-column-rows.ts). */
export interface ColumnRows {
  ids: string[]; objects: NetworkObjectRow[]; instances: InstanceRow[]; pathEdges: PathEdgeRow[]; values: AttributeValue[]; relations: Relation[];
}

/** The rows: objects in id-number order (dense row = id number), the others in column order (`flatRows`); instances,
 *  path edges, attribute values and relations made when first read (lazy-column-rows.ts: the first draw reads their
 *  fields without making them). */
export function columnRows(c: NetworkColumns): ColumnRows {
  const ids = lazyColumnIds(c);
  const objects = new Array<NetworkObjectRow>(c.objects);
  objectRows(c, ids, (i, o) => { objects[i] = o; });
  return {
    ids, objects, instances: lazyInstanceRows(c, ids), pathEdges: lazyPathEdgeRows(c, ids), values: lazyValueRows(c, ids), relations: lazyRelationRows(c, ids),
  };
}

/** The model of the answer (rows and index computed here). */
export function modelFromColumns(c: NetworkColumns, types: ModelTypes = {}): Model {
  const rows = columnRows(c);
  return modelOfColumns(c, rows, columnIndex(c), types);
}

/** Whether an index was computed for this answer's rows (counts equal) and has their shape. */
function indexFits(c: NetworkColumns, x: ColumnIndex): boolean {
  const want = indexCounts(c);
  return x.counts.length === want.length && want.every((n, i) => x.counts[i] === n) &&
    x.slots.networkObjects.length === 2 * Math.max(16, Math.ceil(1.5 * c.objects));
}

/** The model of the answer from its rows and its index (column-index.ts; in the app a Web Worker computes it while
 *  the main thread makes the rows). */
export function modelOfColumns(c: NetworkColumns, rows: ColumnRows, index: ColumnIndex, types: ModelTypes = {}): Model {
  // an index made of other columns (not this answer's) is not used
  const x = indexFits(c, index) ? index : columnIndex(c);
  const { objects: noRows, instances: oiRows, pathEdges: peRows, values: avRows, relations: relRows } = rows;
  // a duplicate key, or object rows not numbered 0 … objects − 1 (never sent by the server): createModel's rules
  let whole = c.nodes.id.length + c.edges.id.length + c.paths.id.length === c.objects;
  for (let k = 0; whole && k < noRows.length; k++) whole = noRows[k] !== undefined;
  if (x.dups || !whole) return createModel({ ...modelInputFromColumns(c), ...types });
  // the values' and relations' slots where they come later (key-slots.ts): taken when first searched
  const later = x.slots.attributeValues && x.slots.relations ? null
    : new KeySlotsLater(c, columnIdText(c.ids, c.uuids), { attributeValues: x.slots.attributeValues ?? undefined, relations: x.slots.relations ?? undefined }, x.keysLater);
  const table = <T>(rows: T[], slots: Int32Array | null, scheme: RowKey | null, t?: KeyTable): RowBase<T> => ({
    ids: { keys: null, rows, scheme, size: rows.length, slots: slots ?? EMPTY_SLOTS, cap: slots ? slots.length >> 1 : 0, pending: slots ? null : () => later!.slots(t!) },
    rows,
  });
  const no = table(noRows, x.slots.networkObjects, null), oi = table(oiRows, x.slots.objectInstances, null);
  const pet = table(peRows, x.slots.pathEdges, null), avt = table(avRows, x.slots.attributeValues, AV_KEY, 'attributeValues');
  const relt = table(relRows, x.slots.relations, REL_KEY, 'relations');

  // reverse indexes from their plans; keys outside the answer (bad data) listed by text with createModel's order
  const sc = new Scratch();
  const l = x.lists, same = (j: number) => j;
  const relK = (j: number) => REL_KEY.key(rowAt(relRows, j));
  const avName = (j: number) => rowAt(avRows, j).attributeTypeName;
  const edgeEnd = (j: number) => { const e = noRows[j >> 1].edge; return e ? ((j & 1) === 0 ? e.fromNodeId : e.toNodeId) : undefined; };
  const list = (keyIds: IdTable, p: ListPlan, keyOf: (j: number) => string | undefined, v: Parameters<typeof listFromPlan>[3],
    cmp: (a: number, b: number) => number) => ptable<string[]>(listFromPlan(keyIds, p, keyOf, v, cmp, sc));
  const noIds = no.ids, oiIds = oi.ids;
  const objectTypes: Record<string, ObjectType> = {};
  for (const t of types.objectTypes ?? []) objectTypes[t.id] = t;
  return {
    networkObjects: ptable(no), pathEdges: ptable(pet), objectInstances: ptable(oi), attributeValues: ptable(avt), relations: ptable(relt),
    edgesByNode: list(noIds, l.edgesByNode, edgeEnd, { of: noIds, row: (j) => j >> 1 }, byString((j) => noRows[j >> 1].id)),
    instancesByObject: list(noIds, l.instancesByObject, (j) => rowField(oiRows, j, 'networkObjectId') as string, { of: oiIds, row: same }, byString((j) => rowField(oiRows, j, 'id') as string)),
    pathEdgesByPath: list(noIds, l.pathEdgesByPath, (j) => rowField(peRows, j, 'pathId') as string, { of: pet.ids, row: same }, (a, b) => comparePathEdges(rowAt(peRows, a), rowAt(peRows, b))),
    pathEdgesByEdge: list(noIds, l.pathEdgesByEdge, (j) => rowField(peRows, j, 'edgeId') as string, { of: pet.ids, row: same }, byString((j) => rowField(peRows, j, 'id') as string)),
    relationsBySource: list(oiIds, l.relationsBySource, (j) => rowAt(relRows, j).fromId, { of: relt.ids, row: same }, byString(relK)),
    relationsByTarget: list(oiIds, l.relationsByTarget, (j) => rowAt(relRows, j).toId, { of: relt.ids, row: same }, byString(relK)),
    valuesByInstance: list(oiIds, l.valuesByInstance, (j) => rowAt(avRows, j).objectInstanceId, { of: avt.ids, row: same, field: 'attributeTypeName' }, byString(avName)),
    schema: { objectTypes, relationTypes: types.relationTypes ?? [] },
  };
}
