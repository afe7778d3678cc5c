// Clash and analysis styling (spec 3 §4): clash status with its label and severity, and analysis priority.
import type { Rgba } from '../types';
import { rgba, type ColorName } from './colors';

export const CLASH_STATUSES = ['Approved', 'ActionRequired', 'Unresolved', 'Info', 'Warning', 'Unknown'] as const;
export type ClashStatus = (typeof CLASH_STATUSES)[number];
export const CLASH_STATUS_LABELS: Record<ClashStatus, string> = {
  Unresolved: 'Unresolved', ActionRequired: 'Action required', Approved: 'Approved', Info: 'Info', Warning: 'Warning', Unknown: 'Unknown',
};
export const SEVERITIES = ['error', 'warning', 'info', 'normal'] as const;
export type Severity = (typeof SEVERITIES)[number];

const STATUS_SEVERITY: Record<ClashStatus, Severity> = {
  Unresolved: 'error', ActionRequired: 'warning', Warning: 'warning', Info: 'info', Approved: 'normal', Unknown: 'normal',
};
const SEVERITY_COLOR: Record<Severity, ColorName> = { error: 'red', warning: 'orange', info: 'blue', normal: 'green' };

export function clashStatus(s: unknown): ClashStatus {
  return (CLASH_STATUSES as readonly unknown[]).includes(s) ? (s as ClashStatus) : 'Unknown';
}
export function clashSeverity(s: unknown): Severity {
  return STATUS_SEVERITY[clashStatus(s)];
}
export function severityColor(s: Severity): Rgba {
  return rgba(SEVERITY_COLOR[s]);
}
/** Approved clashes are grey (resolved); Unknown is drawn black; the rest by severity. */
export function clashStatusColor(s: unknown): Rgba {
  const st = clashStatus(s);
  if (st === 'Approved') return rgba('grey');
  if (st === 'Unknown') return rgba('black');
  return severityColor(clashSeverity(st));
}

export const ANALYSIS_PRIORITIES = ['Normal', 'Error', 'Info', 'Warning'] as const;
export type AnalysisPriority = (typeof ANALYSIS_PRIORITIES)[number];
const PRIORITY_SEVERITY: Record<AnalysisPriority, Severity> = { Normal: 'normal', Error: 'error', Info: 'info', Warning: 'warning' };
export function analysisPriority(p: unknown): AnalysisPriority {
  return (ANALYSIS_PRIORITIES as readonly unknown[]).includes(p) ? (p as AnalysisPriority) : 'Normal';
}
export function analysisPriorityColor(p: unknown): Rgba {
  return severityColor(PRIORITY_SEVERITY[analysisPriority(p)]);
}
