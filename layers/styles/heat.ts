// Heat network styling (spec 3 §9): flow velocity classes, pressure drop classes, capacity and pipe-sizing bands,
// pipe widths by nominal size and energy demand bands. Lower bounds are inclusive.
import type { Rgba } from '../types';
import { rgba, type ColorName } from './colors';

/** Flow velocity classes (m/s): too low from 0, low from 0.3, good from 0.6, high from 1, too high from 4. */
export const FLOW_VELOCITY_CLASSES = [
  { cls: 'tooLow', from: 0, color: 'blue' },
  { cls: 'low', from: 0.3, color: 'lightBlue' },
  { cls: 'good', from: 0.6, color: 'green' },
  { cls: 'high', from: 1, color: 'orange' },
  { cls: 'tooHigh', from: 4, color: 'red' },
] as const;
export type FlowVelocityClass = (typeof FLOW_VELOCITY_CLASSES)[number]['cls'];

function byLowerBound<T extends { from: number }>(bands: readonly T[], v: number): T | null {
  if (!Number.isFinite(v) || v < bands[0].from) return null;
  let hit = bands[0];
  for (const b of bands) if (v >= b.from) hit = b;
  return hit;
}

export function flowVelocityClass(v: number): FlowVelocityClass | null {
  return byLowerBound(FLOW_VELOCITY_CLASSES, v)?.cls ?? null;
}
export function flowVelocityColor(v: number): Rgba | null {
  const b = byLowerBound(FLOW_VELOCITY_CLASSES, v);
  return b ? rgba(b.color) : null;
}

/** Pressure drop classes in Pa/m: under 100, 100-250, 250-300, 300-350, over 350 (350 itself counts as over). */
export const PRESSURE_DROP_CLASSES = [
  { cls: 'under100', from: 0, color: 'lightBlue' },
  { cls: '100-250', from: 100, color: 'green' },
  { cls: '250-300', from: 250, color: 'yellow' },
  { cls: '300-350', from: 300, color: 'orange' },
  { cls: 'over350', from: 350, color: 'red' },
] as const;
export type PressureDropClass = (typeof PRESSURE_DROP_CLASSES)[number]['cls'];

export function pressureDropClass(paPerM: number): PressureDropClass | null {
  return byLowerBound(PRESSURE_DROP_CLASSES, paPerM)?.cls ?? null;
}
export function pressureDropColor(paPerM: number): Rgba | null {
  const b = byLowerBound(PRESSURE_DROP_CLASSES, paPerM);
  return b ? rgba(b.color) : null;
}

/** Generic capacity advice on the same Pa/m scale. */
export const CAPACITY_BANDS = [
  { cls: 'smallerPossible', from: 0, color: 'lightBlue' },
  { cls: 'noAction', from: 100, color: 'green' },
  { cls: 'largerAdvised', from: 250, color: 'yellow' },
  { cls: 'largerRecommended', from: 300, color: 'orange' },
  { cls: 'largerRequired', from: 350, color: 'red' },
] as const;
export type CapacityBand = (typeof CAPACITY_BANDS)[number]['cls'];
export function capacityBand(v: number): CapacityBand | null {
  return byLowerBound(CAPACITY_BANDS, v)?.cls ?? null;
}

/** Nominal pipe sizes DN20 … DN300. */
export const PIPE_SIZES = [20, 25, 32, 40, 50, 65, 80, 100, 125, 150, 200, 250, 300] as const;

/** Line width 2 (DN20) to 6 (DN300), linear over the size list; unknown sizes snap to the nearest smaller size. */
export function pipeWidth(dn: number): number {
  if (!Number.isFinite(dn)) return 2;
  let idx = 0;
  PIPE_SIZES.forEach((s, i) => { if (dn >= s) idx = i; });
  return Math.round((2 + (4 * idx) / (PIPE_SIZES.length - 1)) * 100) / 100;
}

/** Parses 'DN100', '100', 100 → 100. */
export function parseDn(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return null;
  const m = /(\d+)/.exec(v);
  return m ? Number(m[1]) : null;
}

/**
 * Pipe sizing bands per nominal size, on flow velocity (m/s). Lower bounds of smallerPossible, noAction,
 * largerPossible, largerRecommended; below the first is smallerRecommended. Larger sizes tolerate more velocity;
 * from DN65 up larger-recommended starts at 3 (spec: "typically … starts at 3"). Exact product bounds are not given.
 */
export const PIPE_SIZING_BOUNDS: Record<number, [number, number, number, number]> = {
  20: [0.2, 0.4, 1.0, 2.0], 25: [0.2, 0.4, 1.1, 2.2], 32: [0.25, 0.5, 1.2, 2.4], 40: [0.25, 0.5, 1.3, 2.6],
  50: [0.3, 0.6, 1.5, 2.8], 65: [0.3, 0.6, 1.6, 3], 80: [0.3, 0.7, 1.7, 3], 100: [0.35, 0.7, 1.8, 3],
  125: [0.35, 0.8, 1.9, 3], 150: [0.4, 0.8, 2.0, 3], 200: [0.4, 0.9, 2.1, 3], 250: [0.45, 0.9, 2.2, 3],
  300: [0.5, 1.0, 2.3, 3],
};
export const PIPE_SIZING_CLASSES = ['smallerRecommended', 'smallerPossible', 'noAction', 'largerPossible', 'largerRecommended'] as const;
export type PipeSizingClass = (typeof PIPE_SIZING_CLASSES)[number];
const SIZING_COLOR: Record<PipeSizingClass, ColorName> = {
  smallerRecommended: 'blue', smallerPossible: 'lightBlue', noAction: 'green', largerPossible: 'orange', largerRecommended: 'red',
};

export function pipeSizingClass(dn: number, velocity: number): PipeSizingClass | null {
  const bounds = PIPE_SIZING_BOUNDS[dn];
  if (!bounds || !Number.isFinite(velocity) || velocity < 0) return null;
  let i = 0;
  while (i < bounds.length && velocity >= bounds[i]) i++;
  return PIPE_SIZING_CLASSES[i];
}
export function pipeSizingColor(cls: PipeSizingClass): Rgba {
  return rgba(SIZING_COLOR[cls]);
}

/** Energy demand (GJ) bands 15 wide: band 0 = [0,15), …, band 9 = [135,150), band 10 = 150 and more. */
export const ENERGY_DEMAND_BAND_WIDTH = 15;
export const ENERGY_DEMAND_MAX = 150;
export function energyDemandBand(gj: number): number | null {
  if (!Number.isFinite(gj) || gj < 0) return null;
  return Math.min(Math.floor(gj / ENERGY_DEMAND_BAND_WIDTH), ENERGY_DEMAND_MAX / ENERGY_DEMAND_BAND_WIDTH);
}
/** Green (low demand) through yellow to red (≥ 150). */
export function energyDemandColor(gj: number): Rgba | null {
  const band = energyDemandBand(gj);
  if (band === null) return null;
  const t = band / (ENERGY_DEMAND_MAX / ENERGY_DEMAND_BAND_WIDTH);
  const r = Math.round(t < 0.5 ? 60 + 390 * t : 255);
  const g = Math.round(t < 0.5 ? 180 + 50 * t : 205 - 330 * (t - 0.5));
  return [Math.min(r, 255), Math.max(g, 40), 40, 255];
}
