// Validation bench (issue 13): NetworkValidation on generated street grids at 10⁵ and 10⁶ edges — full run, memory,
// and the incremental update after draws with splits, node moves, undo and redo through an Editor, beside a full
// revalidation of the same network (bench/incremental-index.ts). Run: npm run bench:validation (honours BENCH_MAX_SIZE).
import { NetworkValidation, resultKey, type ValidationResult } from '../engine/index';
import { runIncrementalBench } from './incremental-index';

const keys = (rs: ValidationResult[]) => rs.map(resultKey).sort().join('\n');

runIncrementalBench<NetworkValidation>({
  suite: 'validation',
  // a demarcation area around the whole grid, so demarcation_containment runs too
  build: (model, { origin: [x, y], extent }) => new NetworkValidation(model, {
    demarcation: [[[x - 50, y - 50], [x + extent + 50, y - 50], [x + extent + 50, y + extent + 50], [x - 50, y + extent + 50], [x - 50, y - 50]]],
  }),
  rebuild: (model, v) => { v.fullRun(model); },
  same: (model, v) => keys(v.results()) === keys(v.fullRun(model)),
});
