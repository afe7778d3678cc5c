// common/ holds what the server and the web app share, so it imports neither side: no React or other UI library, no
// server code, no Node built-ins — only other files of common/ (and the engine, which is headless too).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize, dirname } from 'node:path';

const ALLOWED = [/^\.\/[^/]+$/, /^engine(\/|$)/];

function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm)]
    .map((m) => m[1] ?? m[2] ?? m[3]);
}

describe('common imports only common and the engine', () => {
  it('the rule itself works', () => {
    expect(specifiers("import { useState } from 'react';\nimport type { Role } from './roles';")).toEqual(['react', './roles']);
    expect(['react', '../server/db/db', 'node:fs', './roles', 'engine/geometry'].filter((s) => !ALLOWED.some((re) => re.test(s))))
      .toEqual(['react', '../server/db/db', 'node:fs']);
    expect(normalize(join('common', 'materials', '../settings/index'))).toBe(join('common', 'settings', 'index'));
    expect(normalize(join('common', 'materials', '../../server/db/db')).startsWith('common')).toBe(false);
  });

  it('finds no other import under common/ (subfolders included)', () => {
    const files = readdirSync('common', { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx)$/.test(f));
    expect(files).toContain(join('settings', 'index.ts'));
    // A relative import is allowed when it stays inside common/ (e.g. common/materials → ../settings/index).
    const insideCommon = (f: string, s: string) => /^\.\.?\//.test(s) && !normalize(join('common', dirname(f), s)).startsWith('..')
      && normalize(join('common', dirname(f), s)).startsWith('common');
    const offenders = files.flatMap((f) =>
      specifiers(readFileSync(join('common', f), 'utf8')).filter((s) => !ALLOWED.some((re) => re.test(s)) && !insideCommon(f, s)).map((s) => `common/${f}: ${s}`));
    expect(offenders).toEqual([]);
  });
});
