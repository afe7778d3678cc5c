// Network read, JSON beside Arrow (issue 15), in one run on one database (PGlite in memory, or BENCH_DATABASE_URL):
// seeds "Scale test N edges" projects (`npm run seed`'s tiled FTTH network), then per size and path measures over real
// HTTP the cold whole read (fresh process cache and column store, nothing stored: SQL + encoding + transfer; and a fresh
// process reading the columns stored in the database, server/network/scan-stored.ts; and one sending the answer's gzip
// stored in the database, answer-stored.ts) to the client's model
// (JSON.parse and createModel; or the model built straight from the Arrow columns, engine/model-columns.ts — what the
// tab does, here on one thread; the tab's worker share is timed apart), the warm (cached) read, the bytes on the wire per
// edge plain and gzip, a tile read (AREA_TILE square, the area loader's unit) to what the merge takes and with its merge
// into a session, and the client-side
// decode alone. Prints a table with the Arrow/JSON ratio. BENCH_SIZES (default 10000,100000), BENCH_RUNS.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { configFromEnv } from '../server/config';
import { startServer } from '../server/server';
import { seedProject } from '../server/projects/seed-project';
import { bumpNetworkVersion, clearNetworkCache } from '../server/network/cache';
import { clearScanStores } from '../server/network/read-arrow';
import { storedWrites } from '../server/network/scan-stored';
import { forgetStoredAnswers } from '../server/network/answer-stored';
import { modelInputFromColumns, networkColumns } from '../engine/network-arrow';
import { columnRows, modelOfColumns } from '../engine/model-columns';
import { columnIndex } from '../engine/column-index';
import { ARROW_MEDIA_TYPE } from '../engine/network-arrow-schema';
import { createModel, type ModelInput } from '../engine/model';
import { Editor } from '../engine/editor';
import type { MergeRead, MergeRows } from '../engine/merge';
import type { NetworkObject, ObjectType } from '../engine/types';
import { AREA_TILE } from '../src/map/area-loader';
import { row, stats, table, writeResults, type BenchRow } from './lib';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const env = { ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' };
const config = { ...configFromEnv(env), port: 0, host: '127.0.0.1', demoSeed: true, demoProject: false };
const server = await startServer(config, config.databaseUrl ? { schema: process.env.BENCH_SCHEMA ?? `bench_${Date.now().toString(36)}` } : { memory: true });
const dbName = config.databaseUrl ? 'PostgreSQL' : 'PGlite';
const sha = (s: string) => createHash('sha512').update(s).digest('hex');
const login = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'engineer@demo.example', password: sha(config.demoPassword), language: 'en' }) });
const token = ((await login.json()) as { sessionId: string }).sessionId;

type Path = 'JSON' | 'Arrow';
const PATHS: Path[] = ['JSON', 'Arrow'];
const headers = (p: Path, gzip = false): Record<string, string> => ({
  authorization: `Bearer ${token}`, ...(p === 'Arrow' ? { accept: ARROW_MEDIA_TYPE } : {}), ...(gzip ? { 'accept-encoding': 'gzip' } : { 'accept-encoding': 'identity' }),
});
/** What the app does with an answer: Arrow → flat rows (whole reads build the model from them, tiles merge them as they
 *  are); JSON → wire objects. */
const decode = (p: Path, bytes: Uint8Array): ModelInput => (p === 'Arrow'
  ? modelInputFromColumns(networkColumns(bytes))
  : { networkObjects: (JSON.parse(Buffer.from(bytes).toString()) as { data: NetworkObject[] }).data });
/** What a tile's merge takes (Editor.merge): the Arrow rows, the JSON wire objects. */
const mergeInput = (p: Path, input: ModelInput): MergeRead => (p === 'Arrow' ? input as unknown as MergeRows : input.networkObjects);

/** GET → bytes (ms to the whole body), then decode (ms) and, for whole reads, the model (ms): JSON.parse then
 *  createModel; Arrow: the model from the columns — rows (the tab's main thread), index (the tab's worker, here on the
 *  same thread after the rows), assembly. */
async function read(p: Path, path: string, model = true) {
  (globalThis as { gc?: () => void }).gc?.(); // the garbage of the pass before is not this read's (npm run bench: --expose-gc)
  const t0 = performance.now();
  const r = await fetch(`${server.url}/api${path}`, { headers: headers(p) });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  const bytes = new Uint8Array(await r.arrayBuffer());
  const t1 = performance.now();
  if (model && p === 'Arrow') {
    const c = networkColumns(bytes), rows = columnRows(c);
    const t2 = performance.now();
    const index = columnIndex(c);
    const t3 = performance.now();
    modelOfColumns(c, rows, index);
    const t4 = performance.now();
    const parts = { rows: t2 - t1, index: t3 - t2, assemble: t4 - t3 };
    return { http: t1 - t0, decode: t4 - t1, total: t4 - t0, bytes, objects: c.objects, input: null, parts };
  }
  const input = decode(p, bytes);
  const t2 = performance.now();
  if (model) createModel(input);
  const t3 = performance.now();
  return { http: t1 - t0, decode: t3 - t1, total: t3 - t0, bytes, objects: input.networkObjects.length, input, parts: null };
}

/** An empty session merging tiles as the area loader does (its known objects and relations, folds after the frame). */
function tileSession(objectTypes: { id: number; name: string }[]) {
  const ed = new Editor(createModel({ networkObjects: [], objectTypes: objectTypes as ObjectType[] }), { newId: () => 'x', projectId: 1 });
  const known = new Set<string>(), rels = new Set<string>();
  return {
    merge(read: MergeRead) {
      const { plan, diff } = ed.merge(read, { object: (id) => known.has(id), relation: (k) => rels.has(k) }, { deferFolds: true });
      for (const id of plan.objects) known.add(id);
      for (const r of diff.added) if (r.table === 'relations') rels.add(r.key);
    },
    fold: () => ed.fold(),
  };
}

const rows: BenchRow[] = [];
const add = (c: string, n: number, metric: string, unit: string, byPath: Record<Path, number>) => {
  rows.push(row(`${c} — JSON`, n, metric, unit, byPath.JSON));
  rows.push(row(`${c} — Arrow`, n, metric, unit, byPath.Arrow, byPath.JSON));
};

for (const n of SIZES) {
  const t = performance.now();
  const { projectId: pid } = await seedProject(server.db, { edges: n, name: `Scale test ${n} edges`, organisation: 'demo' });
  console.log(`${dbName}: seeded ${n} edges in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const whole = `/project/${pid}/network_object/all?includeWithoutObjectInstances=false`;
  const cold: Record<Path, number[]> = { JSON: [], Arrow: [] }, coldHttp: Record<Path, number[]> = { JSON: [], Arrow: [] };
  const coldStored: Record<Path, number[]> = { JSON: [], Arrow: [] }, coldStoredHttp: Record<Path, number[]> = { JSON: [], Arrow: [] };
  const answerStored: Record<Path, number[]> = { JSON: [], Arrow: [] }, answerStoredHttp: Record<Path, number[]> = { JSON: [], Arrow: [] };
  const parts = { rows: [] as number[], index: [] as number[], assemble: [] as number[] };
  const dec: Record<Path, number[]> = { JSON: [], Arrow: [] }, warm: Record<Path, number[]> = { JSON: [], Arrow: [] };
  const size: Record<Path, { raw: number; gz: number; objects: number }> = { JSON: { raw: 0, gz: 0, objects: 0 }, Arrow: { raw: 0, gz: 0, objects: 0 } };
  for (let k = 0; k < RUNS; k++) {
    for (const p of PATHS) {
      clearNetworkCache(); clearScanStores();
      // never read before: no stored columns or answer either
      await storedWrites();
      await server.db.query('DELETE FROM network_columns'); await server.db.query('DELETE FROM network_answer'); forgetStoredAnswers();
      const r = await read(p, whole);
      cold[p].push(r.total); coldHttp[p].push(r.http); dec[p].push(r.decode);
      // a fresh process where the columns of this version are stored (the read above stored them; JSON has no stored
      // form: its cold read is its number here), the answer not
      await storedWrites();
      await server.db.query('DELETE FROM network_answer'); forgetStoredAnswers();
      clearNetworkCache(); clearScanStores();
      const st = p === 'Arrow' ? await read(p, whole) : r;
      coldStored[p].push(st.total); coldStoredHttp[p].push(st.http);
      // a fresh process where the answer's gzip is stored (answer-stored.ts; the read above stored it): asked without
      // gzip as the rows above (the server inflates it; a browser, asking with gzip, is sent the stored bytes — Node's
      // fetch inflates 62 MB slower than the server sends them, bench:browser-whole times that way)
      await storedWrites();
      clearNetworkCache(); clearScanStores();
      const sa = p === 'Arrow' ? await read(p, whole) : r;
      if (p === 'Arrow' && Buffer.compare(Buffer.from(sa.bytes), Buffer.from(r.bytes)) !== 0) throw new Error('the stored answer differs from the built one');
      answerStored[p].push(sa.total); answerStoredHttp[p].push(sa.http);
      size[p] = { raw: r.bytes.length, gz: gzipSync(r.bytes, { level: 1 }).length, objects: r.objects };
      const w = await read(p, whole);
      warm[p].push(w.total);
      if (w.parts) for (const k of ['rows', 'index', 'assemble'] as const) parts[k].push(w.parts[k]);
    }
  }
  // after a small write (one attribute value): JSON patches its snapshot, Arrow its column store (same process)
  const patch: Record<Path, number[]> = { JSON: [], Arrow: [] };
  for (let k = 0; k < RUNS; k++) {
    for (const p of PATHS) {
      await server.db.tx(async (q) => {
        await q.query(`UPDATE attribute_value SET value = $2 WHERE project_id = $1 AND (object_instance_id, attribute_type_name) IN
          (SELECT object_instance_id, attribute_type_name FROM attribute_value WHERE project_id = $1 LIMIT 1)`, [pid, `v${k}${p}`]);
        await bumpNetworkVersion(q, pid);
      });
      patch[p].push((await read(p, whole)).total);
    }
  }
  if (size.JSON.objects !== size.Arrow.objects) throw new Error(`object counts differ: JSON ${size.JSON.objects}, Arrow ${size.Arrow.objects}`);
  const p50 = (x: Record<Path, number[]>) => ({ JSON: stats(x.JSON).p50, Arrow: stats(x.Arrow).p50 });
  add('cold whole read to the model (HTTP + the client\'s model)', n, 'p50', 'ms', p50(cold));
  add('cold whole read, HTTP only (SQL + encode + transfer)', n, 'p50', 'ms', p50(coldHttp));
  add('cold whole read to the model, columns stored in the database (fresh process)', n, 'p50', 'ms', p50(coldStored));
  add('cold whole read, columns stored in the database, HTTP only', n, 'p50', 'ms', p50(coldStoredHttp));
  add('cold whole read to the model, answer stored in the database (fresh process)', n, 'p50', 'ms', p50(answerStored));
  add('cold whole read, answer stored in the database, HTTP only', n, 'p50', 'ms', p50(answerStoredHttp));
  add('client: answer to the model (JSON.parse + createModel / model from the Arrow columns, one thread)', n, 'p50', 'ms', p50(dec));
  // the tab's main thread makes the rows while a worker computes the index; both then wait for the slower one
  const part = (k: keyof typeof parts) => stats(parts[k]).p50;
  rows.push(row('Arrow model from columns: rows (main thread)', n, 'p50', 'ms', part('rows')));
  rows.push(row('Arrow model from columns: index (given the ids as text; the tab worker decodes its own)', n, 'p50', 'ms', part('index')));
  rows.push(row('Arrow model from columns: assembly (main thread)', n, 'p50', 'ms', part('assemble')));
  rows.push(row('Arrow model from columns, tab main thread with the worker (rows + assembly; index beside)', n, 'p50', 'ms',
    Math.max(part('rows'), part('index')) + part('assemble'), stats(dec.JSON).p50));
  add('warm whole read to the model (cached body)', n, 'p50', 'ms', p50(warm));
  add('whole read to the model after a small write (patched)', n, 'p50', 'ms', p50(patch));
  add('bytes per edge', n, 'plain', 'B', { JSON: size.JSON.raw / n, Arrow: size.Arrow.raw / n });
  add('bytes per edge', n, 'gzip', 'B', { JSON: size.JSON.gz / n, Arrow: size.Arrow.gz / n });
  // tiles: the densest AREA_TILE squares (the area loader's unit), read to what the merge takes, then merged in turn into
  // one session as the area loader does (objects it already holds are skipped; folds after the tile, as the map runs them)
  const dense = (await server.db.query<{ tx: number; ty: number }>(`SELECT floor((center(bbox))[0] / $2)::int AS tx, floor((center(bbox))[1] / $2)::int AS ty, count(*) AS n
    FROM network_object WHERE project_id = $1 AND kind = 'node' GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 6`, [pid, AREA_TILE])).rows;
  const tile: Record<Path, number[]> = { JSON: [], Arrow: [] }, merged: Record<Path, number[]> = { JSON: [], Arrow: [] };
  const types = (await server.db.query<{ id: number; name: string }>('SELECT id, name FROM object_type')).rows;
  let tileObjects = 0;
  const tileUrl = (tx: number, ty: number) => `/project/${pid}/network_object/all?includeWithoutObjectInstances=false&bbox=${tx * AREA_TILE},${ty * AREA_TILE},${(tx + 1) * AREA_TILE},${(ty + 1) * AREA_TILE}`;
  for (let k = 0; k < Math.max(RUNS, 2); k++) {
    // every tile read afresh (Arrow tiles are kept per process, tile-cache.ts, and stored, tile-stored.ts: timed apart below)
    await storedWrites(); clearNetworkCache(); await server.db.query('DELETE FROM network_tile');
    const sessions = { JSON: tileSession(types), Arrow: tileSession(types) };
    for (const { tx, ty } of dense) {
      for (const p of PATHS) {
        const r = await read(p, tileUrl(tx, ty), false);
        const t0 = performance.now();
        sessions[p].merge(mergeInput(p, r.input!));
        tile[p].push(r.total);
        merged[p].push(r.total + performance.now() - t0);
        sessions[p].fold();
        tileObjects = Math.max(tileObjects, r.objects);
      }
    }
  }
  add(`tile read to the merge's input (≤ ${tileObjects} objects)`, n, 'p50', 'ms', p50(tile));
  add(`tile read to the merge's input (≤ ${tileObjects} objects)`, n, 'p99', 'ms', { JSON: stats(tile.JSON).p99, Arrow: stats(tile.Arrow).p99 });
  add(`tile read + merge into the session (≤ ${tileObjects} objects)`, n, 'p50', 'ms', p50(merged));
  add(`tile read + merge into the session (≤ ${tileObjects} objects)`, n, 'p99', 'ms', { JSON: stats(merged.JSON).p99, Arrow: stats(merged.Arrow).p99 });
  // Arrow tiles kept per process: the same tiles again, and again after a small write away from them (the change log
  // checked); read + merge into a fresh session each pass. Baseline: the tile read afresh (above).
  const keptRead: number[] = [], keptMerged: number[] = [], afterWrite: number[] = [], storedRead: number[] = [], storedMerged: number[] = [];
  /** The dense tiles read as Arrow and merged into a fresh session: each read's time, and read + merge. */
  const arrowTiles = async (reads: number[], merges: number[]) => {
    const session = tileSession(types);
    for (const { tx, ty } of dense) {
      const r = await read('Arrow', tileUrl(tx, ty), false);
      const t0 = performance.now();
      session.merge(mergeInput('Arrow', r.input!));
      reads.push(r.total); merges.push(r.total + performance.now() - t0);
      session.fold();
    }
  };
  // stored in the database by the reads above: a fresh process reads them (tile-stored.ts)
  for (let k = 0; k < RUNS; k++) {
    await storedWrites(); clearNetworkCache();
    await arrowTiles(storedRead, storedMerged);
  }
  const [x0, y0] = [Math.min(...dense.map((d) => d.tx)) - 2, Math.min(...dense.map((d) => d.ty)) - 2];
  const [x1, y1] = [Math.max(...dense.map((d) => d.tx)) + 3, Math.max(...dense.map((d) => d.ty)) + 3];
  for (let k = 0; k < RUNS; k++) {
    await arrowTiles(keptRead, keptMerged);
    await server.db.tx(async (q) => {
      await q.query(`UPDATE attribute_value SET value = $3 WHERE project_id = $1 AND object_instance_id = (SELECT i.id FROM object_instance i
        JOIN network_object o ON o.project_id = i.project_id AND o.id = i.network_object_id WHERE i.project_id = $1 AND o.kind = 'node'
        AND NOT (o.bbox && $2::box) ORDER BY i.id LIMIT 1)`, [pid, `(${x1 * AREA_TILE},${y1 * AREA_TILE}),(${x0 * AREA_TILE},${y0 * AREA_TILE})`, `far ${k}`]);
      await bumpNetworkVersion(q, pid);
    });
    for (const { tx, ty } of dense) afterWrite.push((await read('Arrow', tileUrl(tx, ty), false)).total);
  }
  rows.push(row('tile read in a fresh process, stored in the database — Arrow', n, 'p50', 'ms', stats(storedRead).p50, stats(tile.Arrow).p50));
  rows.push(row('tile read + merge, tile stored in the database — Arrow', n, 'p50', 'ms', stats(storedMerged).p50, stats(merged.Arrow).p50));
  rows.push(row('tile read + merge, tile stored in the database — Arrow', n, 'p99', 'ms', stats(storedMerged).p99, stats(merged.Arrow).p99));
  rows.push(row('tile read again, kept per process — Arrow', n, 'p50', 'ms', stats(keptRead).p50, stats(tile.Arrow).p50));
  rows.push(row('tile read + merge, tile kept per process — Arrow', n, 'p50', 'ms', stats(keptMerged).p50, stats(merged.Arrow).p50));
  rows.push(row('tile read + merge, tile kept per process — Arrow', n, 'p99', 'ms', stats(keptMerged).p99, stats(merged.Arrow).p99));
  rows.push(row('tile read after a write away from it (kept, change log checked) — Arrow', n, 'p50', 'ms', stats(afterWrite).p50, stats(tile.Arrow).p50));
  console.log(table(rows.filter((r) => r.size === n)));
}
for (const r of rows) r.case = `${r.case} [${dbName}]`;
console.log(writeResults(`network-arrow-${dbName.toLowerCase()}`, rows, { database: dbName, runs: RUNS }));
await server.close();
process.exit(0);
