// Arrow IPC encoding of a network read (issue 15; layout: engine/network-arrow-schema.ts): the rows of a read (the
// same RowSet the JSON writer takes, read-json.ts, so both forms carry the same objects, instances, values, relations
// and path edges) become typed columns filled in one pass per table — no per-row JSON, no per-row Arrow objects — and
// are written as one IPC stream per table. Ids are written once (utf8) and referred to by row number.
import {
  Bool, Dictionary, Field, FixedSizeList, Float64, Int32, List, RecordBatch, Schema, Struct, Table, Utf8, makeData, makeVector, tableToIPC,
  type Data, type DataType,
} from 'apache-arrow';
import {
  ARROW_TABLES, FORMAT_VERSION, META_FORMAT, META_OBJECTS, META_PROJECT, META_TABLE, type ArrowTableName,
} from '../../engine/network-arrow-schema';
import type { AvRow, InstRow, ObjRow, PeRow, RelRow } from './read-json';

/** The rows of one read, as read-json.ts RowSet (objects in answer order). */
export interface ArrowRows {
  objects: Iterable<ObjRow>; byObj: Map<string, InstRow[]>; pes: PeRow[]; avs: AvRow[]; rels: RelRow[];
  sent: Set<string>; keepPath: (id: string) => boolean;
}

const I32 = new Int32(), F64 = new Float64();
const XY = new FixedSizeList(2, new Field('xy', F64, false));
const LINE = new List(new Field('vertices', XY, false));
const i32 = (a: Int32Array, n: number) => makeData({ type: I32, length: n, data: a.subarray(0, n) });

/** Validity bitmap of `n` rows (bit set = value present), or undefined when every row has one. */
function bitmap(valid: (i: number) => boolean, n: number): { nullBitmap?: Uint8Array; nullCount: number } {
  let nulls = 0;
  const bits = new Uint8Array((n + 7) >> 3);
  for (let i = 0; i < n; i++) if (valid(i)) bits[i >> 3] |= 1 << (i & 7); else nulls++;
  return nulls ? { nullBitmap: bits, nullCount: nulls } : { nullCount: 0 };
}

/** A utf8 column of strings (null allowed): one byte buffer and offsets, written with Buffer#write (no per-string array). */
export function utf8Data(strings: readonly (string | null)[]): Data<Utf8> {
  const n = strings.length;
  let chars = 0;
  for (let i = 0; i < n; i++) chars += strings[i]?.length ?? 0;
  let buf = Buffer.allocUnsafe(Math.max(16, chars));
  const offsets = new Int32Array(n + 1);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const s = strings[i];
    if (s) {
      if (buf.length - at < s.length * 3) { const b = Buffer.allocUnsafe(Math.max(buf.length * 2, at + s.length * 3)); buf.copy(b, 0, 0, at); buf = b; }
      at += buf.write(s, at, 'utf8');
    }
    offsets[i + 1] = at;
  }
  const data = new Uint8Array(buf.buffer, buf.byteOffset, at);
  return makeData({ type: new Utf8(), length: n, valueOffsets: offsets, data, ...bitmap((i) => strings[i] !== null, n) });
}

/** A dictionary-encoded utf8 column: distinct strings once, rows as int32 indices. */
function dictData(values: readonly string[], id: number): Data<Dictionary<Utf8, Int32>> {
  const codes = new Int32Array(values.length);
  const dict = new Map<string, number>();
  for (let i = 0; i < values.length; i++) {
    let c = dict.get(values[i]);
    if (c === undefined) { c = dict.size; dict.set(values[i], c); }
    codes[i] = c;
  }
  return makeData({ type: new Dictionary(new Utf8(), I32, id), length: values.length, data: codes, dictionary: makeVector(utf8Data([...dict.keys()])) });
}

/** One IPC stream of a table (columns in the order of ARROW_TABLES). */
function stream(name: ArrowTableName, cols: Data<DataType>[], length: number, meta: Map<string, string>, fieldMeta: Record<string, string> = {}): Uint8Array {
  const fields = ARROW_TABLES[name].map((c, k) => new Field(c, cols[k].type, cols[k].nullCount > 0 || c === 'scenario' || c === 'length' || c === 'value',
    fieldMeta[c] ? new Map([['ARROW:extension:name', fieldMeta[c]]]) : undefined));
  const schema = new Schema(fields, new Map([...meta, [META_TABLE, name]]));
  const batch = new RecordBatch(schema, makeData({ type: new Struct(fields), length, children: cols }));
  return tableToIPC(new Table(batch), 'stream');
}

/** The read as concatenated Arrow IPC streams (ids, nodes, edges, paths, pathEdges, instances, values, relations). */
export function encodeNetworkArrow(projectId: number, r: ArrowRows): Buffer {
  const objects = [...r.objects];
  const ids: string[] = [];
  const index = new Map<string, number>();
  const ref = (id: string): number => {
    let i = index.get(id);
    if (i === undefined) { i = ids.length; ids.push(id); index.set(id, i); }
    return i;
  };
  for (const o of objects) ref(o.id);
  const nObjects = ids.length;
  const scen = (o: ObjRow) => (o.scenario_id === null ? 0 : Number(o.scenario_id));
  // nodes and edges: coordinates parsed from the stored GeoJSON text into one Float64Array each
  const nodes = objects.filter((o) => o.kind === 'node'), edges = objects.filter((o) => o.kind === 'edge'), paths = objects.filter((o) => o.kind === 'path');
  const nodeXY = new Float64Array(nodes.length * 2);
  nodes.forEach((o, k) => { const c = JSON.parse(o.c!) as number[]; nodeXY[2 * k] = c[0]; nodeXY[2 * k + 1] = c[1]; });
  const lines = edges.map((o) => JSON.parse(o.c!) as number[][]);
  const vOff = new Int32Array(edges.length + 1);
  lines.forEach((l, k) => { vOff[k + 1] = vOff[k] + l.length; });
  const edgeXY = new Float64Array(vOff[edges.length] * 2);
  lines.forEach((l, k) => { let p = vOff[k] * 2; for (const v of l) { edgeXY[p++] = v[0]; edgeXY[p++] = v[1]; } });
  // instances of the written objects, then path edges of kept paths (ids after the objects')
  const insts: InstRow[] = [];
  for (const o of objects) { const l = r.byObj.get(o.id); if (l) for (const i of l) insts.push(i); }
  const instIds = new Int32Array(insts.length), instObj = new Int32Array(insts.length), instType = new Int32Array(insts.length);
  insts.forEach((i, k) => { instIds[k] = ref(i.id); instObj[k] = index.get(i.network_object_id)!; instType[k] = Number(i.object_type_id); });
  const written = new Set(insts.map((i) => i.id));
  const pes = r.pes.filter((p) => r.keepPath(p.path_id) && index.has(p.path_id));
  const pe = [new Int32Array(pes.length), new Int32Array(pes.length), new Int32Array(pes.length), new Int32Array(pes.length), new Int32Array(pes.length)];
  pes.forEach((p, k) => { pe[0][k] = ref(p.id); pe[1][k] = index.get(p.path_id)!; pe[2][k] = ref(p.edge_id); pe[3][k] = ref(p.start_node_id); pe[4][k] = Number(p.seq); });
  const avs = r.avs.filter((v) => written.has(v.object_instance_id));
  const avInst = new Int32Array(avs.length);
  avs.forEach((v, k) => { avInst[k] = index.get(v.object_instance_id)!; });
  // each relation once: with its source when that is written, else with its target (as the JSON writer)
  const rels = r.rels.filter((x) => written.has(x.from_id) || written.has(x.to_id));
  const relFrom = new Int32Array(rels.length), relTo = new Int32Array(rels.length);
  rels.forEach((x, k) => { relFrom[k] = ref(x.from_id); relTo[k] = ref(x.to_id); });
  const edgeCols = [new Int32Array(edges.length), new Int32Array(edges.length), new Int32Array(edges.length)];
  edges.forEach((o, k) => { edgeCols[0][k] = index.get(o.id)!; edgeCols[1][k] = ref(o.from_node_id!); edgeCols[2][k] = ref(o.to_node_id!); });

  const meta = new Map([[META_FORMAT, FORMAT_VERSION], [META_PROJECT, String(projectId)], [META_OBJECTS, String(nObjects)]]);
  const scenData = (l: ObjRow[]) => makeData({ type: I32, length: l.length, data: Int32Array.from(l, scen), ...bitmap((k) => l[k].scenario_id !== null, l.length) });
  const idCol = (l: ObjRow[]) => i32(Int32Array.from(l, (o) => index.get(o.id)!), l.length);
  const twoWay = new Uint8Array((edges.length + 7) >> 3);
  edges.forEach((o, k) => { if (o.two_way) twoWay[k >> 3] |= 1 << (k & 7); });
  const parts = [
    stream('nodes', [idCol(nodes), scenData(nodes), makeData({ type: XY, length: nodes.length, child: makeData({ type: F64, length: nodeXY.length, data: nodeXY }) })],
      nodes.length, meta, { geometry: 'geoarrow.point' }),
    stream('edges', [i32(edgeCols[0], edges.length), scenData(edges), i32(edgeCols[1], edges.length), i32(edgeCols[2], edges.length),
      makeData({ type: new Bool(), length: edges.length, data: twoWay }),
      makeData({ type: F64, length: edges.length, data: Float64Array.from(edges, (o) => (o.length === null ? 0 : Number(o.length))), ...bitmap((k) => edges[k].length !== null, edges.length) }),
      makeData({ type: LINE, length: edges.length, valueOffsets: vOff, child: makeData({ type: XY, length: vOff[edges.length], child: makeData({ type: F64, length: edgeXY.length, data: edgeXY }) }) })],
    edges.length, meta, { geometry: 'geoarrow.linestring' }),
    stream('paths', [idCol(paths), scenData(paths)], paths.length, meta),
    stream('pathEdges', pe.map((a) => i32(a, pes.length)), pes.length, meta),
    stream('instances', [i32(instIds, insts.length), i32(instObj, insts.length), i32(instType, insts.length)], insts.length, meta),
    stream('values', [i32(avInst, avs.length), dictData(avs.map((v) => v.attribute_type_name), 0), utf8Data(avs.map((v) => v.value))], avs.length, meta),
    stream('relations', [i32(relFrom, rels.length), i32(relTo, rels.length), dictData(rels.map((x) => x.relation_type_name), 1)], rels.length, meta),
  ];
  // the ids table is complete only now (path edges and relations may add ids): built last, sent first
  return Buffer.concat([stream('ids', [utf8Data(ids)], ids.length, meta), ...parts]);
}
