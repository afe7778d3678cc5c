// The typed-array half of building the model from an Arrow read's columns (issue 15): the slots of the five id tables
// and the plans of the seven reverse indexes (engine/build.ts ListPlan), computed from the columns and the ids' text
// alone — no row objects — so that a Web Worker can compute them beside the main thread making the rows, and hand
// them over as transferable Int32Arrays (src/api/network-index.worker.ts). Every reference of the answer is a row
// number into its id table: each id is hashed once, and each index entry's key is a dense row found from the numbers.
import { hashEnd } from './id-table';
import { listPlan, type ListPlan } from './build';
import { idStrings, type NetworkColumns } from './network-arrow';
import { columnIdText, stringIdText, type IdText } from './id-text';
import { entrySlots, idStates, keysSplit, planHasTwins, relationSlots, valueSlots, type KeySlots, type KeyTable } from './key-slots';
import { Scratch } from './scratch';
import { int32Array } from './typed';
import type { LIST_TABLES, ROW_TABLES } from './segments';

export interface ColumnIndex {
  /** Rows it was computed for: ids, objects, instances, path edges, values, relations (indexCounts). */
  counts: number[];
  /** Whether some key occurs twice (never in a server answer): the model is then built by createModel's rules. */
  dups: boolean;
  /** Id-table slots of each row table (engine/id-table.ts; cap = length / 2), rows in the order modelFromColumns makes
   *  them; the values' and relations' null where they come later (key-slots.ts: `keysLater`, else computed when needed). */
  slots: Record<Exclude<(typeof ROW_TABLES)[number], KeyTable>, Int32Array> & { [T in KeyTable]: Int32Array | null };
  lists: Record<(typeof LIST_TABLES)[number], ListPlan>;
  /** Where the values' and relations' slots come later: them, once here (null: not coming). Set by the thread that
   *  receives the index (src/api/network-index.ts), not sent. */
  keysLater?: Promise<Partial<KeySlots> | null>;
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
export const columnIds = (c: NetworkColumns): string[] => idStrings(c.ids, c.uuids);

/** Rows of an answer the index must have been computed for. */
export const indexCounts = (c: NetworkColumns): number[] =>
  [c.ids.offsets.length - 1, c.objects, c.instances.id.length, c.pathEdges.id.length, c.values.instance.length, c.relations.from.length];

/** The index of the answer; `ids`: its ids' text when the caller has it (else hashed and ordered from the columns). */
export function columnIndex(c: NetworkColumns, ids?: readonly string[]): ColumnIndex {
  return columnIndexer(ids ? stringIdText(ids) : columnIdText(c.ids, c.uuids), c.objects).done(c);
}

type Lists = ColumnIndex['lists'];

/**
 * The index computed table by table as an answer arrives (the worker of a streamed read: network-index.worker.ts):
 * made once the ids are known (id-text.ts: from the columns, no string per UUID), `take` computes what a just completed
 * table allows — its id table's slots and the reverse indexes keyed by it — and `done` the rest; the result is
 * columnIndex's. `objects`: the answer's object count. `keysLater`: the values' and relations' slots are left out of
 * `done`'s index (null; their duplicates found from the lists' order) and computed by `keySlots` (those left out only)
 * — the worker sends them after the index (key-slots.ts).
 */
export function columnIndexer(ids: IdText, objects: number, keysLater = false): { take(name: string, c: NetworkColumns): void; done(c: NetworkColumns): ColumnIndex; keySlots(c: NetworkColumns): Partial<KeySlots> } {
  const nIds = ids.size, nObj = objects;
  const sc = new Scratch();
  sc.reserve(4 * Math.max(4 * nObj, nIds) + 4096);
  const st = idStates(ids);
  const slots: Partial<ColumnIndex['slots']> = {}, lists: Partial<Lists> = {};
  let dups = false, instRow: Int32Array | null = null, split: boolean | null = null;

  // id tables: hashes from the ids' states (composite keys go on from the first id's state); keys compared as text
  // only where two hashes meet
  const byId = (idNums: Int32Array | null, n: number): Int32Array => {
    const r = entrySlots(n, (j) => hashEnd(st[idNums ? idNums[j] : j]), (j) => ids.text(idNums ? idNums[j] : j), true, sc);
    dups ||= r.dups;
    return r.slots;
  };
  // the values' or relations' slots now, or (keysLater, plan without keys outside the table, no separator in a key's
  // parts) later, their duplicates found from the plan's order
  const keyTable = (c: NetworkColumns, t: KeyTable, p: ListPlan, cmp: (a: number, b: number) => number) => {
    if (keysLater && p.extra.length === 0 && !(split ??= keysSplit(c))) { slots[t] = null; dups ||= planHasTwins(p, cmp); return; }
    const r = (t === 'attributeValues' ? valueSlots : relationSlots)(c, ids, st, sc);
    slots[t] = r.slots;
    dups ||= r.dups;
  };
  // reverse indexes: each entry's key as a dense row (objects: dense row = id number; instances: column order)
  const obj = (idNum: number) => (idNum < nObj ? idNum : -1);
  const plan = (nKeys: number, n: number, keyRow: (j: number) => number, cmp: (a: number, b: number) => number): ListPlan => {
    const m0 = sc.mark(), kix = sc.take(n, true);
    for (let j = 0; j < n; j++) kix[j] = keyRow(j);
    const p = listPlan(nKeys, n, kix, cmp, sc);
    sc.release(m0);
    return p;
  };
  const rowsOfInstances = (c: NetworkColumns) => {
    if (instRow) return instRow;
    const ins = c.instances, r = int32Array(nIds).fill(-1);
    for (let k = 0; k < ins.id.length; k++) r[ins.id[k]] = k;
    return (instRow = r);
  };
  const nInsOf = (c: NetworkColumns) => c.instances.id.length;
  slots.networkObjects = byId(null, nObj); // needs the ids alone

  const parts: Record<string, (c: NetworkColumns) => void> = {
    edges(c) {
      const ed = c.edges, ends = int32Array(2 * nObj).fill(-2);
      for (let k = 0; k < ed.id.length; k++) {
        const j = ed.id[k];
        ends[2 * j] = obj(ed.from[k]);
        if (ed.to[k] !== ed.from[k]) ends[2 * j + 1] = obj(ed.to[k]); // a self-loop is listed once
      }
      lists.edgesByNode = plan(nObj, 2 * nObj, (j) => ends[j], (a, b) => ids.cmp(a >> 1, b >> 1));
    },
    instances(c) {
      const ins = c.instances;
      slots.objectInstances = byId(ins.id, ins.id.length);
      rowsOfInstances(c);
      lists.instancesByObject = plan(nObj, ins.id.length, (j) => obj(ins.object[j]), (a, b) => ids.cmp(ins.id[a], ins.id[b]));
    },
    pathEdges(c) {
      const pe = c.pathEdges;
      slots.pathEdges = byId(pe.id, pe.id.length);
      lists.pathEdgesByPath = plan(nObj, pe.id.length, (j) => obj(pe.path[j]), (a, b) => pe.position[a] - pe.position[b] || ids.cmp(pe.id[a], pe.id[b]));
      lists.pathEdgesByEdge = plan(nObj, pe.id.length, (j) => obj(pe.edge[j]), (a, b) => ids.cmp(pe.id[a], pe.id[b]));
    },
    values(c) {
      const av = c.values, names = av.name, ir = rowsOfInstances(c), rank = dictRanks(names.dict);
      const byName = (a: number, b: number) => rank[names.codes[a]] - rank[names.codes[b]];
      lists.valuesByInstance = plan(nInsOf(c), av.instance.length, (j) => ir[av.instance[j]], byName);
      keyTable(c, 'attributeValues', lists.valuesByInstance, byName);
    },
    relations(c) {
      const rl = c.relations, ir = rowsOfInstances(c);
      // the order of the keys' text (from \u0001 to \u0001 type), compared part by part: no key made per comparison
      const tn = rl.type.dict, tc = rl.type.codes;
      const byRel = (a: number, b: number) => ids.cmp(rl.from[a], rl.from[b]) || ids.cmp(rl.to[a], rl.to[b]) || cmpStr(tn[tc[a]], tn[tc[b]]);
      lists.relationsBySource = plan(nInsOf(c), rl.from.length, (j) => ir[rl.from[j]], byRel);
      lists.relationsByTarget = plan(nInsOf(c), rl.from.length, (j) => ir[rl.to[j]], byRel);
      keyTable(c, 'relations', lists.relationsBySource, byRel);
    },
  };
  const taken = new Set<string>();
  // values and relations key their lists by instance rows: they wait for the instances (the server sends those first)
  const take = (name: string, c: NetworkColumns) => {
    if (!parts[name] || taken.has(name) || ((name === 'values' || name === 'relations') && !taken.has('instances'))) return;
    taken.add(name);
    parts[name](c);
  };
  return {
    take,
    done(c) {
      for (const name of ['edges', 'instances', 'pathEdges', 'values', 'relations']) take(name, c);
      return {
        counts: indexCounts(c), dups,
        slots: {
          networkObjects: slots.networkObjects!, objectInstances: slots.objectInstances!, pathEdges: slots.pathEdges!,
          attributeValues: slots.attributeValues ?? null, relations: slots.relations ?? null,
        },
        lists: lists as Lists,
      };
    },
    keySlots(c) {
      const out: Partial<KeySlots> = {};
      if (slots.attributeValues === null) out.attributeValues = valueSlots(c, ids, st, sc).slots;
      if (slots.relations === null) out.relations = relationSlots(c, ids, st, sc).slots;
      return out;
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
