// The network of a project (one scenario scope) held as columns (issue 15). Ids are numbered once in a byte-keyed
// table (ByteIds) and never renumbered; network objects are addressed by their id's number (kind 0: not a live object),
// instances, path edges, values and relations are rows with a tombstone mask. A ScanStore is filled by binary COPYs
// (scan-read.ts) or from rows (scan-rows.ts), and patched in place from the change log: the rows of changed objects
// die and are read again. What an answer keeps (filter, closure) is decided on a view of it (scan-kept.ts).
import { ByteIds } from './byte-ids';
import { Grow, TextSink } from './copy-binary';

/** Scenario value of base objects (NULL in the database). */
export const NO_SCENARIO = -2147483648;
/** Kind codes. */
export const NODE = 1, EDGE = 2, PATH = 3;

/** The scan cannot answer this read exactly (references outside the scope): the caller uses the row read instead. */
export class ScanFallback extends Error {}

/** A consistent view of a store: plain typed arrays (object columns indexed by id number, `n` = ids.size). */
export interface NetworkScan {
  projectId: number;
  ids: ByteIds;
  n: number;
  kind: Uint8Array; scenario: Int32Array; from: Int32Array; to: Int32Array; twoWay: Uint8Array; length: Float64Array;
  /** geometry: vCount x,y pairs from vertex vStart in xy (nodes one, edges their line, paths none) */
  vStart: Int32Array; vCount: Int32Array; xy: Float64Array;
  inst: { id: Int32Array; object: Int32Array; type: Int32Array; dead: Uint8Array };
  pe: { id: Int32Array; path: Int32Array; edge: Int32Array; start: Int32Array; seq: Float64Array; dead: Uint8Array };
  values: { inst: Int32Array; name: Int32Array; names: string[]; text: TextSink; dead: Uint8Array };
  rels: { from: Int32Array; to: Int32Array; type: Int32Array; types: string[]; dead: Uint8Array };
}

const i32 = () => new Grow(new Int32Array(1024));
const u8 = () => new Grow(new Uint8Array(1024));
const f64 = () => new Grow(new Float64Array(1024));

/** Sets a[i] = v, growing (zero-filled) as needed. */
function put<T extends Int32Array | Float64Array | Uint8Array>(g: Grow<T>, i: number, v: number): void {
  if (i >= g.a.length) g.grow(i + 1);
  if (i >= g.length) g.length = i + 1;
  g.a[i] = v;
}

export class ScanStore {
  ids = new ByteIds();
  kind = u8(); scenario = i32(); from = i32(); to = i32(); twoWay = u8(); length = f64(); vStart = i32(); vCount = i32();
  xy = new Grow(new Float64Array(1 << 14));
  inst = { id: i32(), object: i32(), type: i32(), dead: u8() };
  pe = { id: i32(), path: i32(), edge: i32(), start: i32(), seq: f64(), dead: u8() };
  values = { inst: i32(), name: i32(), names: new ByteIds(), text: new TextSink(), dead: u8() };
  rels = { from: i32(), to: i32(), type: i32(), types: new ByteIds(), dead: u8() };
  /** Rows that died since the store was filled (patches), and rows in all. */
  deadRows = 0;
  constructor(readonly projectId: number, readonly scenarioId?: number) {}

  get rows(): number { return this.inst.id.length + this.pe.id.length + this.values.inst.length + this.rels.from.length; }

  /** Sets the object of id number `k` (kind NODE, EDGE or PATH; geometry already appended to xy at vStart). */
  setObject(k: number, kind: number, scenario: number, from: number, to: number, twoWay: number, length: number, vStart: number, vCount: number): void {
    put(this.kind, k, kind); put(this.scenario, k, scenario); put(this.from, k, from); put(this.to, k, to);
    put(this.twoWay, k, twoWay); put(this.length, k, length); put(this.vStart, k, vStart); put(this.vCount, k, vCount);
  }

  /** Kills the rows of the objects `touched` (id numbers): the objects, their instances, the values and relations
   *  of those instances, their path edges. They are read again by the caller (changed) or stay gone (deleted). */
  kill(touched: Set<number>): void {
    const n = this.ids.size;
    const hit = new Uint8Array(n);
    for (const k of touched) if (k < n) { hit[k] = 1; if (k < this.kind.length) this.kind.a[k] = 0; }
    const instHit = new Uint8Array(n);
    const die = (dead: Grow<Uint8Array>, r: number) => { if (r >= dead.length) put(dead, r, 0); if (!dead.a[r]) { dead.a[r] = 1; this.deadRows++; } };
    const I = this.inst;
    for (let r = 0; r < I.id.length; r++) if (hit[I.object.a[r]]) { die(I.dead, r); instHit[I.id.a[r]] = 1; }
    const P = this.pe;
    for (let r = 0; r < P.id.length; r++) if (hit[P.path.a[r]]) die(P.dead, r);
    const V = this.values;
    for (let r = 0; r < V.inst.length; r++) { const i = V.inst.a[r]; if (i >= 0 && instHit[i]) die(V.dead, r); }
    const R = this.rels;
    for (let r = 0; r < R.from.length; r++) { const a = R.from.a[r], b = R.to.a[r]; if ((a >= 0 && instHit[a]) || (b >= 0 && instHit[b])) die(R.dead, r); }
  }

  /** The columns as they are now (views; valid until the next fill or patch). */
  view(): NetworkScan {
    const n = this.ids.size;
    const obj = <T extends Int32Array | Float64Array | Uint8Array>(g: Grow<T>) => { if (g.a.length < n) g.grow(n); return g.a.subarray(0, n) as T; };
    const rows = <T extends Int32Array | Float64Array | Uint8Array>(g: Grow<T>) => g.done();
    const dead = (g: Grow<Uint8Array>, len: number) => { if (g.a.length < len) g.grow(len); return g.a.subarray(0, len); };
    const names = (b: ByteIds) => Array.from({ length: b.size }, (_, k) => b.string(k));
    return {
      projectId: this.projectId, ids: this.ids, n,
      kind: obj(this.kind), scenario: obj(this.scenario), from: obj(this.from), to: obj(this.to), twoWay: obj(this.twoWay), length: obj(this.length),
      vStart: obj(this.vStart), vCount: obj(this.vCount), xy: this.xy.done(),
      inst: { id: rows(this.inst.id), object: rows(this.inst.object), type: rows(this.inst.type), dead: dead(this.inst.dead, this.inst.id.length) },
      pe: { id: rows(this.pe.id), path: rows(this.pe.path), edge: rows(this.pe.edge), start: rows(this.pe.start), seq: rows(this.pe.seq), dead: dead(this.pe.dead, this.pe.id.length) },
      values: { inst: rows(this.values.inst), name: rows(this.values.name), names: names(this.values.names), text: this.values.text, dead: dead(this.values.dead, this.values.inst.length) },
      rels: { from: rows(this.rels.from), to: rows(this.rels.to), type: rows(this.rels.type), types: names(this.rels.types), dead: dead(this.rels.dead, this.rels.from.length) },
    };
  }
}
