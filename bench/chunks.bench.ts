// The map's network chunks (src/map/render/network-chunks.ts) of a whole-loaded network: the build of every cell's
// binary buffers the open waits for before deck.gl's first draw (each object described, styled by the fttx catalogue's
// layers with their default styles — every style reads the object's attribute values — and placed), and the rebuild
// of one cell after an edit. Generated FTTH networks of 5·10⁴ and 10⁵ edges (a project over 300 000 objects loads by
// area: its chunks are built tile by tile, the rebuild's path); cell size as the editor binding chooses it.
// Run: npm run bench:chunks (honours BENCH_MAX_SIZE).
import { CATALOGUE, CONTEXT_DEFAULTS, PROJECT_TYPES, offeredLayers, resolveView } from '../layers/index';
import { allObjects, createModel, generateNetwork, type Model } from '../engine/index';
import { NetworkChunks } from '../src/map/render/network-chunks';
import { modelSource } from '../src/map/render/model-source';
import { catalogueStyle } from '../src/map/render/catalogue-style';
import { heapMB, now, row, sizes, stats, writeResults, type BenchRow } from './lib';

const RUNS = Number(process.env.BENCH_CHUNK_RUNS ?? 3);
const fibre = offeredLayers(CATALOGUE, { projectTypeId: PROJECT_TYPES.fttx });
const style = catalogueStyle(fibre, resolveView(fibre, { mapContext: 'trenches', userSettings: [], viewDefaults: CONTEXT_DEFAULTS.trenches, recommended: new Map() }));

/** The cell size the editor binding picks for this model (every 97th object's first position). */
function cellSize(m: Model): number {
  let count = 0, x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [, o] of allObjects(m)) {
    count++;
    const p = o.node ? o.node.geometry.coordinates : o.edge?.geometry.coordinates[0];
    if (p && count % 97 === 1) { x0 = Math.min(x0, p[0]); y0 = Math.min(y0, p[1]); x1 = Math.max(x1, p[0]); y1 = Math.max(y1, p[1]); }
  }
  return NetworkChunks.chooseCellSize(x1 - x0, y1 - y0, count);
}

const rows: BenchRow[] = [];
for (const size of sizes([50_000, 100_000])) {
  let net: ReturnType<typeof generateNetwork> | null = generateNetwork(size, { detail: 'ftth' });
  const m: Model = createModel(net);
  net = null;
  const cell = cellSize(m);
  const src = modelSource(() => m);
  const builds: number[] = [];
  let chunks: NetworkChunks | null = null;
  const before = heapMB();
  for (let k = 0; k <= RUNS; k++) {
    chunks = null; heapMB();
    const t0 = now();
    chunks = new NetworkChunks(src, { cellSize: cell, style });
    chunks.build();
    if (k > 0) builds.push(now() - t0); // the first warms the code
  }
  const held = heapMB() - before;
  const all = chunks!.chunks();
  console.log(`${size} edges: cell ${cell.toFixed(0)} m, ${all.length} chunks`);
  const b = stats(builds);
  rows.push(row('chunk build, whole network (describe, style, place, buffers)', size, 'p50', 'ms', b.p50));
  rows.push(row('chunk build, whole network (describe, style, place, buffers)', size, 'max', 'ms', b.max));
  rows.push(row('chunks held after the build (heap)', size, 'after', 'MB', held));
  // one edit's cell rebuild: an object of a full chunk changed
  const ids: string[] = [];
  for (const [id] of allObjects(m)) { ids.push(id); if (ids.length > 5000) break; }
  const rebuilds: number[] = [];
  for (let k = 0; k < 30; k++) { const t0 = now(); chunks!.update([ids[(k * 997) % ids.length]]); rebuilds.push(now() - t0); }
  const r = stats(rebuilds);
  rows.push(row('one edited object: its cell rebuilt', size, 'p50', 'ms', r.p50));
  rows.push(row('one edited object: its cell rebuilt', size, 'p99', 'ms', r.p99));
}
console.log(writeResults('chunks', rows));
