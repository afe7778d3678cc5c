// The network of a project (one scenario scope) read as columns (issue 15): five binary COPYs — network objects,
// object instances, path edges, attribute values, relations — parsed straight into typed arrays (copy-binary.ts). Ids
// are numbered once (objects, then instances, then path edges) in one byte-keyed table; references become those
// numbers. What the answer keeps (the filter and the closure) is decided on these columns (scan-kept.ts).
import type { Queryable } from '../db/db';
import { ByteIds } from './byte-ids';
import { BoolSink, CoordsSink, CopyReader, DictSink, Float8Sink, IdSink, Int4Sink, RefSink, TextSink, type Sink } from './copy-binary';

/** Scenario value of base objects (NULL in the database). */
export const NO_SCENARIO = -2147483648;

export interface NetworkScan {
  projectId: number;
  ids: ByteIds;
  /** objects: rows 0 … nObj-1 are also ids 0 … nObj-1 */
  nObj: number;
  kind: Uint8Array; scenario: Int32Array; from: Int32Array; to: Int32Array; twoWay: Uint8Array; length: Float64Array;
  /** vertex offsets (nObj + 1) into xy (x,y pairs): one vertex per node, the line's per edge, none per path */
  vOff: Int32Array; xy: Float64Array;
  /** instances: id (ids number; an instance may share an object's id), object (object row), type */
  inst: { id: Int32Array; object: Int32Array; type: Int32Array };
  /** path edges of the scope's paths in path order */
  pe: { id: Int32Array; path: Int32Array; edge: Int32Array; start: Int32Array; seq: Float64Array };
  values: { inst: Int32Array; name: Int32Array; names: string[]; text: TextSink };
  rels: { from: Int32Array; to: Int32Array; type: Int32Array; types: string[] };
}

/** The scan cannot answer this read exactly (references outside the scope): the caller
 *  uses the row read instead. */
export class ScanFallback extends Error {}

/** Kind codes. */
export const NODE = 1, EDGE = 2, PATH = 3;

/** Runs one COPY of `select` into `sinks`. */
async function copy(q: Queryable, select: string, sinks: Sink[]): Promise<void> {
  const r = new CopyReader(sinks);
  const t0 = performance.now();
  let parse = 0, bytes = 0, chunks = 0;
  await q.copyOut!(select, (c) => { const t = performance.now(); r.push(c); parse += performance.now() - t; bytes += c.length; chunks++; });
  r.end();
  if (process.env.SCAN_TRACE) console.log(`copy ${(performance.now() - t0).toFixed(0)} ms, parse ${parse.toFixed(0)} ms, ${(bytes / 1e6).toFixed(1)} MB, ${r.rows} rows, ${chunks} chunks: ${select.slice(0, 50)}`);
}

/** Whether `q` can stream binary COPY (PostgreSQL client in a transaction, PGlite). */
export const canScan = (q: Queryable): boolean => typeof q.copyOut === 'function';

/**
 * Reads the objects of project `pid` in the scope (base objects, plus those of `scenarioId`) with all their
 * instances, path edges, values and relations. Run in one snapshot (inSnapshot). References to ids outside the scope
 * are -2 (the caller falls back to the row read).
 */
export async function scanNetwork(q: Queryable, pid: number, scenarioId?: number): Promise<NetworkScan> {
  const p = Math.trunc(pid);
  const scope = (a = '') => (scenarioId === undefined ? `${a}scenario_id IS NULL` : `(${a}scenario_id IS NULL OR ${a}scenario_id = ${Math.trunc(scenarioId)})`);
  const ids = new ByteIds();
  const o = { id: new IdSink(ids), kind: new TextSink(), scen: new Int4Sink(NO_SCENARIO), coords: new CoordsSink(), from: new RefSink(), to: new RefSink(), twoWay: new BoolSink(), length: new Float8Sink() };
  await copy(q, `SELECT id, kind, scenario_id, geometry->'coordinates', from_node_id, to_node_id, two_way, length FROM network_object
    WHERE project_id = ${p} AND ${scope()}`, [o.id, o.kind, o.scen, o.coords, o.from, o.to, o.twoWay, o.length]);
  const nObj = ids.size;
  const i = { id: new IdSink(ids), object: new RefSink(ids), type: new Int4Sink() };
  await copy(q, `SELECT oi.id, oi.network_object_id, oi.object_type_id FROM object_instance oi JOIN network_object o ON o.project_id = oi.project_id AND o.id = oi.network_object_id
    WHERE oi.project_id = ${p} AND ${scope('o.')}`, [i.id, i.object, i.type]);
  const e = { id: new IdSink(ids), path: new RefSink(ids), edge: new RefSink(ids), start: new RefSink(ids), seq: new Float8Sink() };
  await copy(q, `SELECT pe.id, pe.path_id, pe.edge_id, pe.start_node_id, pe.seq FROM path_edge pe JOIN network_object o ON o.project_id = pe.project_id AND o.id = pe.path_id
    WHERE pe.project_id = ${p} AND ${scope('o.')} ORDER BY pe.path_id, pe.seq, pe.id`, [e.id, e.path, e.edge, e.start, e.seq]);
  // values and relations of every instance of the project (those of other scenarios are dropped after resolving)
  const v = { inst: new RefSink(ids), name: new DictSink(), text: new TextSink() };
  await copy(q, `SELECT object_instance_id, attribute_type_name, value FROM attribute_value WHERE project_id = ${p} ORDER BY object_instance_id`, [v.inst, v.name, v.text]);
  const r = { from: new RefSink(ids), to: new RefSink(ids), type: new DictSink() };
  await copy(q, `SELECT from_id, to_id, relation_type_name FROM relation WHERE project_id = ${p}`, [r.from, r.to, r.type]);

  const kindText = o.kind.bytes.a, kindOff = o.kind.offsets.done();
  const kind = new Uint8Array(nObj);
  for (let k = 0; k < nObj; k++) { const c = kindText[kindOff[k]]; kind[k] = c === 110 ? NODE : c === 101 ? EDGE : PATH; }
  const nv = o.coords.vertices.done();
  const vOff = new Int32Array(nObj + 1);
  for (let k = 0; k < nObj; k++) vOff[k + 1] = vOff[k] + (kind[k] === PATH ? 0 : nv[k]);
  // values of instances outside the scope: dropped (their instance resolves to -2)
  const vInst = v.inst.resolve(ids);
  return {
    projectId: pid, ids, nObj, kind, scenario: o.scen.v.done(), from: o.from.resolve(ids), to: o.to.resolve(ids), twoWay: o.twoWay.v.done(),
    length: o.length.v.done(), vOff, xy: o.coords.xy.done(),
    inst: { id: i.id.v.done(), object: i.object.resolve(ids), type: i.type.v.done() },
    pe: { id: e.id.v.done(), path: e.path.resolve(ids), edge: e.edge.resolve(ids), start: e.start.resolve(ids), seq: e.seq.v.done() },
    values: { inst: vInst, name: v.name.v.done(), names: v.name.values(), text: v.text },
    rels: { from: r.from.resolve(ids), to: r.to.resolve(ids), type: r.type.v.done(), types: r.type.values() },
  };
}
