// Validator dp_capacity: a distribution point (an instance of a DP type: splicebox, enclosure — configurable) and its
// connections. Connections = its `connections` attribute when that holds a number (imported counts), otherwise the
// customer connections related to it: directly by any relation (either direction) or through one link instance
// (technical_path: DP → technical path → customer connection, as the catalogue's relation types run), each once.
// Required (the validator's severity): connections > physical capacity (attribute physical_capacity, else setting
// dp_physical_capacity, 48); connections > capacity (attribute capacity, else setting dp_capacity, 46).
// Recommended: usage = connections / capacity × 100 below setting dp_minimum_usage (75) — as the DP fill style
// (layers/styles/dp-fill.ts) colours it 'underMinimumUsage'; a DP with capacity 0 and no connections is not reported.
// Dependents: the DP (its row or values), the DPs at either end of a changed relation or behind a link end of it,
// and, when an instance's type changes, the DPs within two relations of it.
import type { Id } from '../types';
import { getInstance, type Model } from '../model';
import { failed, isOfType, numberValue, shown, typeOf, type ValidationContext } from './context';
import { bothModels, eachNeighbour, instancesOfRow } from '../dependents';
import type { ValidationResult, Validator } from './types';

const NAME = 'dp_capacity';

/** The connections of a DP: its `connections` value, or the customer connections related directly or via a link. */
export function dpConnections(m: Model, dp: Id, ctx: ValidationContext): number {
  const given = numberValue(m, dp, 'connections');
  if (given !== null) return given;
  const seen = new Set<Id>();
  eachNeighbour(m, dp, (x) => {
    const t = typeOf(m, x);
    if (t === undefined) return;
    if (ctx.customerTypes.has(t)) seen.add(x);
    else if (ctx.linkTypes.has(t)) eachNeighbour(m, x, (y) => { if (isOfType(m, y, ctx.customerTypes)) seen.add(y); });
  });
  return seen.size;
}

export const dpCapacity: Validator = {
  name: NAME,
  severity: 'Required',
  subjects: (ctx) => ctx.dpTypes,
  dependsOn(row, dc, out) {
    const { ctx } = dc;
    const addDp = (m: Model, x: Id) => { if (isOfType(m, x, ctx.dpTypes)) out.add(x); };
    if (row.table === 'attributeValues') { out.add(row.row.objectInstanceId); return; }
    if (row.table === 'relations') {
      for (const x of instancesOfRow(row)) {
        out.add(x);
        for (const m of bothModels(dc)) if (isOfType(m, x, ctx.linkTypes)) eachNeighbour(m, x, (y) => addDp(m, y));
      }
      return;
    }
    if (row.table !== 'objectInstances') return;
    out.add(row.key);
    // added and removed instances bring their relations as rows of their own; a type change re-reads two relations out
    const a = typeOf(dc.before, row.key), b = typeOf(dc.after, row.key);
    if (a === undefined || b === undefined || a === b) return;
    for (const m of bothModels(dc)) eachNeighbour(m, row.key, (y) => { addDp(m, y); eachNeighbour(m, y, (z) => addDp(m, z)); });
  },
  check(m, id, ctx, severity) {
    const inst = getInstance(m, id);
    if (!inst || !ctx.dpTypes.has(inst.objectTypeId)) return [];
    const n = dpConnections(m, id, ctx);
    const capacity = numberValue(m, id, 'capacity') ?? ctx.settings.dp_capacity;
    const physical = numberValue(m, id, 'physical_capacity') ?? ctx.settings.dp_physical_capacity;
    const out: ValidationResult[] = [];
    const dp = `Distribution point ${id} has ${shown(n)} connections`;
    if (n > physical) out.push(failed(ctx, NAME, id, `${dp}, more than its physical capacity of ${shown(physical)}.`, severity));
    if (n > capacity) out.push(failed(ctx, NAME, id, `${dp}, more than its capacity of ${shown(capacity)}.`, severity));
    const usage = capacity > 0 ? (n / capacity) * 100 : n > 0 ? Infinity : 100;
    const min = ctx.settings.dp_minimum_usage;
    if (usage < min) out.push(failed(ctx, NAME, id, `${dp}: ${shown(usage)}% of its capacity of ${shown(capacity)}, below the minimum usage of ${shown(min)}%.`, 'Recommended'));
    return out;
  },
};

