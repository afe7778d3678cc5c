// Named colours and the fixed palettes of spec 3 §9: the 12 inner-duct colours and the 60-colour area palette.
import type { Rgba } from '../types';

export const COLORS = {
  red: [220, 40, 40, 255],
  white: [255, 255, 255, 255],
  yellow: [255, 221, 0, 255],
  blue: [30, 100, 220, 255],
  green: [40, 170, 60, 255],
  violet: [140, 70, 190, 255],
  brown: [140, 90, 40, 255],
  black: [0, 0, 0, 255],
  orange: [255, 140, 0, 255],
  turquoise: [40, 200, 200, 255],
  pink: [255, 120, 180, 255],
  grey: [140, 140, 140, 255],
  darkGreen: [0, 110, 40, 255],
  lightGreen: [150, 220, 120, 255],
  darkRed: [150, 0, 0, 255],
  lightBlue: [120, 180, 255, 255],
  purple: [110, 40, 150, 255],
} as const satisfies Record<string, Rgba>;
export type ColorName = keyof typeof COLORS;

export function rgba(name: ColorName, alpha = 255): Rgba {
  const c = COLORS[name];
  return [c[0], c[1], c[2], alpha];
}

/** The 12 inner-duct colours, in colour-coding order (spec 3 §9 / spec 2 §9). */
export const INNER_DUCT_COLOR_NAMES = [
  'red', 'white', 'yellow', 'blue', 'green', 'violet', 'brown', 'black', 'orange', 'turquoise', 'pink', 'grey',
] as const satisfies readonly ColorName[];

/** Inner duct n (1-based) gets colour n of the coding; 13 starts again at red. */
export function innerDuctColor(index: number): { name: ColorName; color: Rgba } {
  if (!Number.isInteger(index) || index < 1) throw new Error(`innerDuct index must be an integer ≥ 1, got ${index}`);
  const name = INNER_DUCT_COLOR_NAMES[(index - 1) % INNER_DUCT_COLOR_NAMES.length];
  return { name, color: rgba(name) };
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** 60 distinct area colours: 20 hues (18° apart, interleaved) × 3 lightness/saturation steps. */
export const AREA_PALETTE: readonly Rgba[] = Array.from({ length: 60 }, (_, i) => {
  const hue = ((i % 20) * 7 * 18) % 360;
  const step = Math.floor(i / 20);
  const [r, g, b] = hslToRgb(hue, [0.7, 0.55, 0.85][step], [0.5, 0.4, 0.62][step]);
  return [r, g, b, 255] as Rgba;
});

/** Area i (0-based) cycles through the 60-colour palette. */
export function areaColor(index: number): Rgba {
  const n = AREA_PALETTE.length;
  return AREA_PALETTE[((Math.trunc(index) % n) + n) % n];
}

export function withAlpha(c: Rgba, alpha: number): Rgba {
  return [c[0], c[1], c[2], alpha];
}
