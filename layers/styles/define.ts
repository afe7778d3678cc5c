// Style builders: fixed styles, styles keyed by one property value, and numeric-class styles. Each builder yields the
// style function and its legend (samples that go through the same function), so map and legend cannot disagree.
import type { FeatureStyle, LegendItem, Props, Rgba, StyleDef, StyleFn } from '../types';
import { readField } from './format';
import { withAlpha } from './colors';

export interface StyleOptions {
  /** Below this zoom the style is empty: nothing is drawn. */
  minZoom?: number;
  /** Polygon fill alpha (0–255); outline uses the colour itself. */
  fillAlpha?: number;
}

function gate(fn: StyleFn, o: StyleOptions): StyleFn {
  if (o.minZoom === undefined) return fn;
  const min = o.minZoom;
  return (p, z, c) => (z < min ? null : fn(p, z, c));
}

function make(color: Rgba, width: number, o: StyleOptions): FeatureStyle {
  return o.fillAlpha === undefined ? { color, width } : { color, width, fillColor: withAlpha(color, o.fillAlpha) };
}

export function fixed(name: string, color: Rgba, width: number, o: StyleOptions = {}): StyleDef {
  const s = make(color, width, o);
  return { name, fn: gate(() => s, o), legend: [{ label: '', sample: {} }], readsProps: false };
}

/** Colour by the value of one (possibly dotted) property; values not in the map use `fallback` (null = not drawn). */
export function byValue(
  name: string, field: string, colors: Record<string, Rgba>, fallback: Rgba | null, width: number, o: StyleOptions = {},
): StyleDef {
  const styles = new Map(Object.entries(colors).map(([k, c]) => [k, make(c, width, o)]));
  const fb = fallback ? make(fallback, width, o) : null;
  const fn: StyleFn = (p) => {
    const v = readField(p, field);
    return styles.get(String(v)) ?? fb;
  };
  const legend: LegendItem[] = Object.keys(colors).map((k) => ({ label: `legend.${k}`, sample: sampleFor(field, k) }));
  return { name, fn: gate(fn, o), legend };
}

function sampleFor(field: string, value: unknown): Props {
  const parts = field.split('.');
  let obj: unknown = value;
  for (let i = parts.length - 1; i >= 0; i--) obj = { [parts[i]]: obj };
  return obj as Props;
}

/** Colour from a numeric function of the properties; legend samples given explicitly. */
export function computed(
  name: string, color: (p: Props, ctx: Parameters<StyleFn>[2]) => Rgba | null, width: number | ((p: Props) => number),
  legend: LegendItem[], o: StyleOptions = {},
): StyleDef {
  const fn: StyleFn = (p, _z, ctx) => {
    const c = color(p, ctx);
    if (!c) return null;
    return make(c, typeof width === 'number' ? width : width(p), o);
  };
  return { name, fn: gate(fn, o), legend };
}
