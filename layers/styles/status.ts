// Status colours (spec 3 §4): project phase status, construction status (second listing, snake case), and customer
// connection status (connect, reserve, dontConnect; default connect).
import type { Rgba } from '../types';
import { rgba, type ColorName } from './colors';

export const PHASE_STATUSES = ['new', 'scheduled', 'underConstruction', 'surveyed', 'completed'] as const;
export type PhaseStatus = (typeof PHASE_STATUSES)[number];
const PHASE_COLOR: Record<PhaseStatus, ColorName> = {
  new: 'grey', scheduled: 'blue', underConstruction: 'orange', surveyed: 'violet', completed: 'green',
};

/** Accepts the phase status or the construction-status spelling (under_construction). */
export function normalisePhaseStatus(s: unknown): PhaseStatus | null {
  if (typeof s !== 'string') return null;
  const camel = s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return (PHASE_STATUSES as readonly string[]).includes(camel) ? (camel as PhaseStatus) : null;
}
export function phaseStatusColor(s: unknown): Rgba | null {
  const st = normalisePhaseStatus(s);
  return st ? rgba(PHASE_COLOR[st]) : null;
}

export const CONNECTION_STATUSES = ['connect', 'reserve', 'dontConnect'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
const CONNECTION_COLOR: Record<ConnectionStatus, ColorName> = { connect: 'green', reserve: 'yellow', dontConnect: 'grey' };
export function connectionStatus(s: unknown): ConnectionStatus {
  if (s === 'dont_connect') return 'dontConnect';
  return (CONNECTION_STATUSES as readonly unknown[]).includes(s) ? (s as ConnectionStatus) : 'connect';
}
export function connectionStatusColor(s: unknown): Rgba {
  return rgba(CONNECTION_COLOR[connectionStatus(s)]);
}
