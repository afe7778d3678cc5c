// Which editor a selected stored feature gets and its fields (issue 12; spec 3 §3 feature properties, §4
// enumerations, §9 note defaults): note (name, text, size, colours, opacity, label position / orientation / font size
// with the spec defaults), area (name, terminal_type, cost_ratio, DP/OAP/AP), phase (status, name), shaping
// (cost_type, name), measurement and dimensioning line (length in m, read only; label); any other stored layer gets a
// generic key/value editor of its properties. Values are edited as text and converted back on apply.
import type { LayerEntry } from 'layers';
import { NOTE_LABEL_ORIENTATIONS, NOTE_LABEL_POSITIONS } from 'layers/styles/note';
import { PHASE_STATUSES } from 'layers/styles/status';
import { dimensionLabel, formatNumber } from 'layers/styles/format';
import { groundLength } from 'engine/mercator';
import type { Position } from 'engine/types';
import type { StoredFeature } from '../features/stored-feature';

export type EditorKind = 'note' | 'area' | 'phase' | 'shaping' | 'measurement' | 'dimensioning' | 'generic';
export type FieldKind = 'text' | 'textarea' | 'number' | 'select' | 'color';

export interface FieldDef {
  key: string;
  kind: FieldKind;
  /** Where the value lives: the `name` column or a property. */
  column?: boolean;
  options?: readonly string[];
  /** Shown (and stored on apply) when the feature has no value. */
  default?: string | number;
  step?: number;
  min?: number;
  max?: number;
}

export const SHAPING_COST_TYPES = ['obstruction', 'general_hindrance', 'preference', 'avoid', 'polluted_soil', 'tree_drilling', 'directional_drilling'] as const;
/** Spec 3 §9 default note style: size 7, yellow, label font 12, opacity 1. */
export const NOTE_DEFAULTS = { size: 7, color: '#ffdd00', fillColor: '#ffdd00', opacity: 1, labelPosition: 'E', labelOrientation: 'horizontal', labelFontSize: 12 } as const;

const NAME: FieldDef = { key: 'name', kind: 'text', column: true };
const FIELDS: Record<Exclude<EditorKind, 'generic'>, FieldDef[]> = {
  note: [NAME, { key: 'text', kind: 'textarea' },
    { key: 'size', kind: 'number', default: NOTE_DEFAULTS.size, min: 1, step: 1 },
    { key: 'color', kind: 'color', default: NOTE_DEFAULTS.color },
    { key: 'opacity', kind: 'number', default: NOTE_DEFAULTS.opacity, min: 0, max: 1, step: 0.1 },
    { key: 'fillColor', kind: 'color', default: NOTE_DEFAULTS.fillColor },
    { key: 'labelPosition', kind: 'select', options: NOTE_LABEL_POSITIONS, default: NOTE_DEFAULTS.labelPosition },
    { key: 'labelOrientation', kind: 'select', options: NOTE_LABEL_ORIENTATIONS, default: NOTE_DEFAULTS.labelOrientation },
    { key: 'labelFontSize', kind: 'number', default: NOTE_DEFAULTS.labelFontSize, min: 1, step: 1 }],
  area: [NAME, { key: 'terminal_type', kind: 'text' }, { key: 'cost_ratio', kind: 'number', step: 0.01 },
    { key: 'DP', kind: 'text' }, { key: 'OAP', kind: 'text' }, { key: 'AP', kind: 'text' }],
  phase: [{ key: 'status', kind: 'select', options: PHASE_STATUSES, default: 'new' }, NAME],
  shaping: [{ key: 'cost_type', kind: 'select', options: SHAPING_COST_TYPES }, NAME],
  measurement: [NAME, { key: 'label', kind: 'text' }],
  dimensioning: [{ key: 'label', kind: 'text' }],
};

const BY_LAYER: Record<string, EditorKind> = {
  notes: 'note', noteShapes: 'note', areas: 'area', apAreas: 'area', dpAreas: 'area', oapAreas: 'area',
  phases: 'phase', shaping: 'shaping', dimensioningLines: 'dimensioning',
};
const BY_TYPE: Record<string, EditorKind> = {
  note: 'note', area: 'area', ap_area: 'area', dp_area: 'area', oap_area: 'area', phase: 'phase', shaping: 'shaping',
  measurement: 'measurement', dimensioning_line: 'dimensioning',
};

/** The editor of a feature: by its catalogue layer, else by its stored type, else generic. */
export function editorOf(layer: Pick<LayerEntry, 'name'>, f: Pick<StoredFeature, 'type' | 'table'>): EditorKind {
  return BY_LAYER[layer.name] ?? BY_TYPE[f.type] ?? (f.table === 'note' ? 'note' : 'generic');
}

/** Fixed fields of an editor; the generic editor: `name` and every property of the feature (as text). */
export function fieldsOf(kind: EditorKind, f: StoredFeature): FieldDef[] {
  if (kind !== 'generic') return FIELDS[kind];
  return [NAME, ...Object.keys(f.properties).sort().map((key): FieldDef => ({ key, kind: 'text' }))];
}

/** Lines of a feature in EPSG:3857 (length of a measurement or dimensioning line). */
function lines(f: StoredFeature): Position[][] {
  const c = f.geometry.coordinates as never;
  return f.geometry.type === 'LineString' ? [c] : f.geometry.type === 'MultiLineString' ? c : [];
}

/** Ground length in metres of a line feature, null for other geometries. */
export function lengthOf(f: StoredFeature): number | null {
  const l = lines(f);
  return l.length ? l.reduce((s, x) => s + groundLength(x), 0) : null;
}

/** The length as shown: 'x.xx m' (spec 3 §5: a dimensioning label only from 0.2 m; shorter ones plain). */
export function lengthText(m: number): string {
  return dimensionLabel(m) ?? `${formatNumber(m)} m`;
}

const textOf = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The form's values of a feature: each field's value as text (the default where the feature has none). */
export function formValues(fields: readonly FieldDef[], f: StoredFeature): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of fields) {
    const v = d.column ? f.name : f.properties[d.key];
    out[d.key] = v === null || v === undefined || v === '' ? textOf(d.default) : textOf(v);
  }
  return out;
}

/** Generic fields are edited as text: a value that was a number or boolean stays one when the text still reads so. */
function keepType(before: unknown, raw: string): unknown {
  if (typeof before === 'number' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  if (typeof before === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** The feature with the form's values applied: numbers as numbers (empty: removed), text as text (empty: removed);
 *  a measurement or dimensioning line also stores its length in metres (2 decimals). */
export function applyForm(kind: EditorKind, fields: readonly FieldDef[], f: StoredFeature, values: Record<string, string>): StoredFeature {
  const properties = { ...f.properties };
  let name = f.name;
  for (const d of fields) {
    const raw = values[d.key] ?? '';
    if (d.column) { name = raw.trim() === '' ? null : raw; continue; }
    if (raw.trim() === '') { delete properties[d.key]; continue; }
    if (d.kind === 'number') {
      const n = Number(raw);
      if (!Number.isFinite(n)) throw new Error(`${d.key}: not a number`);
      properties[d.key] = n;
    } else properties[d.key] = keepType(f.properties[d.key], raw);
  }
  if (kind === 'measurement' || kind === 'dimensioning') {
    const len = lengthOf(f);
    if (len !== null) properties.length = Math.round(len * 100) / 100;
  }
  return { ...f, name, properties };
}
