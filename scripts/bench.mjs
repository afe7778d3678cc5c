// `npm run bench` runs every bench/<suite>.bench.ts; `npm run bench:<suite>` one of them. Each suite prints a table
// and writes bench/results/<suite>.json ({machine, date, rows}). BENCH_MAX_SIZE caps the largest size (edges);
// BENCH_GL the browser benches' software rasteriser (below).
import { existsSync, readdirSync } from 'node:fs';
import { execSync, spawnSync } from 'node:child_process';

// BENCH_GL=llvmpipe (bench/browser/launch.ts): the browser benches draw with Mesa's llvmpipe in a headed Chromium on an
// X display; without one the suites run under Debian's xvfb-run (installed with apt-get where it is missing, as root)
function xvfbRun() {
  if (process.env.BENCH_GL !== 'llvmpipe' || process.env.DISPLAY) return null;
  const has = () => { try { execSync('command -v xvfb-run', { stdio: 'ignore' }); return true; } catch { return false; } };
  if (!has() && existsSync('/etc/debian_version') && process.getuid?.() === 0) {
    console.log('BENCH_GL=llvmpipe: installing Debian\'s xvfb (apt-get install -y xvfb)…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xvfb', { stdio: 'inherit' });
  }
  if (!has()) throw new Error('BENCH_GL=llvmpipe needs an X display or xvfb-run: sudo apt-get install -y xvfb');
  return ['xvfb-run', '-a', '-s', '-screen 0 1280x1024x24'];
}
const xvfb = xvfbRun();

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
  const cmd = [...(xvfb ?? []), 'npx', 'tsx', `bench/${s}.bench.ts`];
  const r = spawnSync(cmd[0], cmd.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=6144 --expose-gc`.trim() },
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
