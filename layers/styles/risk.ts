// Risk grid styling (spec 3 §9): the four named classes and the numeric value bands.
import type { Rgba } from '../types';
import { rgba } from './colors';

export const RISK_CLASSES = ['normaal', 'gemiddeld', 'hoog', 'zeerhoog'] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];

const CLASS_COLOR = { normaal: 'green', gemiddeld: 'yellow', hoog: 'orange', zeerhoog: 'red' } as const;

export function riskClassColor(cls: string): Rgba | null {
  return cls in CLASS_COLOR ? rgba(CLASS_COLOR[cls as RiskClass]) : null;
}

/** Bands 0–70000 green, 70000–200000 yellow, 200000–500000 orange, 500000–1000000 red (lower bound inclusive). */
export const RISK_BANDS = [
  { from: 0, to: 70000, cls: 'normaal' },
  { from: 70000, to: 200000, cls: 'gemiddeld' },
  { from: 200000, to: 500000, cls: 'hoog' },
  { from: 500000, to: 1000000, cls: 'zeerhoog' },
] as const;

/** Class of a risk value; values above 1000000 stay in the top band; negative or non-numbers have none. */
export function riskValueClass(risk: number): RiskClass | null {
  if (!Number.isFinite(risk) || risk < 0) return null;
  for (const b of RISK_BANDS) if (risk < b.to) return b.cls;
  return 'zeerhoog';
}

export function riskValueColor(risk: number): Rgba | null {
  const cls = riskValueClass(risk);
  return cls ? riskClassColor(cls) : null;
}

/** A risk grid feature carries either `class` (named) or `risk` (number). */
export function riskFeatureColor(props: Record<string, unknown>): Rgba | null {
  if (typeof props.class === 'string') return riskClassColor(props.class);
  const v = typeof props.risk === 'string' ? Number(props.risk) : props.risk;
  return typeof v === 'number' ? riskValueColor(v) : null;
}
