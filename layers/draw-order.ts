// Draw order (spec 3 §9): points 100 × high, lines 100 × medium, default 100 × low, shapes 100 × very low.
// Duct levels VeryLow 2, Low 5, Medium 8, High 11, VeryHigh 15 order ducts among the lines.
import type { GeometryKind } from './types';

export const DRAW_LEVEL = { VeryLow: 2, Low: 5, Medium: 8, High: 11, VeryHigh: 15 } as const;
export type DrawLevel = keyof typeof DRAW_LEVEL;

export const DRAW_ORDER = {
  points: 100 * DRAW_LEVEL.High,
  lines: 100 * DRAW_LEVEL.Medium,
  default: 100 * DRAW_LEVEL.Low,
  shapes: 100 * DRAW_LEVEL.VeryLow,
} as const;

/** Base draw order of a layer by geometry (image layers use the default order). */
export function drawOrderFor(geometry: GeometryKind | 'image'): number {
  return geometry === 'point' ? DRAW_ORDER.points : geometry === 'line' ? DRAW_ORDER.lines : geometry === 'polygon' ? DRAW_ORDER.shapes : DRAW_ORDER.default;
}

/** Ducts sit on the line order, raised by their duct level (1-based sub-order within lines). */
export function ductDrawOrder(level: DrawLevel): number {
  return DRAW_ORDER.lines + DRAW_LEVEL[level];
}
