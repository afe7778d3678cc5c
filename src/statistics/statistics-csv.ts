// CSV exports of the statistics screen (issue 16): a project's rows by object type, or the organisation's projects
// with their totals. Pure (the screen downloads the text with src/shell/download.ts); header names are stable keys,
// not translations, so a spreadsheet made from one export reads the next.
import type { OrganisationStatistics, ProjectStatistics } from 'common/statistics/types';

const field = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (header: readonly string[], rows: readonly unknown[][]): string =>
  [header.join(','), ...rows.map((r) => r.map(field).join(','))].join('\n') + '\n';

export const PROJECT_CSV_HEADER = ['projectId', 'project', 'objectTypeId', 'objectType', 'count', 'length_m', 'capex'] as const;

export function projectCsv(p: ProjectStatistics): string {
  return csv(PROJECT_CSV_HEADER, p.byType.map((t) => [p.projectId, p.name, t.objectTypeId, t.name, t.count, t.length, t.capex]));
}

export const ORGANISATION_CSV_HEADER = ['projectId', 'project', 'projectTypeId', 'step', 'stepName', 'progress', 'nodes', 'edges', 'paths',
  'length_m', 'capex', 'validators', 'validatorsPassed', 'passRate'] as const;

export function organisationCsv(o: OrganisationStatistics): string {
  return csv(ORGANISATION_CSV_HEADER, o.projects.map((p) => [
    p.projectId, p.name, p.projectTypeId, p.step, p.stepName, Math.round(p.progress * 1000) / 1000, p.objects.node, p.objects.edge, p.objects.path,
    Math.round(p.byType.reduce((s, t) => s + t.length, 0) * 100) / 100, p.capex.total, p.validation.validators, p.validation.passed,
    p.validation.rate === null ? '' : Math.round(p.validation.rate * 1000) / 1000,
  ]));
}
