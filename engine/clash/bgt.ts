// BGT obstruction rules (spec 3 §5): the network crossing BGT surfaces — water and closed paving are errors; open
// paving, transition, vegetation and grass clinkers are warnings (the same six classes as the route analysis rules,
// common/settings DEFAULT_ANALYSIS_RULES). A BGT reference feature's class comes from its properties, in this order:
//   1. `classification` / `class` holding one of the six class names;
//   2. `plus-fysiekVoorkomen` (also `plusFysiekVoorkomen`, `plus_fysiek_voorkomen`): 'grasklinkers' / 'grasbetonsteen'
//      → grass_clinkers, 'asfalt' / 'cementbeton' → closed_paving, any other paving stone → open_paving;
//   3. `fysiekVoorkomen` (also `bgt-fysiekVoorkomen`, `fysiek_voorkomen`, `surface`): 'gesloten verharding' →
//      closed_paving, 'open verharding' / 'half verhard' → open_paving, 'transitie' → transition, 'waterloop' /
//      'watervlakte' / 'zee' / 'greppel, droge sloot' → water, 'onverhard' and the begroeid values (groenvoorziening,
//      gras…, struiken, bos…, heide, …) → vegetation;
//   4. the BGT object class in `bgt_type` / `type` / the layer name: waterdeel, ondersteunendWaterdeel → water;
//      begroeidTerreindeel → vegetation.
// Anything else (pand, unknown values) is no obstruction: no clash. English class words (water, closed paving, …)
// are accepted wherever a Dutch value is.
import type { ClashStatus, ReferenceFeature } from './types';

export const BGT_CLASSES = ['water', 'closed_paving', 'open_paving', 'transition', 'vegetation', 'grass_clinkers'] as const;
export type BgtClass = (typeof BGT_CLASSES)[number];

/** Spec 3 §5: water and closed paving are errors; the rest warnings. */
export const BGT_SEVERITY: Record<BgtClass, 'error' | 'warning'> = {
  water: 'error', closed_paving: 'error', open_paving: 'warning', transition: 'warning', vegetation: 'warning', grass_clinkers: 'warning',
};
/** The status a BGT clash gets: errors Unresolved (severity error), warnings Warning (severity warning). */
export const BGT_STATUS: Record<BgtClass, ClashStatus> = {
  water: 'Unresolved', closed_paving: 'Unresolved', open_paving: 'Warning', transition: 'Warning', vegetation: 'Warning', grass_clinkers: 'Warning',
};

export const isBgtLayer = (layer: string): boolean => /^bgt($|[_:\-.])/i.test(layer);

const norm = (v: unknown): string => (typeof v === 'string' ? v.trim().toLowerCase().replace(/[\s_-]+/g, ' ') : '');

const PLUS: Record<string, BgtClass> = {
  grasklinkers: 'grass_clinkers', grasbetonsteen: 'grass_clinkers', 'grass clinkers': 'grass_clinkers',
  asfalt: 'closed_paving', cementbeton: 'closed_paving',
};
const PLUS_OPEN = ['betonstraatstenen', 'gebakken klinkers', 'tegels', 'sierbestrating', 'natuursteen', 'kunststof', 'grind', 'schelpen'];

const SURFACE: Record<string, BgtClass> = {
  'gesloten verharding': 'closed_paving', 'closed paving': 'closed_paving',
  'open verharding': 'open_paving', 'half verhard': 'open_paving', 'open paving': 'open_paving',
  transitie: 'transition', transition: 'transition',
  waterloop: 'water', watervlakte: 'water', zee: 'water', 'greppel, droge sloot': 'water', water: 'water',
  onverhard: 'vegetation', vegetation: 'vegetation', groenvoorziening: 'vegetation', 'grasland agrarisch': 'vegetation',
  'grasland overig': 'vegetation', struiken: 'vegetation', houtwal: 'vegetation', bouwland: 'vegetation', loofbos: 'vegetation',
  naaldbos: 'vegetation', 'gemengd bos': 'vegetation', heide: 'vegetation', moeras: 'vegetation', rietland: 'vegetation',
  fruitteelt: 'vegetation', boomteelt: 'vegetation', duin: 'vegetation', kwelder: 'vegetation', 'grass clinkers': 'grass_clinkers',
};
const OBJECT_CLASS: [RegExp, BgtClass][] = [[/waterdeel/i, 'water'], [/begroeidterreindeel/i, 'vegetation']];

const first = (p: Record<string, unknown>, keys: string[]): string => {
  for (const k of keys) { const v = norm(p[k]); if (v) return v; }
  return '';
};

/** The obstruction class of a BGT feature, or null when it is no obstruction (see the header for the order). */
export function bgtClass(f: Pick<ReferenceFeature, 'layer' | 'properties'>): BgtClass | null {
  const p = f.properties ?? {};
  const cls = first(p, ['classification', 'class']).replace(/ /g, '_');
  if ((BGT_CLASSES as readonly string[]).includes(cls)) return cls as BgtClass;
  const plus = first(p, ['plus-fysiekVoorkomen', 'plusFysiekVoorkomen', 'plus_fysiek_voorkomen']);
  if (plus && PLUS[plus]) return PLUS[plus];
  if (plus && PLUS_OPEN.includes(plus)) return 'open_paving';
  const surface = first(p, ['fysiekVoorkomen', 'bgt-fysiekVoorkomen', 'fysiek_voorkomen', 'surface']);
  if (surface && SURFACE[surface]) return SURFACE[surface];
  if (surface.startsWith('gras') || surface.includes('bos')) return 'vegetation';
  for (const name of [p.bgt_type, p.type, f.layer]) {
    if (typeof name !== 'string') continue;
    for (const [re, c] of OBJECT_CLASS) if (re.test(name)) return c;
  }
  return null;
}
