// The engine stays headless: no file under engine/ may import React, Redux, deck.gl, luma.gl, MapLibre or touch the
// DOM. This test fails on the first such import (our equivalent of ESLint's no-restricted-imports).
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const FORBIDDEN = [/^react(-dom|-redux|-router|-map-gl|-i18next)?(\/|$)/, /^@reduxjs\//, /^redux/, /^@deck\.gl/, /^@luma\.gl/, /^maplibre-gl/, /^@deck\.gl-community/];
const DOM_GLOBALS = /\b(document|window|navigator|localStorage|HTMLElement)\s*[.[]/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

export function importViolations(source: string): string[] {
  const specs = [...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm)]
    .map((m) => m[1] ?? m[2] ?? m[3]);
  const bad = specs.filter((s) => FORBIDDEN.some((re) => re.test(s)));
  const code = source.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  if (DOM_GLOBALS.test(code)) bad.push('DOM global');
  return bad;
}

describe('engine imports no UI or DOM', () => {
  it('detects a forbidden import (the rule itself works)', () => {
    expect(importViolations("import { useState } from 'react';")).toEqual(['react']);
    expect(importViolations("import { Deck } from '@deck.gl/core';")).toEqual(['@deck.gl/core']);
    expect(importViolations('const w = window.innerWidth;')).toEqual(['DOM global']);
    expect(importViolations("import RBush from 'rbush';")).toEqual([]);
  });

  it('finds no forbidden import under engine/', () => {
    const offenders = files('engine').flatMap((f) => importViolations(readFileSync(f, 'utf8')).map((v) => `${f}: ${v}`));
    expect(offenders).toEqual([]);
  });
});
