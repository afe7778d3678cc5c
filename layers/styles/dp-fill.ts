// Distribution point fill state (spec 3 §4): from physical capacity, capacity and connections, with the minimum usage
// (percent of capacity) taken from the project setting network.dp_minimum_usage (default 75).
import type { Rgba } from '../types';
import { rgba, type ColorName } from './colors';

export const DEFAULT_DP_MINIMUM_USAGE = 75;
export const DP_FILL_STATES = ['overPhysicalCapacity', 'overCapacity', 'full', 'overMinimumUsage', 'underMinimumUsage'] as const;
export type DpFillState = (typeof DP_FILL_STATES)[number];

export interface DpCounts { physical_capacity?: unknown; capacity?: unknown; connections?: unknown }

function num(v: unknown, field: string): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) throw new Error(`dp ${field} must be a number ≥ 0, got ${String(v)}`);
  return n;
}

/**
 * connections > physical_capacity → over physical capacity; > capacity → over capacity; = capacity → full;
 * usage (connections / capacity × 100) ≥ minimum usage → over minimum usage; otherwise under minimum usage.
 * `connections` may be a number or a list of connections.
 */
export function dpFillState(dp: DpCounts, minimumUsage = DEFAULT_DP_MINIMUM_USAGE): DpFillState {
  const connections = Array.isArray(dp.connections) ? dp.connections.length : num(dp.connections ?? 0, 'connections');
  const capacity = num(dp.capacity, 'capacity');
  const physical = dp.physical_capacity === undefined || dp.physical_capacity === null ? capacity : num(dp.physical_capacity, 'physical_capacity');
  if (connections > physical) return 'overPhysicalCapacity';
  if (connections > capacity) return 'overCapacity';
  if (connections === capacity) return 'full';
  const usage = capacity === 0 ? 0 : (connections / capacity) * 100;
  return usage >= minimumUsage ? 'overMinimumUsage' : 'underMinimumUsage';
}

const FILL_COLOR: Record<DpFillState, ColorName> = {
  overPhysicalCapacity: 'darkRed', overCapacity: 'red', full: 'orange', overMinimumUsage: 'green', underMinimumUsage: 'yellow',
};
export function dpFillColor(state: DpFillState): Rgba {
  return rgba(FILL_COLOR[state]);
}
