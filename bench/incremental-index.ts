// Shared body of the incremental-index benches (validation.bench.ts, capex.bench.ts): on generated street grids
// (engine/generate.ts, 'light') at 10⁵ and 10⁶ edges, the index's full build and memory, then the time of its
// `apply(model, diff)` after each of 200 draws with two splits, 200 node moves, 20 undos and 20 redos through an
// Editor (the gesture itself not timed), beside a full rebuild of the same network in the same run (baseline; ratio =
// baseline ÷ value). The index must equal a rebuild at the end (`same`), or the bench fails.
import {
  Editor, createModel, generateNetwork, baseGet, GENERATED_TYPE_IDS, type Diff, type Model, type Position,
} from '../engine/index';
import { loadavg } from 'node:os';
import { memMB, now, row, sizes, stats, writeResults, type BenchRow } from './lib';

export interface IncrementalIndex { apply(model: Model, diff: Diff): boolean; lastChecked: number }

export interface IncrementalBench<I extends IncrementalIndex> {
  suite: string;
  /** Builds the index over a model (a full run). */
  build: (model: Model, grid: { origin: Position; extent: number }) => I;
  /** A full rebuild from the model (the baseline). */
  rebuild: (model: Model, index: I) => void;
  /** Whether the index equals a rebuild from the model. */
  same: (model: Model, index: I) => boolean;
  /** Untimed preparation before the build (e.g. reference data over the network's extent). */
  setup?: (model: Model, edges: number) => void;
  /** false: return the rows without writing bench/results (the caller adds rows and writes). */
  write?: boolean;
}

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

export function runIncrementalBench<I extends IncrementalIndex>(b: IncrementalBench<I>): { rows: BenchRow[]; loads: Record<string, string> } {
  const rows: BenchRow[] = [];
  const loads: Record<string, string> = {};
  for (const size of sizes([100_000, 1_000_000])) {
    loads[`${size} before`] = load();
    let net: ReturnType<typeof generateNetwork> | null = generateNetwork(size);
    const edges = net.edges, sp = net.spacing, streets = net.streetEdgeIds, houses = net.houseNodeIds;
    const extent = net.grid * sp;
    const model = createModel(net);
    net = null;
    const ed = new Editor(model, { newId: (() => { let i = 0; return () => `n${++i}`; })(), projectId: 1 });

    b.setup?.(model, edges);
    const mem0 = memMB();
    const t0 = now();
    const index = b.build(model, { origin: [150000, 460000], extent });
    rows.push(row(`${b.suite} build (full run)`, edges, 'time', 'ms', now() - t0));
    rows.push(row(`${b.suite} index`, edges, 'memory', 'MB', memMB() - mem0));

    const timed = (n: number, warmup: number, gesture: (i: number) => { model: Model; diff: Diff } | null) => {
      const ms: number[] = [], checked: number[] = [];
      for (let i = 0; i < warmup + n; i++) {
        const r = gesture(i);
        if (!r) continue;
        const t = now();
        index.apply(r.model, r.diff);
        if (i >= warmup) { ms.push(now() - t); checked.push(index.lastChecked); }
      }
      return { ...stats(ms), checked: checked.reduce((a, x) => a + x, 0) / (checked.length || 1) };
    };
    // draw an edge across a block from the body of one street edge to the body of the next: two splits (as bench/engine)
    const draw = (i: number) => {
      const c = baseGet(ed.model.networkObjects.base, streets[(i * 7919) % streets.length])?.edge?.geometry.coordinates;
      if (!c) return null;
      const a: Position = [(c[0][0] + c[1][0]) / 2, (c[0][1] + c[1][1]) / 2];
      const bEnd: Position = c[0][0] === c[1][0] ? [a[0] + sp / 2, a[1] + 3] : [a[0] + 3, a[1] + sp / 2];
      return ed.apply({ type: 'drawEdge', coordinates: [a, bEnd], instances: [{ objectTypeId: GENERATED_TYPE_IDS.trench }] });
    };
    const move = (i: number) => {
      const h = houses[(i * 104729) % houses.length];
      const q = baseGet(ed.model.networkObjects.base, h)?.node?.geometry.coordinates;
      return q ? ed.apply({ type: 'moveNode', id: h, to: [q[0] + 1.5, q[1] + 1] }) : null;
    };
    const splits = timed(200, 20, (i) => draw(200 + i));
    const moves = timed(200, 20, move);
    const undos = timed(20, 0, () => ed.undo());
    const redos = timed(20, 0, () => ed.redo());

    const full: number[] = [];
    for (let k = 0; k < (size >= 1e6 ? 3 : 5); k++) { const t = now(); b.rebuild(ed.model, index); full.push(now() - t); }
    const f = stats(full);
    rows.push(row(`${b.suite} full rebuild`, edges, 'p50', 'ms', f.p50));
    for (const [name, s] of [['after draw with 2 splits', splits], ['after node move', moves], ['after undo', undos], ['after redo', redos]] as const) {
      rows.push(row(`${b.suite} apply ${name}`, edges, 'p50', 'ms', s.p50, f.p50));
      rows.push(row(`${b.suite} apply ${name}`, edges, 'p99', 'ms', s.p99, f.p50));
      rows.push(row(`${b.suite} apply ${name}`, edges, 'checked', 'subjects', s.checked));
    }
    if (!b.same(ed.model, index)) throw new Error(`${b.suite}: the incremental index differs from a rebuild at ${edges} edges`);
    loads[`${size} after`] = load();
  }
  if (b.write !== false) writeResults(b.suite, rows, { loadAverage: loads });
  return { rows, loads };
}
