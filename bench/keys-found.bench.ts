// The keys found last (issue 15; engine/id-table.ts `idFind`, noted by ptable.ts `baseEntries`): the passes an open of
// a whole-loaded project runs — the map's first-draw reads (every object described, its first instance's style
// props, a path's edges and label), the live validation's full run, the capex index, the labels — over a whole read's
// model (the generated FTTH network with UUID ids of bench:column-index), with the entries answering finds beside the
// same passes with every find hashed and probed (`keysFound.on = false`), alternating; and how many finds hashed.
// Run: npm run bench:keys-found (honours BENCH_MAX_SIZE; BENCH_FOUND_RUNS passes each way, default 5).
import { networkColumns } from '../engine/network-arrow';
import { columnIndex } from '../engine/column-index';
import { columnRows, modelOfColumns } from '../engine/model-columns';
import { keysFound } from '../engine/id-table';
import { CapexIndex, NetworkValidation, type Model } from '../engine/index';
import { modelSource } from '../src/map/render/model-source';
import { generatedAnswer } from '../tests/engine/support/arrow-networks';
import { now, row, sizes, stats, writeResults, type BenchRow } from './lib';

const RUNS = Number(process.env.BENCH_FOUND_RUNS ?? 5);

const PASSES: [string, (m: Model) => unknown][] = [
  ['the first draw\'s reads (describe, style props, a path\'s edges and label)', (m) => {
    const src = modelSource(() => m);
    let n = 0;
    src.forEach((id, d) => { n += Object.keys(d.props?.() ?? {}).length; if (d.path) { n += d.over?.().length ?? 0; n += src.labelOf(id).length; } });
    return n;
  }],
  ['live validation full run', (m) => new NetworkValidation(m, {}).results().length],
  ['capex index build', (m) => new CapexIndex(m)],
  ['labels (displayName of every object, in the walk)', (m) => { const src = modelSource(() => m); let n = 0; src.forEach((id) => { n += src.labelOf(id).length; }); return n; }],
];

const rows: BenchRow[] = [];
for (const size of sizes([100_000])) {
  const bytes = generatedAnswer(size);
  const ms: Record<string, number[]> = {}, hashed: Record<string, number> = {};
  for (let r = 0; r <= RUNS; r++) {
    for (const on of r % 2 ? [true, false] : [false, true]) {
      keysFound.on = on;
      const c = networkColumns(bytes), m = modelOfColumns(c, columnRows(c), columnIndex(c));
      for (const [name, pass] of PASSES) {
        keysFound.hashed = 0;
        const t0 = now();
        pass(m);
        const t = now() - t0;
        if (r > 0) (ms[`${name}|${on}`] ??= []).push(t); // the first round warms up
        hashed[`${name}|${on}`] = keysFound.hashed;
      }
    }
  }
  keysFound.on = true;
  for (const [name] of PASSES) {
    for (const q of ['p50', 'p99'] as const) rows.push(row(`${name} (baseline: every find hashed)`, size, q, 'ms', stats(ms[`${name}|true`])[q], stats(ms[`${name}|false`])[q]));
    rows.push(row(`${name}: finds that hashed their key`, size, 'count', 'finds', hashed[`${name}|true`], hashed[`${name}|false`]));
  }
}
writeResults('keys-found', rows);
