// Capex bench (issue 13): CapexIndex on generated street grids at 10⁵ and 10⁶ edges — full build, memory, and the
// incremental update after draws with splits, node moves, undo and redo through an Editor, beside a full rebuild of
// the same network (bench/incremental-index.ts). Run: npm run bench:capex (honours BENCH_MAX_SIZE).
import { CapexIndex, costLines } from '../engine/index';
import { runIncrementalBench } from './incremental-index';

runIncrementalBench<CapexIndex>({
  suite: 'capex',
  build: (model) => new CapexIndex(model),
  rebuild: (model) => { costLines(model); },
  same: (model, c) => JSON.stringify(c.lines({ keepZero: true })) === JSON.stringify(costLines(model, {}, { keepZero: true })),
});
