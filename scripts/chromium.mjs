// Finds Debian's Chromium for the browser tests: CHROMIUM_PATH, /usr/bin/chromium, or `chromium` on PATH. Where none
// exists and this is Debian as root, installs it with apt-get; otherwise stops with the install command to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

function onPath(name) {
  try { return execSync(`command -v ${name}`, { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || undefined; }
  catch { return undefined; }
}

export function findChromium() {
  const env = process.env.CHROMIUM_PATH;
  if (env && existsSync(env)) return env;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return onPath('chromium') ?? onPath('chromium-browser');
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isDebian = existsSync('/etc/debian_version');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isDebian && isRoot) {
    console.log('Chromium not found: installing Debian\'s chromium (apt-get install -y chromium)…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    const after = findChromium();
    if (after) return after;
  }
  throw new Error('No Chromium found for the browser tests. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).');
}
