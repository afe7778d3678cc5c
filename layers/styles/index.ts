// Style registry: every named style (fibre, utility, general) by name. The factory and the legend read from here.
import type { StyleDef } from '../types';
import { FIBRE_STYLES } from './registry-fibre';
import { UTILITY_STYLES } from './registry-utility';
import { GENERAL_STYLES } from './registry-general';

export const STYLES: ReadonlyMap<string, StyleDef> = (() => {
  const m = new Map<string, StyleDef>();
  for (const s of [...FIBRE_STYLES, ...UTILITY_STYLES, ...GENERAL_STYLES]) {
    if (m.has(s.name)) throw new Error(`style ${s.name} defined twice`);
    m.set(s.name, s);
  }
  return m;
})();

export function getStyle(name: string): StyleDef {
  const s = STYLES.get(name);
  if (!s) throw new Error('Cannot find style');
  return s;
}
