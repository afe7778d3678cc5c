// The model built straight from the columns of an Arrow network read (issue 15). The rows are made as for
// createModel's flat input, but every reference of the answer is a row number into its id table: each id is hashed
// once (not once per reference), the base tables' id tables take those hashes, and the reverse indexes take the dense
// row of each entry's key from the row numbers (no hashing or lookup of reference strings). The result holds exactly
// what createModel(modelInputFromColumns(c)) holds; an answer with duplicate keys (never sent by the server) goes that
// way, so duplicates keep createModel's rules.
import { buildIdTable, hashChars, hashEnd, hashSep, hashStart, type IdTable } from './id-table';
import { buildList, byString } from './build';
import { AV_KEY, REL_KEY, comparePathEdges, createModel, type InstanceRow, type Model, type NetworkObjectRow, type PathEdgeRow } from './model';
import { internedStrings, modelInputFromColumns, objectRows, pathEdge, relation, sharedStrings, value, type NetworkColumns } from './network-arrow';
import { ptable, type RowBase } from './ptable';
import { Scratch } from './scratch';
import { int32Array } from './typed';
import type { AttributeValue, ObjectRelationType, ObjectType, Relation } from './types';

export interface ModelTypes { objectTypes?: ObjectType[]; relationTypes?: ObjectRelationType[] }

/** Hash state of each id after its characters (hashEnd of it = hashId; composite keys go on from it). */
function idStates(ids: readonly string[]): Int32Array {
  const out = int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) out[i] = hashChars(hashStart, ids[i]);
  return out;
}

/** Dense rows of a table by id number (-1: not in the table). */
function rowOfId(nIds: number, idOf: Int32Array): Int32Array {
  const out = int32Array(nIds).fill(-1);
  for (let k = 0; k < idOf.length; k++) out[idOf[k]] = k;
  return out;
}

/** Rank of each dictionary entry in string order (equal strings, equal rank). */
function dictRanks(dict: readonly string[]): Int32Array {
  const order = dict.map((_, i) => i).sort((a, b) => (dict[a] < dict[b] ? -1 : dict[a] > dict[b] ? 1 : 0));
  const out = new Int32Array(dict.length);
  for (let k = 1; k < order.length; k++) out[order[k]] = out[order[k - 1]] + (dict[order[k]] === dict[order[k - 1]] ? 0 : 1);
  return out;
}

export function modelFromColumns(c: NetworkColumns, types: ModelTypes = {}): Model {
  const ids = sharedStrings(c.ids) as string[];
  const nIds = ids.length, nObj = c.objects;
  const st = idStates(ids);
  const sc = new Scratch();
  const ins = c.instances, pe = c.pathEdges, av = c.values, rl = c.relations, ed = c.edges;
  sc.reserve(4 * Math.max(2 * nObj, ins.id.length, pe.id.length, av.instance.length, rl.from.length) + 4096);

  // rows: objects in id-number order (dense row = id number), the others in column order
  const noRows = new Array<NetworkObjectRow>(nObj);
  objectRows(c, ids, (i, o) => { noRows[i] = o; });
  const oiRows = new Array<InstanceRow>(ins.id.length);
  for (let k = 0; k < ins.id.length; k++) oiRows[k] = { id: ids[ins.id[k]], objectTypeId: ins.objectTypeId[k], networkObjectId: ids[ins.object[k]] };
  const peRows = new Array<PathEdgeRow>(pe.id.length);
  for (let k = 0; k < pe.id.length; k++) peRows[k] = pathEdge(c, ids, k);
  const vals = internedStrings(av.value);
  const avRows = new Array<AttributeValue>(av.instance.length);
  for (let k = 0; k < avRows.length; k++) avRows[k] = value(c, ids, vals, k);
  const relRows = new Array<Relation>(rl.from.length);
  for (let k = 0; k < relRows.length; k++) relRows[k] = relation(c, ids, k);

  // id tables from the ids' hashes (composite keys continue from the first id's state)
  const m0 = sc.mark();
  const h = sc.take(Math.max(nObj, ins.id.length, pe.id.length, avRows.length, relRows.length), true);
  const table = <T>(rows: T[], hashOf: (k: number) => number, src: 'id' | 'av' | 'rel'): { t: RowBase<T>; dups: boolean } => {
    for (let k = 0; k < rows.length; k++) h[k] = hashOf(k);
    const hs = h.subarray(0, rows.length);
    const built = src === 'id' ? buildIdTable({ rows: rows as unknown as { id: string }[] }, true, sc, hs)
      : buildIdTable({ rows, scheme: src === 'av' ? AV_KEY : REL_KEY }, src === 'av', sc, hs);
    return { t: { ids: built.table, rows }, dups: built.dups };
  };
  const name = av.name, type = rl.type;
  const no = table(noRows, (k) => hashEnd(st[k]), 'id');
  const oi = table(oiRows, (k) => hashEnd(st[ins.id[k]]), 'id');
  const pet = table(peRows, (k) => hashEnd(st[pe.id[k]]), 'id');
  const avt = table(avRows, (k) => hashEnd(hashChars(hashSep(st[av.instance[k]]), name.dict[name.codes[k]])), 'av');
  const relt = table(relRows, (k) => hashEnd(hashChars(hashSep(hashChars(hashSep(st[rl.from[k]]), ids[rl.to[k]])), type.dict[type.codes[k]])), 'rel');
  sc.release(m0);
  // a duplicate key (never sent by the server): createModel's rules for which row stays
  if (no.dups || oi.dups || pet.dups || avt.dups || relt.dups) return createModel({ ...modelInputFromColumns(c), ...types });

  // key rows of each reverse index's entries, from the row numbers
  const obj = (idNum: number) => (idNum < nObj ? idNum : -1);
  const instRow = rowOfId(nIds, ins.id);
  const keys = (n: number, f: (j: number) => number): Int32Array => { const a = sc.take(n, true); for (let j = 0; j < n; j++) a[j] = f(j); return a; };
  const ends = sc.take(2 * nObj, true).fill(-2);
  for (let k = 0; k < ed.id.length; k++) {
    const j = ed.id[k];
    ends[2 * j] = obj(ed.from[k]);
    if (ed.to[k] !== ed.from[k]) ends[2 * j + 1] = obj(ed.to[k]);
  }
  const edgeEnd = (j: number) => { const e = noRows[j >> 1].edge; return e ? ((j & 1) === 0 ? e.fromNodeId : e.toNodeId) : undefined; };
  const noIds: IdTable = no.t.ids, oiIds: IdTable = oi.t.ids;
  const relK = (j: number) => REL_KEY.key(relRows[j]);
  const avName = (j: number) => avRows[j].attributeTypeName;
  // values of an instance in name order: names compared by their rank in the (small) dictionary
  const rank = dictRanks(name.dict), byName = (a: number, b: number) => rank[name.codes[a]] - rank[name.codes[b]];
  const list = (keyIds: IdTable, n: number, keyOf: (j: number) => string | undefined, v: Parameters<typeof buildList>[3],
    cmp: (a: number, b: number) => number, kr: Int32Array) => ptable<string[]>(buildList(keyIds, n, keyOf, v, cmp, sc, undefined, kr));
  const same = (j: number) => j;
  const objectTypes: Record<string, ObjectType> = {};
  for (const t of types.objectTypes ?? []) objectTypes[t.id] = t;
  return {
    networkObjects: ptable(no.t), pathEdges: ptable(pet.t), objectInstances: ptable(oi.t), attributeValues: ptable(avt.t), relations: ptable(relt.t),
    edgesByNode: list(noIds, 2 * nObj, edgeEnd, { of: noIds, row: (j) => j >> 1 }, byString((j) => noRows[j >> 1].id), ends),
    instancesByObject: list(noIds, oiRows.length, (j) => oiRows[j].networkObjectId, { of: oiIds, row: same }, byString((j) => oiRows[j].id),
      keys(oiRows.length, (j) => obj(ins.object[j]))),
    pathEdgesByPath: list(noIds, peRows.length, (j) => peRows[j].pathId, { of: pet.t.ids, row: same }, (a, b) => comparePathEdges(peRows[a], peRows[b]),
      keys(peRows.length, (j) => obj(pe.path[j]))),
    pathEdgesByEdge: list(noIds, peRows.length, (j) => peRows[j].edgeId, { of: pet.t.ids, row: same }, byString((j) => peRows[j].id),
      keys(peRows.length, (j) => obj(pe.edge[j]))),
    relationsBySource: list(oiIds, relRows.length, (j) => relRows[j].fromId, { of: relt.t.ids, row: same }, byString(relK),
      keys(relRows.length, (j) => instRow[rl.from[j]])),
    relationsByTarget: list(oiIds, relRows.length, (j) => relRows[j].toId, { of: relt.t.ids, row: same }, byString(relK),
      keys(relRows.length, (j) => instRow[rl.to[j]])),
    valuesByInstance: list(oiIds, avRows.length, (j) => avRows[j].objectInstanceId, avName, byName,
      keys(avRows.length, (j) => instRow[av.instance[j]])),
    schema: { objectTypes, relationTypes: types.relationTypes ?? [] },
  };
}
