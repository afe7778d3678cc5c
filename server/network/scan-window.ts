// A window (bbox, the map's tiles) read straight into columns (issue 15): the rows the row read (read.ts fetchRows)
// would fetch, by binary COPY into a ScanStore of this answer only — no row object, no JSON text of coordinates.
// Same steps and rules as the row read: the objects whose box meets the window, the paths over the edges among them
// (both in the read's scenario scope: these may be kept by their own instances), those paths' edges; then the closure
// (edges and start nodes of the paths, end nodes of the edges) by id in any scenario, as the row read does; the
// instances of all of them, and the values and relations of the instances the answer sends. Which rows the answer keeps
// is decided by keptRows with the window's objects as the only ones kept by their own instances. Instances, values and
// relations of objects whose cell (migration 064: the 512-unit cell of the box's centre) is one of the window's come from
// index range scans over those cells (the scans' other rows — other scenarios, cells' overhang — are never kept); those
// of the other objects (reaching in from outside, the closure) by id, as before.
import type { Queryable } from '../db/db';
import { DictSink, Float8Sink, IdSink, Int4Sink, RefSink, type Sink } from './copy-binary';
import { EDGE, PATH, ScanStore } from './scan';
import { anyIds, copy, copyObjects } from './scan-read';
import { keptRows, type ScanFilter, type ScanKept } from './scan-kept';
import type { NetworkScan } from './scan';

export interface WindowFilter extends ScanFilter { scenarioId?: number; bbox: [number, number, number, number] }

/** Side of a spatial cell in map units, and the most cells a window is read by (larger windows go by id). */
export const CELL = 512;
const MAX_CELLS = 64;
/** A cell column or row as network_cell numbers it (clamped, offset to be positive). */
const cellIndex = (i: number) => Math.min(Math.max(i, -1048575), 1048575) + 1048576;
/** The cell keys (SQL network_cell) of the cells a window covers (open at its high ends); null past MAX_CELLS. */
export function windowCells([x1, y1, x2, y2]: [number, number, number, number]): number[] | null {
  const cx0 = cellIndex(Math.floor(x1 / CELL)), cx1 = cellIndex(Math.ceil(x2 / CELL) - 1);
  const cy0 = cellIndex(Math.floor(y1 / CELL)), cy1 = cellIndex(Math.ceil(y2 / CELL) - 1);
  if (cx1 < cx0 || cy1 < cy0 || (cx1 - cx0 + 1) * (cy1 - cy0 + 1) > MAX_CELLS) return null;
  const out: number[] = [];
  for (let x = cx0; x <= cx1; x++) for (let y = cy0; y <= cy1; y++) out.push(x * 2097152 + y);
  return out;
}
/** How the last window read found instances, values and relations (tests). */
export const lastWindowRead = { how: '' as 'cells' | 'ids' | '' };

/** Reads the window `f.bbox` of the project into a fresh store; returns its view, the rows the answer keeps and the ids
 *  of every network object read (kept or not: the tile cache's validity check). Run inside one snapshot (inSnapshot).
 *  Throws ScanFallback (scan.ts) when the answer cannot be decided on the columns. */
export async function readWindowScan(q: Queryable, projectId: number, f: WindowFilter): Promise<{ scan: NetworkScan; kept: ScanKept; objects: string[] }> {
  const [x1, y1, x2, y2] = f.bbox.map(Number);
  if (![x1, y1, x2, y2].every(Number.isFinite)) throw new Error('bbox: four finite numbers expected');
  const p = Math.trunc(projectId);
  const scope = f.scenarioId === undefined ? 'o.scenario_id IS NULL' : `(o.scenario_id IS NULL OR o.scenario_id = ${Math.trunc(f.scenarioId)})`;
  const s = new ScanStore(p, f.scenarioId);
  const ids = s.ids;
  const W = windowCells([x1, y1, x2, y2]);
  lastWindowRead.how = W ? 'cells' : 'ids';
  const inW = W ? new Set(W) : null, cellList = W ? `'{${W.join(',')}}'::bigint[]` : '';
  // each object read's cell (by id number), when the window is read by cells
  const cellOf = new Map<number, number>();
  const readObjects = async (where: string) => {
    const c = W ? new Float8Sink() : undefined;
    const k = await copyObjects(q, s, where, true, c);
    if (c) { const v = c.v.done(); for (let r = 0; r < k.length; r++) cellOf.set(k[r], v[r]); }
    return k;
  };
  const str = (k: number) => ids.string(k);
  // index-driven plans (see read.ts fetchRows)
  await q.query('SET LOCAL jit = off');
  await q.query('SET LOCAL enable_seqscan = off');
  const inWindow = await readObjects(`WHERE o.project_id = ${p} AND ${scope} AND o.bbox && '(${x2},${y2}),(${x1},${y1})'::box`);
  const eligible: number[] = Array.from(inWindow);
  const edges = inWindow.filter((k) => s.kind.a[k] === EDGE);
  if (edges.length) {
    const paths = await readObjects(`WHERE o.project_id = ${p} AND ${scope} AND o.id = ANY(ARRAY(
      SELECT DISTINCT pe.path_id FROM path_edge pe WHERE pe.project_id = ${p} AND pe.edge_id = ANY(${anyIds(Array.from(edges, str))})))`);
    const seen = new Set(eligible);
    for (const k of paths) if (!seen.has(k)) eligible.push(k);
  }
  const pathIds = eligible.filter((k) => s.kind.a[k] === PATH);
  const P = s.pe;
  if (pathIds.length) {
    await copy(q, `SELECT pe.id, pe.path_id, pe.edge_id, pe.start_node_id, pe.seq FROM path_edge pe
      WHERE pe.project_id = ${p} AND pe.path_id = ANY(${anyIds(pathIds.map(str))}) ORDER BY pe.path_id, pe.seq, pe.id`,
    [new IdSink(ids, P.id), new RefSink(ids, P.path), new IdSink(ids, P.edge), new IdSink(ids, P.start), new Float8Sink(NaN, P.seq)]);
  }
  // closure: objects the read ones refer to and the store does not hold yet (by id, in any scenario)
  const held = (k: number) => k < s.kind.length && s.kind.a[k] !== 0;
  let missing = new Set<number>();
  const need = (k: number) => { if (k >= 0 && !held(k)) missing.add(k); };
  for (const k of eligible) if (s.kind.a[k] === EDGE) { need(s.from.a[k]); need(s.to.a[k]); }
  for (let r = 0; r < P.id.length; r++) { need(P.edge.a[r]); need(P.start.a[r]); }
  for (let round = 0; missing.size && round < 3; round++) {
    const read = await readObjects(`WHERE o.project_id = ${p} AND o.id = ANY(${anyIds([...missing].map(str))})`);
    missing = new Set();
    for (const k of read) if (s.kind.a[k] === EDGE) { need(s.from.a[k]); need(s.to.a[k]); }
  }
  const objects: string[] = [], byId: string[] = [];
  for (let k = 0; k < s.kind.length; k++) {
    if (!s.kind.a[k]) continue;
    objects.push(str(k));
    if (!inW?.has(cellOf.get(k) ?? NaN)) byId.push(str(k));
  }
  const I = s.inst;
  const instCell = new Float8Sink();
  const instSinks = (): Sink[] => [new IdSink(ids, I.id), new RefSink(ids, I.object), new Int4Sink(0, I.type), instCell];
  const instSelect = 'SELECT oi.id, oi.network_object_id, oi.object_type_id, oi.cell::float8 FROM object_instance oi';
  // by cell: the instances of the objects whose cell is the window's (and others there, never kept); by id: the rest
  if (inW) await copy(q, `${instSelect} WHERE oi.project_id = ${p} AND oi.cell = ANY(${cellList})`, instSinks());
  if (byId.length) await copy(q, `${instSelect} WHERE oi.project_id = ${p} AND oi.network_object_id = ANY(${anyIds(byId)})`, instSinks());
  const only = new Uint8Array(ids.size);
  for (const k of eligible) only[k] = 1;
  // the instances the answer sends decide which values and relations are read
  const first = keptRows(s.view(), f, only);
  const sent: string[] = [];
  let sentInCells = 0;
  const cells = instCell.v.done();
  for (let r = 0; r < first.inst.length; r++) {
    if (!first.inst[r]) continue;
    if (inW?.has(cells[r])) sentInCells++;
    else sent.push(str(I.id.a[r]));
  }
  const V = s.values, R = s.rels;
  const valueSinks = (): Sink[] => [new RefSink(ids, V.inst), new DictSink(V.names, V.name), V.text];
  const relSinks = (): Sink[] => [new IdSink(ids, R.from), new IdSink(ids, R.to), new DictSink(R.types, R.type)];
  if (sentInCells) {
    await copy(q, `SELECT object_instance_id, attribute_type_name, value FROM attribute_value WHERE project_id = ${p} AND cell = ANY(${cellList})`, valueSinks());
    await copy(q, `SELECT from_id, to_id, relation_type_name FROM relation WHERE project_id = ${p} AND (from_cell = ANY(${cellList}) OR to_cell = ANY(${cellList}))`, relSinks());
  }
  if (sent.length) {
    const list = anyIds(sent);
    // relations the cell scan read already (an end in the window's cells) are not read twice
    const notInCells = sentInCells ? ` AND NOT coalesce(from_cell = ANY(${cellList}) OR to_cell = ANY(${cellList}), false)` : '';
    await copy(q, `SELECT object_instance_id, attribute_type_name, value FROM attribute_value WHERE project_id = ${p} AND object_instance_id = ANY(${list})`, valueSinks());
    await copy(q, `SELECT from_id, to_id, relation_type_name FROM relation WHERE project_id = ${p} AND (from_id = ANY(${list}) OR to_id = ANY(${list}))${notInCells}`, relSinks());
  }
  const scan = s.view();
  const eligibleAll = new Uint8Array(scan.n);
  eligibleAll.set(only);
  return { scan, kept: keptRows(scan, f, eligibleAll), objects };
}
