// Texts of the measure and draw tooltips (spec 3 §2): length in m, or km over 100 m; the draw tooltip's length change
// in metres and cost change at 11 euro per metre, green when negative, red when positive.
import { COST_PER_METRE, KM_THRESHOLD_M } from './constants';

export function formatLength(metres: number): string {
  if (metres > KM_THRESHOLD_M) return `${(metres / 1000).toFixed(2)} km`;
  return `${metres.toFixed(2)} m`;
}

export type CostColour = 'green' | 'red' | 'neutral';

export interface DrawTooltip { lengthChange: string; costChange: string; colour: CostColour; cost: number }

function signed(v: number, digits: number): string {
  const s = Math.abs(v).toFixed(digits);
  return v > 0 ? `+${s}` : v < 0 ? `-${s}` : s;
}

/** Tooltip for a change of line length (metres, may be negative when shortening). */
export function drawTooltip(lengthChangeM: number): DrawTooltip {
  const rounded = Math.round(lengthChangeM * 100) / 100;
  const cost = Math.round(rounded * COST_PER_METRE * 100) / 100;
  return {
    lengthChange: `${signed(rounded, 2)} m`,
    costChange: `${signed(cost, 2)} €`,
    colour: cost < 0 ? 'green' : cost > 0 ? 'red' : 'neutral',
    cost,
  };
}
