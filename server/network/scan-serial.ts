// A ScanStore (scan.ts) as one byte string and back (issue 15: columns kept in the database per version,
// scan-stored.ts). Layout: "NPSC", a uint32 header length, a JSON header (format, byte order, scope, the columns' names,
// types and lengths), then every column's bytes as the typed array holds them (host byte order, each padded to 8
// bytes). Reading makes each column a view into the bytes read (the id tables' hashes are built when first needed); a header
// of another format, byte order or scope is refused (undefined), and the caller reads the rows afresh.
import { ByteIds } from './byte-ids';
import type { Grow } from './copy-binary';
import { ScanStore } from './scan';

const MAGIC = 0x4353504e; // "NPSC" little-endian
const FORMAT = 1;
const LE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
type Arr = Int32Array | Float64Array | Uint8Array;
const TYPES: Record<string, new (n: number) => Arr> = { i32: Int32Array, f64: Float64Array, u8: Uint8Array };
const typeOf = (a: Arr) => (a instanceof Int32Array ? 'i32' : a instanceof Float64Array ? 'f64' : 'u8');

/** The store's growable columns by name (the order is the layout's). */
function grows(s: ScanStore): [string, Grow<Arr>][] {
  const { inst: I, pe: P, values: V, rels: R } = s;
  return Object.entries({
    kind: s.kind, scenario: s.scenario, from: s.from, to: s.to, twoWay: s.twoWay, length: s.length, vStart: s.vStart, vCount: s.vCount, xy: s.xy,
    'inst.id': I.id, 'inst.object': I.object, 'inst.type': I.type, 'inst.dead': I.dead,
    'pe.id': P.id, 'pe.path': P.path, 'pe.edge': P.edge, 'pe.start': P.start, 'pe.seq': P.seq, 'pe.dead': P.dead,
    'values.inst': V.inst, 'values.name': V.name, 'values.dead': V.dead,
    'values.text.bytes': V.text.bytes, 'values.text.offsets': V.text.offsets, 'values.text.valid': V.text.valid,
    'rels.from': R.from, 'rels.to': R.to, 'rels.type': R.type, 'rels.dead': R.dead,
  }) as [string, Grow<Arr>][];
}

/** The id tables by name. */
const tables = (s: ScanStore): [string, ByteIds][] => [['ids', s.ids], ['values.names', s.values.names], ['rels.types', s.rels.types]];

const pad8 = (n: number) => (n + 7) & ~7;

/** The store as bytes (a copy: the store may change after). */
export function serializeScan(s: ScanStore): Buffer {
  const cols: { name: string; type: string; length: number; a: Arr }[] = [];
  for (const [name, g] of grows(s)) cols.push({ name, type: typeOf(g.a), length: g.length, a: g.a.subarray(0, g.length) as Arr });
  for (const [name, t] of tables(s)) {
    cols.push({ name: `${name}.bytes`, type: 'u8', length: t.byteLength, a: t.bytes.subarray(0, t.byteLength) });
    cols.push({ name: `${name}.offsets`, type: 'i32', length: t.size + 1, a: t.offsets.subarray(0, t.size + 1) });
  }
  const header = Buffer.from(JSON.stringify({
    format: FORMAT, le: LE, projectId: s.projectId, scenarioId: s.scenarioId ?? null, deadRows: s.deadRows, textNulls: s.values.text.nulls,
    sizes: Object.fromEntries(tables(s).map(([n, t]) => [n, t.size])), cols: cols.map(({ name, type, length }) => [name, type, length]),
  }));
  const start = pad8(8 + header.length);
  let size = start;
  for (const c of cols) size += pad8(c.a.byteLength);
  const out = Buffer.alloc(size);
  out.writeUInt32LE(MAGIC, 0);
  out.writeUInt32LE(header.length, 4);
  header.copy(out, 8);
  let at = start;
  for (const c of cols) {
    out.set(new Uint8Array(c.a.buffer, c.a.byteOffset, c.a.byteLength), at);
    at += pad8(c.a.byteLength);
  }
  return out;
}

interface Header {
  format: number; le: boolean; projectId: number; scenarioId: number | null; deadRows: number; textNulls: number;
  sizes: Record<string, number>; cols: [string, string, number][];
}

/** The store `bytes` hold, or undefined when they are of another format, byte order or scope. */
export function deserializeScan(bytes: Uint8Array, projectId: number, scenarioId: number | undefined): ScanStore | undefined {
  if (bytes.length < 8) return undefined;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== MAGIC) return undefined;
  const hl = dv.getUint32(4, true);
  const h = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 8, hl).toString()) as Header;
  if (h.format !== FORMAT || h.le !== LE || h.projectId !== projectId || (h.scenarioId ?? undefined) !== scenarioId) return undefined;
  const s = new ScanStore(projectId, scenarioId);
  const want = grows(s);
  const names = [...want.map(([n]) => n), ...tables(s).flatMap(([n]) => [`${n}.bytes`, `${n}.offsets`])];
  if (h.cols.length !== names.length || h.cols.some(([n], i) => n !== names[i])) return undefined;
  const read = new Map<string, Arr>();
  let at = pad8(8 + hl);
  for (const [name, type, length] of h.cols) {
    const T = TYPES[type] as unknown as { new (b: ArrayBufferLike, o: number, n: number): Arr; new (n: number): Arr; BYTES_PER_ELEMENT: number };
    const n = length * T.BYTES_PER_ELEMENT;
    if (at + n > bytes.length) return undefined;
    // views into `bytes` where they are aligned (a growing column moves to an array of its own), else copies
    let a: Arr;
    if ((bytes.byteOffset + at) % 8 === 0) a = new T(bytes.buffer, bytes.byteOffset + at, length);
    else { a = new T(length); new Uint8Array(a.buffer).set(bytes.subarray(at, at + n)); }
    at += pad8(n);
    read.set(name, a);
  }
  for (const [name, g] of want) {
    const a = read.get(name)!;
    if (typeOf(a) !== typeOf(g.a)) return undefined;
    g.a = a;
    g.length = h.cols[names.indexOf(name)][2];
  }
  const table = (n: string) => ByteIds.fromArena(read.get(`${n}.bytes`) as Uint8Array<ArrayBuffer>, read.get(`${n}.offsets`) as Int32Array<ArrayBuffer>, h.sizes[n]);
  s.ids = table('ids');
  s.values.names = table('values.names');
  s.rels.types = table('rels.types');
  s.deadRows = h.deadRows;
  s.values.text.nulls = h.textNulls;
  return s;
}
