// Test set-up of i18next with the translation fragments merged (as scripts/build-i18n.mjs does; that script is
// imported only in node-environment tests, since jsdom replaces the URL class it relies on).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { initI18n, type Language } from '../../../src/i18n/i18n';

function deepMerge(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) into[k] = deepMerge((into[k] as Record<string, unknown>) ?? {}, v as Record<string, unknown>);
    else into[k] = v;
  }
  return into;
}

export function merged(lang: Language): Record<string, unknown> {
  const dir = resolve(process.cwd(), 'i18n', lang);
  const out: Record<string, unknown> = {};
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')).sort()) deepMerge(out, JSON.parse(readFileSync(join(dir, f), 'utf8')));
  return out;
}

export async function setupI18n(language: Language = 'en') {
  return initI18n({ language, resources: { en: merged('en'), nl: merged('nl') } });
}
