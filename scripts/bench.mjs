// `npm run bench` runs every bench/<suite>.bench.ts; `npm run bench:<suite>` one of them. Each suite prints a table
// and writes bench/results/<suite>.json ({machine, date, rows}). BENCH_MAX_SIZE caps the largest size (edges).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const only = process.argv[2];
const suites = readdirSync('bench').filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace(/\.bench\.ts$/, ''));
const chosen = only ? suites.filter((s) => s === only) : suites;
if (only && chosen.length === 0) {
  console.error(`No bench suite '${only}'. Suites: ${suites.join(', ') || '(none yet)'}`);
  process.exit(2);
}
let failed = 0;
for (const s of chosen) {
  console.log(`\n### bench: ${s}`);
  const r = spawnSync('npx', ['tsx', `bench/${s}.bench.ts`], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=6144 --expose-gc`.trim() },
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
