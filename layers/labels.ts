// Which features a catalogue layer labels, from which zoom and with which text (spec 3 §2 "a label is shown from zoom
// 17", §9 thresholds). Network point layers always label their objects: with the attribute the entry names
// (`labelField`), otherwise with the object's display name (spec 1 §3). Network line layers label by an attribute they
// name (duct type, pipe diameter), or by the display name only when the catalogue gives them a threshold (cables,
// conduits): a display name on every piece of every street (trenches) would bury the map in repeated text. Feature layers label only when the entry names a label field.
// The text itself is formatted by `displayValue` (styles/format.ts).
import type { LayerEntry } from './types';
import { DEFAULT_LABEL_ZOOM } from './catalogue/define';

export interface LabelRule {
  /** Labels are drawn from this zoom (inclusive). */
  minZoom: number;
  /** The property giving the text; absent: the feature's display name (network layers only). */
  field?: string;
}

/** The entry's label rule, or null when the layer draws no labels. */
export function labelRule(e: LayerEntry): LabelRule | null {
  if (!e.labelField && (e.type !== 'network' || (e.geometry !== 'point' && e.labelMinZoom === undefined))) return null;
  const minZoom = e.labelMinZoom ?? DEFAULT_LABEL_ZOOM;
  return e.labelField ? { minZoom, field: e.labelField } : { minZoom };
}
