// Arrow IPC encoding of a network read (issue 15; layout: engine/network-arrow-schema.ts) from columns: a scan view
// (scan.ts, filled by COPY: scan-read.ts, or from the rows of a window read: scan-rows.ts) and the masks of what the answer keeps
// (scan-kept.ts). Every column is gathered with typed-array loops — no per-row object — and each table is one IPC
// stream. The ids table holds only the ids the answer uses (kept objects first, in scan order), lowercase UUIDs as
// their 16 bytes; attribute values are a dictionary of the distinct values the answer sends.
import {
  Bool, Dictionary, Field, FixedSizeBinary, FixedSizeList, Float64, Int32, List, RecordBatch, Schema, Struct, Table, Utf8, makeData, makeVector, tableToIPC,
  type Data, type DataType,
} from 'apache-arrow';
import { byteCodes } from '../../engine/utf8-column';
import { ARROW_TABLES, FORMAT_VERSION, META_FORMAT, META_OBJECTS, META_PROJECT, META_TABLE, type ArrowTableName } from '../../engine/network-arrow-schema';
import { EDGE, NODE, NO_SCENARIO, PATH, type NetworkScan } from './scan';
import type { ScanKept } from './scan-kept';

const I32 = new Int32(), F64 = new Float64();
const XY = new FixedSizeList(2, new Field('xy', F64, false));
const LINE = new List(new Field('vertices', XY, false));
const i32 = (a: Int32Array) => makeData({ type: I32, length: a.length, data: a });

/** Validity bitmap (bit set = value present), or nothing when every row has one. */
function bitmap(n: number, valid: (i: number) => boolean): { nullBitmap?: Uint8Array; nullCount: number } {
  let nulls = 0;
  const bits = new Uint8Array((n + 7) >> 3);
  for (let i = 0; i < n; i++) if (valid(i)) bits[i >> 3] |= 1 << (i & 7); else nulls++;
  return nulls ? { nullBitmap: bits, nullCount: nulls } : { nullCount: 0 };
}

/** Utf8 data of the rows `pick` of a bytes + offsets column. */
function utf8Gather(bytes: Uint8Array, off: Int32Array, pick: Int32Array, valid?: Uint8Array): Data<Utf8> {
  const o = new Int32Array(pick.length + 1);
  for (let k = 0; k < pick.length; k++) o[k + 1] = o[k] + off[pick[k] + 1] - off[pick[k]];
  const data = new Uint8Array(o[pick.length]);
  // runs of consecutive rows (most of a whole read: ids in numbering order, every value kept) are one copy each
  for (let k = 0; k < pick.length;) {
    let e = k + 1;
    while (e < pick.length && pick[e] === pick[e - 1] + 1) e++;
    const s = off[pick[k]], n = off[pick[e - 1] + 1] - s, at = o[k];
    if (n < 64) for (let i = 0; i < n; i++) data[at + i] = bytes[s + i];
    else data.set(bytes.subarray(s, s + n), at);
    k = e;
  }
  return makeData({ type: new Utf8(), length: pick.length, valueOffsets: o, data, ...bitmap(pick.length, (k) => !valid || valid[pick[k]] === 1) });
}

/** Dictionary-encoded utf8 of the rows `pick` (attribute values repeat: 176 000 distinct of 951 000 at 100 000
 *  edges): equal byte strings one word (engine byteCodes), words in order of first use; nulls code 0, bit cleared. */
function utf8DictGather(bytes: Uint8Array, off: Int32Array, pick: Int32Array, valid: Uint8Array | undefined, id: number): Data<Dictionary<Utf8, Int32>> {
  const { codes, first } = byteCodes(bytes, off, pick, valid ? (r) => valid[r] !== 1 : null, 1 << 30);
  for (let k = 0; k < codes.length; k++) if (codes[k] < 0) codes[k] = 0;
  const words = utf8Gather(bytes, off, Int32Array.from(first));
  return makeData({ type: new Dictionary(new Utf8(), I32, id), length: pick.length, data: codes, dictionary: makeVector(words), ...bitmap(pick.length, (k) => !valid || valid[pick[k]] === 1) });
}

/** Value of each byte as a lowercase hex digit, -1 for any other byte. */
const HEX = new Int8Array(256).fill(-1);
for (let d = 0; d < 16; d++) HEX['0123456789abcdef'.charCodeAt(d)] = d;

/** Writes the 16 bytes of the lowercase UUID text at b[s .. s + 36) to out[at ..]; false when the text is not one. */
function uuidBytes(b: Uint8Array, s: number, out: Uint8Array, at: number): boolean {
  for (let i = 0, k = at; i < 36;) {
    if (i === 8 || i === 13 || i === 18 || i === 23) { if (b[s + i] !== 45) return false; i++; continue; }
    const hi = HEX[b[s + i]], lo = HEX[b[s + i + 1]];
    if (hi < 0 || lo < 0) return false;
    out[k++] = (hi << 4) | lo;
    i += 2;
  }
  return true;
}

/** The ids table's columns for the ids `pick` of a bytes + offsets column: a lowercase UUID as its 16 bytes (`uuid`),
 *  any other id as text (`id`; each null where the other holds the id). */
function idColumns(bytes: Uint8Array, off: Int32Array, pick: Int32Array): [Data<Utf8>, Data<FixedSizeBinary>] {
  const n = pick.length, uu = new Uint8Array(16 * n), isU = new Uint8Array(n);
  const o = new Int32Array(n + 1);
  for (let k = 0; k < n; k++) {
    const s = off[pick[k]], e = off[pick[k] + 1];
    if (e - s === 36 && uuidBytes(bytes, s, uu, 16 * k)) isU[k] = 1;
    o[k + 1] = o[k] + (isU[k] ? 0 : e - s);
  }
  const text = new Uint8Array(o[n]);
  for (let k = 0; k < n; k++) if (!isU[k]) text.set(bytes.subarray(off[pick[k]], off[pick[k] + 1]), o[k]);
  return [
    makeData({ type: new Utf8(), length: n, valueOffsets: o, data: text, ...bitmap(n, (k) => isU[k] === 0) }),
    makeData({ type: new FixedSizeBinary(16), length: n, data: uu, ...bitmap(n, (k) => isU[k] === 1) }),
  ];
}

function dict(codes: Int32Array, values: string[], id: number): Data<Dictionary<Utf8, Int32>> {
  const b = values.map((v) => Buffer.from(v));
  const off = new Int32Array(b.length + 1);
  b.forEach((x, k) => { off[k + 1] = off[k] + x.length; });
  const words = makeData({ type: new Utf8(), length: b.length, valueOffsets: off, data: new Uint8Array(Buffer.concat(b)) });
  return makeData({ type: new Dictionary(new Utf8(), I32, id), length: codes.length, data: codes, dictionary: makeVector(words) });
}

function stream(name: ArrowTableName, cols: Data<DataType>[], meta: Map<string, string>, ext: Record<string, string> = {}): Uint8Array {
  const fields = ARROW_TABLES[name].map((c, k) => new Field(c, cols[k].type, name === 'ids' || ['scenario', 'length', 'value'].includes(c),
    ext[c] ? new Map([['ARROW:extension:name', ext[c]]]) : undefined));
  const length = cols[0].length;
  const batch = new RecordBatch(new Schema(fields, new Map([...meta, [META_TABLE, name]])), makeData({ type: new Struct(fields), length, children: cols }));
  return tableToIPC(new Table(batch), 'stream');
}

/** Row numbers where mask[i] (and `also(i)`) holds. */
function rows(mask: Uint8Array, also?: (i: number) => boolean): Int32Array {
  let n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i] && (!also || also(i))) n++;
  const out = new Int32Array(n);
  n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i] && (!also || also(i))) out[n++] = i;
  return out;
}

/** src[rows[k]] for each k, through `map` when given (plain loops: a mapping callback per row cost ≈ 0.2 s of a 100k-edge
 *  answer). */
function pick(src: Int32Array, rows: Int32Array, map?: Int32Array): Int32Array {
  const out = new Int32Array(rows.length);
  if (map) for (let k = 0; k < rows.length; k++) out[k] = map[src[rows[k]]];
  else for (let k = 0; k < rows.length; k++) out[k] = src[rows[k]];
  return out;
}

/** Objects of `kind` among the kept ones (row numbers). */
function ofKind(keep: Uint8Array, kinds: Uint8Array, kind: number): Int32Array {
  let n = 0;
  for (let o = 0; o < keep.length; o++) if (keep[o] && kinds[o] === kind) n++;
  const out = new Int32Array(n);
  n = 0;
  for (let o = 0; o < keep.length; o++) if (keep[o] && kinds[o] === kind) out[n++] = o;
  return out;
}

/** The answer as concatenated Arrow IPC streams (ids, nodes, edges, paths, pathEdges, instances, values, relations). */
export function encodeScanArrow(s: NetworkScan, k: ScanKept): Buffer {
  // the answer's ids: kept objects, sent instances, path edges of kept paths, other instances relations name
  const map = new Int32Array(s.ids.size).fill(-1);
  const order: number[] = [];
  const use = (id: number) => { if (map[id] < 0) { map[id] = order.length; order.push(id); } return map[id]; };
  /** use(src[rows[k]]) for each k. */
  const pickUse = (src: Int32Array, rows: Int32Array) => { const out = new Int32Array(rows.length); for (let k = 0; k < rows.length; k++) out[k] = use(src[rows[k]]); return out; };
  const objRows = rows(k.obj);
  for (const o of objRows) use(o);
  const instRows = rows(k.inst);
  for (const r of instRows) use(s.inst.id[r]);
  const peRows = rows(k.pe);
  for (const r of peRows) use(s.pe.id[r]);
  const relRows = rows(k.rel);
  const relFrom = pickUse(s.rels.from, relRows), relTo = pickUse(s.rels.to, relRows);
  const nodes = ofKind(k.obj, s.kind, NODE), edges = ofKind(k.obj, s.kind, EDGE), paths = ofKind(k.obj, s.kind, PATH);
  const scen = (l: Int32Array) => {
    const v = new Int32Array(l.length);
    for (let j = 0; j < l.length; j++) { const x = s.scenario[l[j]]; v[j] = x === NO_SCENARIO ? 0 : x; }
    return makeData({ type: I32, length: l.length, data: v, ...bitmap(l.length, (j) => s.scenario[l[j]] !== NO_SCENARIO) });
  };
  const idsOf = (l: Int32Array) => { const out = new Int32Array(l.length); for (let j = 0; j < l.length; j++) out[j] = map[l[j]]; return i32(out); };
  // coordinates: nodes one x,y each; edges their lines (GeoArrow interleaved, vertex offsets)
  const nodeXY = new Float64Array(nodes.length * 2);
  for (let j = 0; j < nodes.length; j++) { const v = 2 * s.vStart[nodes[j]]; nodeXY[2 * j] = s.xy[v]; nodeXY[2 * j + 1] = s.xy[v + 1]; }
  const vOff = new Int32Array(edges.length + 1);
  for (let j = 0; j < edges.length; j++) vOff[j + 1] = vOff[j] + s.vCount[edges[j]];
  const edgeXY = new Float64Array(vOff[edges.length] * 2);
  for (let j = 0; j < edges.length; j++) {
    const o = edges[j];
    for (let a = 2 * s.vStart[o], b = a + 2 * s.vCount[o], at = 2 * vOff[j]; a < b; a++, at++) edgeXY[at] = s.xy[a];
  }
  const twoWay = new Uint8Array((edges.length + 7) >> 3);
  for (let j = 0; j < edges.length; j++) if (s.twoWay[edges[j]]) twoWay[j >> 3] |= 1 << (j & 7);
  const valRows = rows(k.value);
  const meta = new Map([[META_FORMAT, FORMAT_VERSION], [META_PROJECT, String(s.projectId)], [META_OBJECTS, String(objRows.length)]]);
  const parts = [
    stream('nodes', [idsOf(nodes), scen(nodes), makeData({ type: XY, length: nodes.length, child: makeData({ type: F64, length: nodeXY.length, data: nodeXY }) })], meta, { geometry: 'geoarrow.point' }),
    stream('edges', [idsOf(edges), scen(edges), i32(pickUse(s.from, edges)), i32(pickUse(s.to, edges)),
      makeData({ type: new Bool(), length: edges.length, data: twoWay }),
      makeData({ type: F64, length: edges.length, data: Float64Array.from(edges, (o) => (Number.isNaN(s.length[o]) ? 0 : s.length[o])), ...bitmap(edges.length, (j) => !Number.isNaN(s.length[edges[j]])) }),
      makeData({ type: LINE, length: edges.length, valueOffsets: vOff, child: makeData({ type: XY, length: vOff[edges.length], child: makeData({ type: F64, length: edgeXY.length, data: edgeXY }) }) })],
    meta, { geometry: 'geoarrow.linestring' }),
    stream('paths', [idsOf(paths), scen(paths)], meta),
    stream('pathEdges', [i32(pick(s.pe.id, peRows, map)), i32(pick(s.pe.path, peRows, map)),
      i32(pickUse(s.pe.edge, peRows)), i32(pickUse(s.pe.start, peRows)),
      makeData({ type: F64, length: peRows.length, data: Float64Array.from(peRows, (r) => s.pe.seq[r]) })], meta),
    stream('instances', [i32(pick(s.inst.id, instRows, map)), i32(pick(s.inst.object, instRows, map)), i32(pick(s.inst.type, instRows))], meta),
    stream('values', [i32(pick(s.values.inst, valRows, map)), dict(pick(s.values.name, valRows), s.values.names, 0),
      utf8DictGather(s.values.text.bytes.a, s.values.text.offsets.done(), valRows, s.values.text.valid.done(), 1)], meta),
    stream('relations', [i32(relFrom), i32(relTo), dict(pick(s.rels.type, relRows), s.rels.types, 1)], meta),
  ];
  const ids = stream('ids', idColumns(s.ids.bytes, s.ids.offsets, Int32Array.from(order)), meta);
  return Buffer.concat([ids, ...parts]);
}
