// No hard-coded visible text in the app's components: JSX text and visible attributes (placeholder, title, alt,
// aria-label) must come from translations. Symbols, numbers and punctuation are allowed.
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

/** Every area of the web app with components. */
const AREAS = ['src/app', 'src/auth', 'src/shell', 'src/dashboard', 'src/projects', 'src/admin', 'src/workflow', 'src/i18n', 'src/map', 'src/layers-panel', 'src/settings', 'src/materials', 'src/statistics', 'src/management'];

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? tsxFiles(p) : p.endsWith('.tsx') ? [p] : [];
  });
}

/** Text with a word in it is visible text; symbols like ×, ↓, 🔔 and numbers are not. */
const hasWords = (s: string) => /\p{L}{2,}/u.test(s);
const VISIBLE_ATTRIBUTES = new Set(['placeholder', 'title', 'alt', 'aria-label', 'label']);

type Node = { type?: string; [k: string]: unknown };

/** Parses TSX (rolldown's oxc parser) and returns the visible JSX texts and visible attribute literals. */
export function findHardCoded(source: string): string[] {
  const found: string[] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) { n.forEach(walk); return; }
    if (!n || typeof n !== 'object') return;
    const node = n as Node;
    if (node.type === 'JSXText' && hasWords(String(node.value))) found.push(String(node.value).trim());
    if (node.type === 'JSXAttribute') {
      const name = (node.name as Node).name as string;
      const value = node.value as Node | null;
      if (VISIBLE_ATTRIBUTES.has(name) && value?.type === 'Literal' && hasWords(String(value.value))) found.push(`${name}="${String(value.value)}"`);
    }
    for (const v of Object.values(node)) if (v && typeof v === 'object') walk(v);
  };
  walk(parseAst(source, { lang: 'tsx' }));
  return found;
}

describe('hard-coded visible strings', () => {
  it('the detector finds JSX text and visible attributes, and allows symbols', () => {
    expect(findHardCoded('const a = <p>Hello world</p>;')).toEqual(['Hello world']);
    expect(findHardCoded('const a = <p>{n} items left</p>;')).toEqual(['items left']);
    expect(findHardCoded('const a = <input placeholder="Search" />;')).toEqual(['placeholder="Search"']);
    expect(findHardCoded('const a = <button>×</button>; const b = <p>{t("x")}</p>; const c = <b>12</b>;')).toEqual([]);
  });

  for (const area of AREAS) {
    it(`${area} has none`, () => {
      let files: string[] = [];
      try { files = tsxFiles(area); } catch { return; }
      const offenders = files.flatMap((f) => findHardCoded(readFileSync(f, 'utf8')).map((s) => `${f}: ${s}`));
      expect(offenders).toEqual([]);
    });
  }
});
