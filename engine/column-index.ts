// The typed-array half of building the model from an Arrow read's columns (issue 15): the slots of the five id tables
// and the plans of the seven reverse indexes (engine/build.ts ListPlan), computed from the columns and the ids' text
// alone — no row objects — so that a Web Worker can compute them beside the main thread making the rows, and hand
// them over as transferable Int32Arrays (src/api/network-index.worker.ts). Every reference of the answer is a row
// number into its id table: each id is hashed once, and each index entry's key is a dense row found from the numbers.
import { buildIdTable, hashChars, hashEnd, hashSep, hashStart, type RowKey } from './id-table';
import { listPlan, type ListPlan } from './build';
import { strings, type NetworkColumns } from './network-arrow';
import { Scratch } from './scratch';
import { int32Array } from './typed';
import type { LIST_TABLES, ROW_TABLES } from './segments';

export interface ColumnIndex {
  /** Rows it was computed for: ids, objects, instances, path edges, values, relations (indexCounts). */
  counts: number[];
  /** Whether some key occurs twice (never in a server answer): the model is then built by createModel's rules. */
  dups: boolean;
  /** Id-table slots of each row table (engine/id-table.ts; cap = length / 2), rows in the order modelFromColumns makes them. */
  slots: Record<(typeof ROW_TABLES)[number], Int32Array>;
  lists: Record<(typeof LIST_TABLES)[number], ListPlan>;
}

/** Rank of each dictionary entry in string order (equal strings, equal rank). */
export function dictRanks(dict: readonly string[]): Int32Array {
  const order = dict.map((_, i) => i).sort((a, b) => (dict[a] < dict[b] ? -1 : dict[a] > dict[b] ? 1 : 0));
  const out = new Int32Array(dict.length);
  for (let k = 1; k < order.length; k++) out[order[k]] = out[order[k - 1]] + (dict[order[k]] === dict[order[k - 1]] ? 0 : 1);
  return out;
}

const cmpStr = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The answer's ids as text, each a flat string of its own. (Decoding the column in one piece and slicing it was ≈ 3×
 *  faster here, but every later lookup paid for the slices: hashing an id ≈ 40 % slower, comparing two 3–4×.) */
export const columnIds = (c: NetworkColumns): string[] => strings(c.ids) as string[];

/** Rows of an answer the index must have been computed for. */
export const indexCounts = (c: NetworkColumns): number[] =>
  [c.ids.offsets.length - 1, c.objects, c.instances.id.length, c.pathEdges.id.length, c.values.instance.length, c.relations.from.length];

/** The index of the answer; `ids`: its ids' text when the caller has it. */
export function columnIndex(c: NetworkColumns, ids: readonly string[] = columnIds(c)): ColumnIndex {
  const nIds = ids.length, nObj = c.objects;
  const ins = c.instances, pe = c.pathEdges, av = c.values, rl = c.relations, ed = c.edges;
  const nIns = ins.id.length, nPe = pe.id.length, nAv = av.instance.length, nRel = rl.from.length;
  const sc = new Scratch();
  sc.reserve(4 * Math.max(4 * nObj, 3 * nAv, 3 * nRel, nIds) + 4096);
  const st = int32Array(nIds);
  for (let i = 0; i < nIds; i++) st[i] = hashChars(hashStart, ids[i]);

  // id tables: hashes from the ids' states (composite keys go on from the first id's state); keys compared as text
  // only where two hashes meet
  let dups = false;
  const names = av.name, types = rl.type;
  const avKey = (j: number) => `${ids[av.instance[j]]}\u0001${names.dict[names.codes[j]]}`;
  const relKey = (j: number) => `${ids[rl.from[j]]}\u0001${ids[rl.to[j]]}\u0001${types.dict[types.codes[j]]}`;
  const byEntry = (n: number, hashOf: (j: number) => number, key: (j: number) => string, later: boolean): Int32Array => {
    const m0 = sc.mark(), hs = sc.take(n, true), entries = sc.take(n, true);
    for (let j = 0; j < n; j++) { hs[j] = hashOf(j); entries[j] = j; }
    const scheme: RowKey = { key: (j) => key(j as number), hash: (j) => hs[j as number], matches: (j, k) => key(j as number) === k };
    const built = buildIdTable({ rows: entries as unknown as readonly unknown[], scheme }, later, sc, hs);
    sc.release(m0);
    dups ||= built.dups;
    return built.table.slots;
  };
  const byId = (idNums: Int32Array | null, n: number): Int32Array =>
    byEntry(n, (j) => hashEnd(st[idNums ? idNums[j] : j]), (j) => ids[idNums ? idNums[j] : j], true);
  const slots = {
    networkObjects: byId(null, nObj), objectInstances: byId(ins.id, nIns), pathEdges: byId(pe.id, nPe),
    attributeValues: byEntry(nAv, (j) => hashEnd(hashChars(hashSep(st[av.instance[j]]), names.dict[names.codes[j]])), avKey, true),
    relations: byEntry(nRel, (j) => hashEnd(hashChars(hashSep(hashChars(hashSep(st[rl.from[j]]), ids[rl.to[j]])), types.dict[types.codes[j]])), relKey, false),
  };

  // reverse indexes: each entry's key as a dense row (objects: dense row = id number; instances: column order)
  const obj = (idNum: number) => (idNum < nObj ? idNum : -1);
  const instRow = int32Array(nIds).fill(-1);
  for (let k = 0; k < nIns; k++) instRow[ins.id[k]] = k;
  const plan = (nKeys: number, n: number, keyRow: (j: number) => number, cmp: (a: number, b: number) => number): ListPlan => {
    const m0 = sc.mark(), kix = sc.take(n, true);
    for (let j = 0; j < n; j++) kix[j] = keyRow(j);
    const p = listPlan(nKeys, n, kix, cmp, sc);
    sc.release(m0);
    return p;
  };
  const ends = int32Array(2 * nObj).fill(-2);
  for (let k = 0; k < ed.id.length; k++) {
    const j = ed.id[k];
    ends[2 * j] = obj(ed.from[k]);
    if (ed.to[k] !== ed.from[k]) ends[2 * j + 1] = obj(ed.to[k]); // a self-loop is listed once
  }
  const rank = dictRanks(names.dict);
  const byRel = (a: number, b: number) => cmpStr(relKey(a), relKey(b));
  return {
    counts: indexCounts(c), dups, slots,
    lists: {
      edgesByNode: plan(nObj, 2 * nObj, (j) => ends[j], (a, b) => cmpStr(ids[a >> 1], ids[b >> 1])),
      instancesByObject: plan(nObj, nIns, (j) => obj(ins.object[j]), (a, b) => cmpStr(ids[ins.id[a]], ids[ins.id[b]])),
      pathEdgesByPath: plan(nObj, nPe, (j) => obj(pe.path[j]), (a, b) => pe.position[a] - pe.position[b] || cmpStr(ids[pe.id[a]], ids[pe.id[b]])),
      pathEdgesByEdge: plan(nObj, nPe, (j) => obj(pe.edge[j]), (a, b) => cmpStr(ids[pe.id[a]], ids[pe.id[b]])),
      relationsBySource: plan(nIns, nRel, (j) => instRow[rl.from[j]], byRel),
      relationsByTarget: plan(nIns, nRel, (j) => instRow[rl.to[j]], byRel),
      valuesByInstance: plan(nIns, nAv, (j) => instRow[av.instance[j]], (a, b) => rank[names.codes[a]] - rank[names.codes[b]]),
    },
  };
}

/** The ArrayBuffers of an index (to transfer with it; shared ones travel as they are). */
export function indexBuffers(x: ColumnIndex): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const add = (a: Int32Array | null) => { if (a && a.buffer instanceof ArrayBuffer) out.add(a.buffer); };
  for (const s of Object.values(x.slots)) add(s);
  for (const p of Object.values(x.lists)) { add(p.offsets); add(p.order); add(p.sparse); add(p.extra); }
  return [...out];
}
