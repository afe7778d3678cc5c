// Note styling (spec 3 §3, §9): defaults size 7, yellow, label font 12, opacity 1; per-note overrides from properties.
import type { GeometryKind, Rgba } from '../types';
import { rgba } from './colors';

export const NOTE_LABEL_POSITIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export const NOTE_LABEL_ORIENTATIONS = ['horizontal', 'alongside_above', 'alongside_underneath'] as const;

export interface NoteStyle {
  size: number;
  color: Rgba;
  fillColor: Rgba;
  opacity: number;
  labelFontSize: number;
  labelPosition: (typeof NOTE_LABEL_POSITIONS)[number];
  labelOrientation: (typeof NOTE_LABEL_ORIENTATIONS)[number];
}

export const NOTE_STYLE_DEFAULTS: NoteStyle = {
  size: 7, color: rgba('yellow'), fillColor: rgba('yellow', 128), opacity: 1, labelFontSize: 12, labelPosition: 'E', labelOrientation: 'horizontal',
};

/** '#rrggbb' / '#rrggbbaa' / [r,g,b(,a)] → Rgba; anything else → null. */
export function parseColor(v: unknown): Rgba | null {
  if (Array.isArray(v) && v.length >= 3 && v.every((x) => typeof x === 'number')) return [v[0], v[1], v[2], v[3] ?? 255];
  if (typeof v === 'string') {
    const m = /^#?([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(v.trim());
    if (m) {
      const n = parseInt(m[1], 16);
      return [(n >> 16) & 255, (n >> 8) & 255, n & 255, m[2] ? parseInt(m[2], 16) : 255];
    }
  }
  return null;
}

const SUPPORTED: GeometryKind[] = ['point', 'line', 'polygon'];

export function noteStyle(props: Record<string, unknown>, geometry: string): NoteStyle {
  if (!SUPPORTED.includes(geometry as GeometryKind)) throw new Error('Unsupported geometry type.');
  const d = NOTE_STYLE_DEFAULTS;
  const num = (v: unknown, dflt: number) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v !== '' && Number.isFinite(Number(v)) ? Number(v) : dflt);
  const pos = NOTE_LABEL_POSITIONS.find((p) => p === props.labelPosition) ?? d.labelPosition;
  const ori = NOTE_LABEL_ORIENTATIONS.find((o) => o === props.labelOrientation) ?? d.labelOrientation;
  return {
    size: num(props.size, d.size),
    color: parseColor(props.color) ?? d.color,
    fillColor: parseColor(props.fillColor) ?? d.fillColor,
    opacity: num(props.opacity, d.opacity),
    labelFontSize: num(props.labelFontSize, d.labelFontSize),
    labelPosition: pos,
    labelOrientation: ori,
  };
}
