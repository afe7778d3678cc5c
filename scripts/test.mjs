// `npm test`: every test in one command. Order: translations merged, Chromium found (or installed on Debian as root),
// type check, web app built, unit + server integration on PGlite, the server suite again on PostgreSQL when
// DATABASE_URL is set, then the browser tests. Ends with one line "N passed, N failed" over all of them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { buildI18n } from './build-i18n.mjs';
import { ensureChromium } from './chromium.mjs';

const results = 'test-results';
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const childEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: childEnv });
  if (r.status !== 0) { ok = false; console.log(`--- ${label}: exit ${r.status}`); }
  return r.status === 0;
}

function vitest(label, projects, json, env = {}) {
  const file = `${results}/${json}.json`;
  rmSync(file, { force: true });
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const passed = run(label, 'npx', args, env);
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests; totals.failed += r.numFailedTests; totals.skipped += r.numPendingTests + r.numTodoTests;
    if (!passed && r.numFailedTests === 0) totals.failed += 1; // a suite that crashed outside a test still counts
  } else if (!passed) totals.failed += 1;
}

buildI18n();
const chromium = ensureChromium();
console.log(`Chromium: ${chromium}`);

if (run('type check (tsc --noEmit)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])) totals.passed += 1; else totals.failed += 1;
if (!run('build web app (vite build)', 'npx', ['vite', 'build', '--logLevel', 'warn'])) totals.failed += 1;

const noDb = { DATABASE_URL: undefined, TEST_DATABASE_URL: undefined };
vitest('unit + server integration (PGlite)', ['unit', 'server'], 'vitest-unit-server', noDb);
if (process.env.DATABASE_URL) {
  vitest('server integration (PostgreSQL server)', ['server'], 'vitest-server-pg', { DATABASE_URL: undefined, TEST_DATABASE_URL: process.env.DATABASE_URL });
}
vitest('browser tests (Chromium)', ['e2e'], 'vitest-e2e', { ...noDb, CHROMIUM_PATH: chromium });

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
