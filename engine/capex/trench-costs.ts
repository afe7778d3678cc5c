// Trench unit cost from the project's trench cost entries (spec 2 §3 "Trench cost entry: cost, method (=, + or *),
// priority, active"; §9 defaults). An entry applies to a trench instance when it is named 'default', or names one of
// the trench's values (e.g. drilling_type 'directional_drilling'), or names a Boolean attribute that is 'true' (e.g.
// house_connection). Among the active '=' entries that apply the highest priority sets the unit cost (ties: the first
// listed; none: the trench type's unit cost, else 85); then the active '+' and '*' entries that apply act on it in
// ascending priority (ties: list order). The names of the entries used, other than 'default', form the cost class.
import type { AttributeValue } from '../types';
import type { TrenchCostEntry } from './types';

export interface TrenchCost { cost: number; costClass: string }

/** The tags a trench's values give: its values, and the names of its attributes that are 'true'. */
export function trenchTags(values: readonly AttributeValue[]): Set<string> {
  const tags = new Set<string>();
  for (const v of values) {
    const x = v.value?.trim();
    if (!x) continue;
    tags.add(x);
    if (x.toLowerCase() === 'true') tags.add(v.attributeTypeName);
  }
  return tags;
}

export class TrenchCosts {
  private readonly set: TrenchCostEntry[];
  private readonly modifiers: TrenchCostEntry[];

  constructor(entries: readonly TrenchCostEntry[], private readonly fallback: number) {
    const active = entries.filter((e) => e.active && Number.isFinite(e.cost));
    this.set = active.filter((e) => e.method === '=');
    this.modifiers = active.filter((e) => e.method !== '=').map((e, i) => [e, i] as const)
      .sort((a, b) => a[0].priority - b[0].priority || a[1] - b[1]).map(([e]) => e);
  }

  /** The unit cost of a trench with these values. */
  of(values: readonly AttributeValue[]): TrenchCost {
    const tags = trenchTags(values);
    const applies = (e: TrenchCostEntry) => e.name === 'default' || tags.has(e.name);
    let base: TrenchCostEntry | undefined;
    for (const e of this.set) if (applies(e) && (!base || e.priority > base.priority)) base = e;
    let cost = base ? base.cost : this.fallback;
    const used = base && base.name !== 'default' ? [base.name] : [];
    for (const e of this.modifiers) {
      if (!applies(e)) continue;
      cost = e.method === '+' ? cost + e.cost : cost * e.cost;
      if (e.name !== 'default') used.push(e.name);
    }
    return { cost, costClass: used.join('+') };
  }
}

/** The trench cost entries of a settings document (section `trenchCosts`: name → {cost, method, priority, active})
 *  as a list; entries without a numeric cost are left out, method defaults to '=', priority to 0, active to true.
 *  Undefined when the settings have no such section. */
export function trenchCostEntries(settings: { trenchCosts?: unknown } | null | undefined): TrenchCostEntry[] | undefined {
  const tc = settings?.trenchCosts;
  if (!tc || typeof tc !== 'object') return undefined;
  const num = (v: unknown): number | undefined => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
  };
  return Object.entries(tc as Record<string, { cost?: unknown; method?: unknown; priority?: unknown; active?: unknown } | null>).flatMap(([name, e]) => {
    const cost = num(e?.cost);
    const method = e?.method === '+' || e?.method === '*' ? e.method : '=';
    return cost === undefined ? [] : [{ name, cost, method, priority: num(e?.priority) ?? 0, active: e?.active !== false }];
  });
}
