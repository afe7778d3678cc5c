// Merges the translation fragments i18n/{lang}/*.json (one file per feature area, so areas never edit one shared
// file) into public/assets/i18n/{lang}.json, the file the app loads. Run by vite (dev and build) and npm start/test.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));

function deepMerge(into, from, path, file) {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      if (into[k] !== undefined && (typeof into[k] !== 'object')) throw new Error(`i18n conflict at ${path}${k} (${file})`);
      into[k] = deepMerge(into[k] ?? {}, v, `${path}${k}.`, file);
    } else {
      if (into[k] !== undefined) throw new Error(`i18n key ${path}${k} defined twice (${file})`);
      into[k] = v;
    }
  }
  return into;
}

export function mergeLanguage(lang) {
  const dir = join(root, 'i18n', lang);
  const out = {};
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    deepMerge(out, JSON.parse(readFileSync(join(dir, f), 'utf8')), '', `${lang}/${f}`);
  }
  return out;
}

export function buildI18n() {
  const outDir = join(root, 'public', 'assets', 'i18n');
  mkdirSync(outDir, { recursive: true });
  const langs = readdirSync(join(root, 'i18n')).filter((d) => /^[a-z]{2}$/.test(d));
  for (const lang of langs) writeFileSync(join(outDir, `${lang}.json`), JSON.stringify(mergeLanguage(lang), null, 2) + '\n');
  return langs;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`i18n: wrote ${buildI18n().join(', ')}`);
}
