// Clash rules from the project settings (`clashDetectionSettings`, common/settings/parts.ts): `rules[]` rows (name,
// enabled, editable, priority, visualisation, layer, buffer, resultAction; the optional `objectTypes` extension) and
// `network_layers[]` (name, enabled, editable, layer, buffer, filter). Reading: a row's missing buffer falls back to
// the section's `buffer`, then 1 (spec 3 §9); unknown priorities become 'medium' and unknown statuses 'Unresolved'
// (the template defaults); disabled rules are dropped. The project network is checked when an enabled network layer
// names the layer 'network' (or the settings list none); that layer's `filter`, a comma-separated list of object type
// names or families, narrows the objects of every rule the way `objectTypes` does. BGT: `withBgtRule` adds the
// built-in obstruction rule `bgt_obstruction` (layer 'bgt', buffer 0: the network lies on or in the surface) when no
// rule checks a BGT layer.
import { isBgtLayer } from './bgt';
import { CLASH_PRIORITIES, isClashStatus, type ClashPriority, type ClashRule } from './types';

export const DEFAULT_CLASH_BUFFER = 1;

export const BGT_OBSTRUCTION_RULE: ClashRule = {
  name: 'bgt_obstruction', enabled: true, editable: true, priority: 'medium', visualisation: 'line', layer: 'bgt', buffer: 0, resultAction: 'Unresolved',
};

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
const names = (v: unknown): string[] | undefined => {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  const out = list.filter((x): x is string => typeof x === 'string').map((x) => x.trim()).filter(Boolean);
  return out.length ? out : undefined;
};

export interface ClashSettings {
  rules: ClashRule[];
  /** Whether the project network is checked at all (an enabled network layer 'network'). */
  networkEnabled: boolean;
}

/** The enabled clash rules of a `clashDetectionSettings` section (see the header for the defaults). */
export function clashRulesFromSettings(section: unknown): ClashSettings {
  const s = (section && typeof section === 'object' ? section : {}) as Record<string, unknown>;
  const fallback = num(s.buffer) ?? DEFAULT_CLASH_BUFFER;
  const layers = Array.isArray(s.network_layers) ? (s.network_layers as Record<string, unknown>[]) : null;
  const network = layers ? layers.find((l) => l && l.enabled !== false && l.layer === 'network') : undefined;
  const filter = network ? names(network.filter) : undefined;
  const rules: ClashRule[] = [];
  for (const r of Array.isArray(s.rules) ? (s.rules as Record<string, unknown>[]) : []) {
    if (!r || typeof r !== 'object' || r.enabled === false || typeof r.name !== 'string' || typeof r.layer !== 'string' || !r.layer) continue;
    const priority = (CLASH_PRIORITIES as readonly unknown[]).includes(r.priority) ? (r.priority as ClashPriority) : 'medium';
    const objectTypes = names(r.objectTypes) ?? filter;
    rules.push({
      name: r.name, enabled: true, editable: r.editable !== false, priority,
      visualisation: r.visualisation === 'buffer' || r.visualisation === 'point' ? r.visualisation : 'line',
      layer: r.layer, buffer: num(r.buffer) ?? fallback, resultAction: isClashStatus(r.resultAction) ? r.resultAction : 'Unresolved',
      ...(objectTypes ? { objectTypes } : {}),
    });
  }
  return { rules, networkEnabled: !layers || !!network };
}

/** The rules plus the built-in BGT obstruction rule when none of them checks a BGT layer. */
export function withBgtRule(rules: readonly ClashRule[]): ClashRule[] {
  return rules.some((r) => isBgtLayer(r.layer)) ? [...rules] : [...rules, BGT_OBSTRUCTION_RULE];
}
