// Statistics from the aggregated SQL rows (queries.ts): capex lines with the engine's rules (engine/capex: trench cost
// entries of the project's settings, AP/DP/OAP piece costs, existing material at 0, count as length for trench and
// customer-connection lines) — the same computation as the map's capex panel, applied to groups of instances instead
// of instances — and the per-project and organisation summaries.
import { costLine, lineTotal, resolveCapex, trenchCostEntries, type CostLine } from '../../engine/capex/index';
import { lineMeta } from '../../engine/capex/contribution';
import type { Model, Schema } from '../../engine/model';
import { effectiveSettings } from '../../common/settings/index';
import type {
  ObjectCounts, OrganisationStatistics, ProjectStatistics, StepCount, TypeStatistics, ValidationStatistics,
} from '../../common/statistics/types';
import { projectTemplate } from '../projects/settings-routes';
import type { LineGroup, ProjectRowStat, ValidationRow } from './queries';

export const TRENCH_TYPES = ['trench'];

/** The effective settings of a project (stored over its template). */
export function settingsOf(p: ProjectRowStat): Record<string, unknown> {
  try { return effectiveSettings(projectTemplate(p), p.settings ?? {}) as Record<string, unknown>; } catch { return p.settings ?? {}; }
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Capex lines of one project from its instance groups. */
export function capexLines(groups: readonly LineGroup[], settings: Record<string, unknown>): CostLine[] {
  const schema: Schema = { relationTypes: [], objectTypes: {} };
  for (const g of groups) schema.objectTypes[g.object_type_id] = { id: g.object_type_id, name: g.name, attributeTypes: [] };
  const n = (settings.network ?? {}) as Record<string, unknown>;
  const cc = resolveCapex({ schema } as unknown as Model, {
    schema, trenchCosts: trenchCostEntries(settings) ?? [],
    settings: Object.fromEntries(Object.entries({ ap_cost: num(n.ap_cost), dp_cost: num(n.dp_cost), oap_cost: num(n.oap_cost) }).filter(([, v]) => v !== undefined)),
  });
  const sums = new Map<ReturnType<typeof lineMeta>, { count: number; cm: number }>();
  for (const g of groups) {
    let cost = 0, costClass = '', perMetre = true;
    if (cc.trench.has(g.object_type_id)) {
      ({ cost, costClass } = cc.trenchCosts.of((g.tags ?? []).map((t) => ({ objectInstanceId: '', attributeTypeName: '', value: t }))));
    } else {
      const u = cc.unitCost(g.object_type_id);
      cost = u?.cost ?? 0;
      perMetre = u?.per !== 'piece';
    }
    const meta = lineMeta(cc, g.object_type_id, g.existing, cost, costClass);
    const s = sums.get(meta) ?? { count: 0, cm: 0 };
    s.count += g.count;
    if (perMetre) s.cm += Math.round(g.length * 100);
    sums.set(meta, s);
  }
  return [...sums].map(([meta, s]) => costLine(meta, s.count, s.cm, 0))
    .sort((a, b) => a.objectTypeId - b.objectTypeId || Number(a.existing) - Number(b.existing) || a.id.localeCompare(b.id));
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export function validationOf(rows: readonly ValidationRow[]): ValidationStatistics {
  const v = rows.reduce((a, r) => ({ validators: a.validators + r.validators, passed: a.passed + r.passed, results: a.results + r.results, resultsPassed: a.resultsPassed + r.results_passed }),
    { validators: 0, passed: 0, results: 0, resultsPassed: 0 });
  const ran = rows.map((r) => (r.ran_at ? new Date(r.ran_at).toISOString() : '')).filter(Boolean).sort().pop() ?? null;
  return { ...v, rate: v.validators ? v.passed / v.validators : null, ranAt: ran };
}

export function projectStatistics(p: ProjectRowStat, groups: readonly LineGroup[], objects: ObjectCounts, validation: readonly ValidationRow[]): ProjectStatistics {
  const lines = capexLines(groups, settingsOf(p));
  const byType = new Map<number, TypeStatistics>();
  for (const g of groups) {
    const t = byType.get(g.object_type_id) ?? { objectTypeId: g.object_type_id, name: g.name, geometryKind: g.geometry_kind, count: 0, length: 0, capex: 0 };
    t.count += g.count; t.length += g.length;
    byType.set(g.object_type_id, t);
  }
  for (const l of lines) { const t = byType.get(l.objectTypeId); if (t) t.capex += lineTotal(l); }
  return {
    projectId: p.id, name: p.name, projectTypeId: p.project_type_id, family: p.family,
    step: p.step, stepName: p.step_name, steps: p.steps, progress: p.steps ? Math.min(1, (p.step + 1) / p.steps) : 0,
    objects,
    byType: [...byType.values()].map((t) => ({ ...t, length: round2(t.length), capex: round2(t.capex) })),
    capex: { total: round2(lines.reduce((s, l) => s + lineTotal(l), 0)), lines: lines.map((l) => ({ ...l, length: round2(l.length), total: round2(lineTotal(l)) })) },
    validation: validationOf(validation),
    updatedAt: new Date(p.updated_at).toISOString(),
  };
}

/** The organisation's totals over its projects' statistics. */
export function organisationStatistics(organisationId: number, projects: ProjectStatistics[], validation: readonly ValidationRow[]): OrganisationStatistics {
  const byType = new Map<string, TypeStatistics>();
  const objects: ObjectCounts = { node: 0, edge: 0, path: 0 };
  // by step and its name: families number their steps alike but name them differently
  const steps = new Map<string, StepCount>();
  for (const p of projects) {
    for (const k of ['node', 'edge', 'path'] as const) objects[k] += p.objects[k];
    for (const t of p.byType) {
      const x = byType.get(t.name) ?? { ...t, count: 0, length: 0, capex: 0 };
      x.count += t.count; x.length += t.length; x.capex += t.capex;
      byType.set(t.name, x);
    }
    const key = `${p.step}:${p.stepName ?? ''}`;
    const s = steps.get(key) ?? { step: p.step, name: p.stepName, projects: 0 };
    s.projects++;
    steps.set(key, s);
  }
  return {
    organisationId, projects,
    totals: {
      projects: projects.length, objects,
      byType: [...byType.values()].map((t) => ({ ...t, length: round2(t.length), capex: round2(t.capex) })).sort((a, b) => a.objectTypeId - b.objectTypeId),
      capex: round2(projects.reduce((s, p) => s + p.capex.total, 0)),
      validation: validationOf(validation),
      byStep: [...steps.values()].sort((a, b) => a.step - b.step || String(a.name).localeCompare(String(b.name))),
      progress: projects.length ? projects.reduce((s, p) => s + p.progress, 0) / projects.length : 0,
    },
  };
}
