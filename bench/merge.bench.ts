// Area-loading merge benchmark (issue 15): window reads ("tiles") of a generated street network merged one after the
// other into a session — in bulk as base segments (engine/segments.ts, the default) beside row by row in transactions
// (the baseline: bulkMerge.min = ∞) — with the live validation following each merge's diff, as the map does. Prints
// p50/p99/max per tile, the session's memory after the merges and a lookup over the merged model. Each mode runs in
// a child process of its own (BENCH_MERGE_MODE), so no memory figure carries another mode's leftovers; a third mode
// leaves the folds to Editor.fold after the tile, as the map does (editor-binding.ts), and times them apart; a fourth
// gives each read as the flat rows an Arrow answer decodes to (engine/merge.ts MergeRows), as the map now merges tiles.
// Run: npm run bench:merge (honours BENCH_MAX_SIZE; BENCH_MERGE_TILES tiles, default 24).
import {
  Editor, NetworkValidation, SpatialIndex, createModel, edgesOfNode, flatRead, generateNetwork, getObject, getPathEdge, pathEdgesOfEdge, pentries,
  segmentCount, toWire, type Model, type NetworkObject,
} from '../engine/index';
import { spawnSync } from 'node:child_process';
import { memMB, now, row, sizes, stats, writeResults, type BenchRow } from './lib';

const rows: BenchRow[] = [];
/** Memory after full GCs, once freed shared typed-array stores are really released (they go a while after the GC):
 *  read until two readings agree within 1 MB (at most ≈ 10 s). */
async function settledMem(): Promise<number> {
  let last = memMB();
  for (let k = 0; k < 40; k++) {
    await new Promise((r) => setTimeout(r, 250));
    const m = memMB();
    if (Math.abs(m - last) < 1) return m;
    last = m;
  }
  return last;
}
const TILES = Number(process.env.BENCH_MERGE_TILES ?? 24);
const PER_TILE = 10_000; // ≈ objects of one area tile of the demo project's density

/** Window reads as the server answers them: objects in the box, end nodes of its edges, paths over them whole. */
function reads(whole: Model, count: number): NetworkObject[][] {
  const index = SpatialIndex.fromModel(whole);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, n = 0;
  for (const [, o] of pentries(whole.networkObjects)) {
    if (!o.node) continue;
    const [x, y] = o.node.geometry.coordinates;
    minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y); n++;
  }
  const perSide = Math.max(1, Math.round(Math.sqrt((n * 2.2) / PER_TILE)));
  const w = (maxX - minX) / perSide, h = (maxY - minY) / perSide;
  const out: NetworkObject[][] = [];
  for (let j = 0; j < perSide && out.length < count; j++) {
    for (let i = 0; i < perSide && out.length < count; i++) {
      const ids = new Set<string>();
      const x = minX + i * w, y = minY + j * h;
      for (const it of index.search(x, y, x + w, y + h)) ids.add(it.id);
      for (const id of [...ids]) {
        const o = getObject(whole, id);
        if (o?.edge) { ids.add(o.edge.fromNodeId); ids.add(o.edge.toNodeId); }
        if (o?.edge) for (const pe of pathEdgesOfEdge(whole, id)) ids.add(getPathEdge(whole, pe)!.pathId);
      }
      for (const id of [...ids]) {
        const p = toWire(whole, id)!;
        for (const pe of p.pathEdges ?? []) {
          ids.add(pe.edgeId);
          const e = getObject(whole, pe.edgeId)!.edge!;
          ids.add(e.fromNodeId); ids.add(e.toNodeId);
        }
      }
      out.push([...ids].map((id) => toWire(whole, id)!));
    }
  }
  return out;
}

type Result = { merge: number[]; fold: number[]; validation: number[]; mem: number; lookup: number; segments: number; tiles: number; objects: number };

/** One mode at one size, in this process. */
async function run(size: number, mode: Mode): Promise<Result> {
  const net = generateNetwork(size, { detail: 'ftth' });
  const tiles = reads(createModel(net), TILES);
  // flat: each read as the flat rows an Arrow answer decodes to (engine/merge.ts MergeRows), made before the timing
  const flatReads = mode === 'flat' ? tiles.map(flatRead) : null;
  const objects = tiles.reduce((s, t) => s + t.length, 0);
  const ed = new Editor(createModel({ networkObjects: [], objectTypes: net.objectTypes }), {
    newId: () => 'x', projectId: 1, bulkMerge: mode === 'rows' ? { min: Infinity } : {},
  });
  const validation = new NetworkValidation(ed.model, {});
  const known = new Set<string>(), rels = new Set<string>();
  const merge: number[] = [], valid: number[] = [], fold: number[] = [];
  for (const t of tiles) {
    const t0 = now();
    const deferFolds = mode === 'deferred' || mode === 'flat';
    const { plan, diff } = ed.merge(flatReads?.[tiles.indexOf(t)] ?? t, { object: (id) => known.has(id), relation: (k) => rels.has(k) }, { deferFolds });
    const t1 = now();
    validation.apply(ed.model, diff);
    valid.push(now() - t1);
    // deferred: the folds the map runs after the frame (editor-binding.ts)
    if (deferFolds) { const t2 = now(); ed.fold(); fold.push(now() - t2); }
    merge.push(t1 - t0);
    for (const id of plan.objects) known.add(id);
    for (const r of diff.added) if (r.table === 'relations') rels.add(r.key);
  }
  // the whole process (the generated network and the reads are alive in both modes alike): freed shared stores of the
  // whole model built for the reads go back late, so a difference to a reading before the merges came out negative
  const mem = await settledMem();
  // a lookup over everything merged: the edges of every loaded node (reads every segment's lists)
  const nodes = [...known].filter((id) => getObject(ed.model, id)?.node);
  const l0 = now();
  let n = 0;
  for (const id of nodes) n += edgesOfNode(ed.model, id).length;
  const lookup = ((now() - l0) * 1000) / Math.max(1, nodes.length);
  if (n === 0) throw new Error('no edges merged');
  return { merge, fold, validation: valid, mem, lookup, segments: segmentCount(ed.model), tiles: tiles.length, objects };
}

type Mode = 'rows' | 'bulk' | 'deferred' | 'flat';
const MODE = process.env.BENCH_MERGE_MODE as Mode | undefined;
if (MODE) {
  // a child run: one mode, results as one line for the parent
  const out: Record<number, Result> = {};
  for (const size of sizes([100_000, 1_000_000])) out[size] = await run(size, MODE);
  console.log(`RESULT ${JSON.stringify(out)}`);
} else {
  // each mode in a process of its own: in one process the second mode's memory figure carried ≈ 50 MB of the first's
  const child = (mode: string): Record<number, Result> => {
    const r = spawnSync('npx', ['tsx', 'bench/merge.bench.ts'], { env: { ...process.env, BENCH_MERGE_MODE: mode }, encoding: 'utf8', maxBuffer: 1 << 26 });
    const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) throw new Error(`bench:merge ${mode} run failed: ${r.stderr}`);
    return JSON.parse(line.slice(7));
  };
  const bulk = child('bulk'), byRows = child('rows'), deferred = child('deferred'), flat = child('flat');
  for (const size of sizes([100_000, 1_000_000])) {
    const r = bulk[size], b = byRows[size];
    const label = `${r.tiles} tiles of ≈ ${Math.round(r.objects / r.tiles)} objects`;
    for (const [metric, f] of [['time p50', 'p50'], ['time p99', 'p99'], ['time max', 'max']] as const) {
      rows.push(row(`merge a tile (${label}), bulk vs transactions`, size, metric, 'ms', stats(r.merge)[f], stats(b.merge)[f]));
    }
    rows.push(row('live validation of a merged tile, bulk vs transactions', size, 'time p50', 'ms', stats(r.validation).p50, stats(b.validation).p50));
    rows.push(row('process memory after the merges (heap + typed arrays; input and reads included)', size, 'memory', 'MB', r.mem, b.mem));
    rows.push(row(`edges of a node over the merged model (${r.segments} segments vs 1)`, size, 'time mean', 'µs', r.lookup, b.lookup));
    // the map's way: folds left to a task after the frame (baseline: bulk with the folds inside the merge)
    const d = deferred[size];
    for (const [metric, f] of [['time p50', 'p50'], ['time p99', 'p99']] as const) {
      rows.push(row('merge a tile with its folds deferred, vs folds inside', size, metric, 'ms', stats(d.merge)[f], stats(r.merge)[f]));
      rows.push(row('the deferred folds, after the tile', size, metric, 'ms', stats(d.fold)[f]));
      // the map's way since the sixth stop: the Arrow answer's flat rows merged as they are (baseline: wire objects)
      rows.push(row('merge a tile given as flat rows (folds deferred), vs wire objects', size, metric, 'ms', stats(flat[size].merge)[f], stats(d.merge)[f]));
    }
  }
  writeResults('merge', rows);
}
