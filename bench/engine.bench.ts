// Engine benchmark (issue 3): generated street-grid networks at 10k, 100k and 1M edges. Load + index, heap, hit-test,
// draw-edge-with-splits, node move, undo, redo, save merge (20 items; 10k edits), each beside a naive baseline
// (linear scans; copying the whole model per edit). Run: npx tsx bench/engine.bench.ts (honours BENCH_MAX_SIZE).
import {
  Editor, createModel, generateNetwork, GENERATED_TYPE_IDS, SpatialIndex, bruteForceNear, pendingActions, saveRequests, pentries, baseGet,
  type Model, type Position,
} from '../engine/index';
import { loadavg } from 'node:os';
import { memMB, now, row, sample, sizes, stats, writeResults, type BenchRow } from './lib';

const rows: BenchRow[] = [];
const us = (ms: number) => ms * 1000;
let seed = 12345;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

/** Naive edit: find what is near by a linear scan and copy the whole model table (no overlay). */
function naiveEdit(m: Model, p: Position): void {
  bruteForceNear(m, p, 0.01);
  const copy: Record<string, unknown> = {};
  for (const [k, v] of pentries(m.networkObjects)) copy[k] = v;
}

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const loads: Record<string, string> = {};
// BENCH_LOAD_ONLY=1: only the timed load + index section at each size (wall, CPU, load average), no results file;
// run it in separate processes to compare code versions on this shared machine
const loadOnly = process.env.BENCH_LOAD_ONLY === '1';

for (const size of sizes([10_000, 100_000, 1_000_000])) {
  const heap0 = memMB();
  let net: ReturnType<typeof generateNetwork> | null = generateNetwork(size);
  loads[`${size} before`] = load();
  const edges = net.edges, grid = net.grid, sp = net.spacing;
  const streets = net.streetEdgeIds, houses = net.houseNodeIds;
  const t0 = now(), c0 = process.cpuUsage();
  const model = createModel(net);
  const index = SpatialIndex.fromModel(model);
  const loadMs = now() - t0;
  const loadCpu = process.cpuUsage(c0); // process CPU (main thread + V8's GC threads): shows how much CPU the run got
  net = null;
  const heap = memMB() - heap0;
  rows.push(row('load + index', edges, 'time', 'ms', loadMs));
  rows.push(row('load + index', edges, 'cpu', 'ms', (loadCpu.user + loadCpu.system) / 1000));
  rows.push(row('model + index', edges, 'heap', 'MB', heap));
  if (loadOnly) {
    console.log(`${edges} edges: load + index ${loadMs.toFixed(0)} ms, cpu ${((loadCpu.user + loadCpu.system) / 1000).toFixed(0)} ms (system ${(loadCpu.system / 1000).toFixed(0)}), heap ${heap.toFixed(0)} MB, load average ${loads[`${size} before`]} → ${load()}`);
    continue;
  }
  const ed = new Editor(model, { newId: (() => { let i = 0; return () => `n${++i}`; })(), projectId: 1 }, index);

  const pt = (): Position => [150000 + rnd() * grid * sp, 460000 + rnd() * grid * sp];
  const hits = stats(sample(20000, () => { ed.index.hitTest(pt(), 1.5); }));
  const naiveHit = stats(sample(size >= 1e6 ? 3 : 10, () => { bruteForceNear(ed.model, pt(), 1.5); }, 1));
  rows.push(row('hit-test', edges, 'p50', 'µs', us(hits.p50), us(naiveHit.p50)));
  rows.push(row('hit-test', edges, 'p99', 'µs', us(hits.p99), us(naiveHit.p99)));

  // draw an edge across a block from the body of one street edge to the body of the next: two splits
  const drawOne = (i: number) => {
    const s = streets[(i * 7919) % streets.length];
    const c = baseGet(ed.model.networkObjects.base, s)?.edge?.geometry.coordinates;
    if (!c) return;
    const a: Position = [(c[0][0] + c[1][0]) / 2, (c[0][1] + c[1][1]) / 2];
    const vertical = c[0][0] === c[1][0];
    const b: Position = vertical ? [a[0] + sp / 2, a[1] + 3] : [a[0] + 3, a[1] + sp / 2];
    ed.apply({ type: 'drawEdge', coordinates: [a, b], instances: [{ objectTypeId: GENERATED_TYPE_IDS.trench }] });
  };
  for (let i = 0; i < 20; i++) drawOne(200 + i); // untimed warm-up gestures on other streets (JIT), then 200 timed
  const drawSamples = sample(200, drawOne, 0);
  const naiveDraw = stats(sample(3, () => naiveEdit(ed.model, pt()), 0));
  const draw = stats(drawSamples);
  rows.push(row('draw edge with splits', edges, 'p50', 'ms', draw.p50, naiveDraw.p50));
  rows.push(row('draw edge with splits', edges, 'p99', 'ms', draw.p99, naiveDraw.p99));

  const moveOne = (i: number) => {
    const h = houses[(i * 104729) % houses.length];
    const q = baseGet(ed.model.networkObjects.base, h)?.node?.geometry.coordinates;
    if (q) ed.apply({ type: 'moveNode', id: h, to: [q[0] + 1.5, q[1] + 1] });
  };
  for (let i = 0; i < 20; i++) moveOne(200 + i);
  const move = stats(sample(200, moveOne, 0));
  rows.push(row('node move', edges, 'p50', 'ms', move.p50, naiveDraw.p50));
  rows.push(row('node move', edges, 'p99', 'ms', move.p99, naiveDraw.p99));

  const undo = stats(sample(20, () => { ed.undo(); }, 0));
  const redo = stats(sample(20, () => { ed.redo(); }, 0));
  rows.push(row('undo', edges, 'p99', 'ms', undo.p99, naiveDraw.p50));
  rows.push(row('redo', edges, 'p99', 'ms', redo.p99, naiveDraw.p50));

  // save merge of the 20-item window vs diffing the whole model against the saved state
  const window20 = ed.history.items.flatMap((it) => it.actions);
  const merge20 = stats(sample(50, () => { saveRequests(window20); }));
  const naiveMerge = stats(sample(size >= 1e6 ? 2 : 5, () => {
    let n = 0;
    for (const [k, v] of pentries(ed.model.networkObjects)) if (baseGet(model.networkObjects.base, k) !== v) n++;
    void n;
  }, 0));
  rows.push(row('save merge 20 items', edges, 'p50', 'ms', merge20.p50, naiveMerge.p50));
  const all = pendingActions(ed.history);
  // 10k edits: node moves, each its own gesture (older items leave the window but stay unsaved)
  const moves10k = stats(sample(10_000, (i) => {
    const h = houses[(i * 7) % houses.length];
    const q = baseGet(ed.model.networkObjects.base, h)?.node?.geometry.coordinates;
    if (q) ed.apply({ type: 'moveNode', id: h, to: [q[0] + 2 + (i % 3), q[1] + 1] });
  }, 0));
  rows.push(row('node move (during 10k edits)', edges, 'p99', 'ms', moves10k.p99, naiveDraw.p50));
  const pending = pendingActions(ed.history);
  const t1 = now();
  const reqs = saveRequests(pending);
  rows.push(row('save merge 10k edits', edges, 'time', 'ms', now() - t1, naiveMerge.p50));
  loads[`${size} after`] = load();
  console.error(`size ${size}: ${edges} edges, ${all.length} actions in window, ${pending.length} pending actions, ${reqs.length} batches`);
}

if (!loadOnly) writeResults('engine', rows, { loadAverage: loads });
