// The browser benches' network generator (bench/browser/network.ts over engine/generate.ts) as one self-contained
// JavaScript function source `(n) => wire objects`, bundled from the modules with esbuild when a bench starts, for
// page.evaluate in the app page (the network is made inside the page instead of being shipped over the DevTools
// protocol). The baseline page imports network.ts itself.
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';

const bundle = buildSync({
  entryPoints: [fileURLToPath(new URL('./network.ts', import.meta.url))],
  bundle: true, format: 'iife', globalName: '__benchNetwork', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent',
}).outputFiles[0].text;

export const GENERATE_JS = `(n) => {\n${bundle}\nreturn __benchNetwork.benchNetwork(n);\n}`;

export { OBJECT_TYPES } from './network';
