// Filling a ScanStore (scan.ts) from PostgreSQL with five binary COPYs — network objects, object instances, path
// edges, attribute values, relations — parsed straight into the store's typed arrays (copy-binary.ts): the whole
// scope, or (a patch) only the rows of the objects the change log names. References to ids the store does not hold
// (outside the scope) are -2: the reader of an answer falls back to the row read when it needs one.
import type { Queryable } from '../db/db';
import {
  BoolSink, CoordsSink, CopyReader, DictSink, Float8Sink, IdSink, Int4Sink, RefSink, TextSink, type Sink,
} from './copy-binary';
import { EDGE, NODE, NO_SCENARIO, PATH, type ScanStore } from './scan';

/** Runs one COPY of `select` into `sinks` (SCAN_TRACE=1 prints its time). */
export async function copy(q: Queryable, select: string, sinks: Sink[]): Promise<void> {
  const r = new CopyReader(sinks);
  const t0 = performance.now();
  let parse = 0;
  await q.copyOut!(select, (c) => { const t = performance.now(); r.push(c); parse += performance.now() - t; });
  r.end();
  if (process.env.SCAN_TRACE) console.log(`copy ${(performance.now() - t0).toFixed(0)} ms (parse ${parse.toFixed(0)} ms), ${r.rows} rows: ${select.slice(0, 60)}`);
}

/** Whether `q` can stream binary COPY (a PostgreSQL client in a transaction, PGlite). */
export const canScan = (q: Queryable): boolean => typeof q.copyOut === 'function';

/** SQL literal of a text array (no parameters in COPY): one array literal, elements double-quoted. */
export const textArray = (ids: string[]) => `'{${ids.map((s) => `"${s.replace(/[\\"]/g, '\\$&').replace(/'/g, "''")}"`).join(',')}}'::text[]`;

/** An array of ids (a text-array literal, or a parameter `$n::text[]`) for a window read's `= ANY(…)`, behind a
 *  sub-select. Given the array itself the planner estimates the selectivity of each of its elements (tens of ms of
 *  planning at a few thousand ids) and, led by those estimates, may plan a scan of a whole project's index; behind a
 *  sub-select it plans one index lookup per id (issue 15; measured on whole tile reads: server/README.md, twenty-first
 *  stop). Window reads only: their lists are a tile's few thousand ids; a list of ≈ 10⁵ (a column-store patch, an API
 *  read by ids) may be better served by the join the planner picks when it knows the count — not measured. */
export const anyOf = (array: string) => `ARRAY(SELECT unnest(${array}))`;
/** `anyOf` of a literal list. */
export const anyIds = (ids: string[]) => anyOf(textArray(ids));

/** Reads the network objects `where` selects (a clause over network_object o) into the store at their id numbers;
 *  returns those id numbers. References to other objects are resolved once the table is read (to -2 when the store
 *  does not hold the id), or — `addRefs`, window reads — numbered in the store's ids so the caller can read them next. */
export async function copyObjects(q: Queryable, s: ScanStore, where: string, addRefs = false, cells?: Float8Sink): Promise<Int32Array> {
  const ids = s.ids;
  const ref = () => (addRefs ? new IdSink(ids) : new RefSink());
  const o = { id: new IdSink(ids), kind: new TextSink(), scen: new Int4Sink(NO_SCENARIO), coords: new CoordsSink(s.xy), from: ref(), to: ref(), twoWay: new BoolSink(), length: new Float8Sink() };
  const firstVertex = s.xy.length >> 1;
  // `cells`: each row's spatial cell too (migration 064; NaN for none), in row order
  await copy(q, `SELECT o.id, o.kind, o.scenario_id, o.geometry->'coordinates', o.from_node_id, o.to_node_id, o.two_way, o.length${cells ? ', network_cell(o.bbox)::float8' : ''}
    FROM network_object o ${where}`, [o.id, o.kind, o.scen, o.coords, o.from, o.to, o.twoWay, o.length, ...(cells ? [cells] : [])]);
  const resolved = (r: IdSink | RefSink) => (r instanceof IdSink ? r.v.done() : r.resolve(ids));
  const from = resolved(o.from), to = resolved(o.to), k = o.id.v.done(), nv = o.coords.vertices.done();
  const kt = o.kind.bytes.a, ko = o.kind.offsets.done(), sc = o.scen.v.done(), tw = o.twoWay.v.done(), len = o.length.v.done();
  let v = firstVertex;
  for (let r = 0; r < k.length; r++) {
    const c = kt[ko[r]], kind = c === 110 ? NODE : c === 101 ? EDGE : PATH;
    s.setObject(k[r], kind, sc[r], from[r], to[r], tw[r], len[r], v, kind === PATH ? 0 : nv[r]);
    v += nv[r];
  }
  return k;
}

/** Reads the rows of the store's scope into it: every object, or only `only` (ids of objects whose rows were killed:
 *  those of them still in the scope come back with their instances, path edges, values and relations). */
export async function fillScan(q: Queryable, s: ScanStore, only?: string[]): Promise<void> {
  if (only && !only.length) return;
  const p = Math.trunc(s.projectId);
  const scope = (a = '') => (s.scenarioId === undefined ? `${a}scenario_id IS NULL` : `(${a}scenario_id IS NULL OR ${a}scenario_id = ${Math.trunc(s.scenarioId)})`);
  const objs = only ? ` AND o.id = ANY(${textArray(only)})` : '';
  await copyObjects(q, s, `WHERE o.project_id = ${p} AND ${scope('o.')}${objs}`);
  const ids = s.ids;
  const I = s.inst, P = s.pe, V = s.values, R = s.rels;
  await copy(q, `SELECT oi.id, oi.network_object_id, oi.object_type_id FROM object_instance oi JOIN network_object o ON o.project_id = oi.project_id AND o.id = oi.network_object_id
    WHERE oi.project_id = ${p} AND ${scope('o.')}${objs}`, [new IdSink(ids, I.id), new RefSink(ids, I.object), new Int4Sink(0, I.type)]);
  await copy(q, `SELECT pe.id, pe.path_id, pe.edge_id, pe.start_node_id, pe.seq FROM path_edge pe JOIN network_object o ON o.project_id = pe.project_id AND o.id = pe.path_id
    WHERE pe.project_id = ${p} AND ${scope('o.')}${objs} ORDER BY pe.path_id, pe.seq, pe.id`,
  [new IdSink(ids, P.id), new RefSink(ids, P.path), new RefSink(ids, P.edge), new RefSink(ids, P.start), new Float8Sink(NaN, P.seq)]);
  // values and relations of the project's instances (of the touched objects, for a patch); those of instances outside
  // the scope resolve to -2 and are never sent
  const ofInst = (col: string) => (only ? ` AND ${col} IN (SELECT i.id FROM object_instance i WHERE i.project_id = ${p} AND i.network_object_id = ANY(${textArray(only)}))` : '');
  await copy(q, `SELECT object_instance_id, attribute_type_name, value FROM attribute_value WHERE project_id = ${p}${ofInst('object_instance_id')} ORDER BY object_instance_id`,
    [new RefSink(ids, V.inst), new DictSink(V.names, V.name), V.text]);
  await copy(q, `SELECT from_id, to_id, relation_type_name FROM relation WHERE project_id = ${p}${only ? `${ofInst('from_id')} UNION SELECT from_id, to_id, relation_type_name FROM relation WHERE project_id = ${p}${ofInst('to_id')}` : ''}`,
    [new RefSink(ids, R.from), new RefSink(ids, R.to), new DictSink(R.types, R.type)]);
}
