// KLIC (IMKL) utility themes → the layer names of the default clash rules (common/settings DEFAULT_CLASH_RULES: one
// rule per utility theme). An uploaded KLIC delivery stores its cables and pipes with the IMKL theme code in
// `properties.theme` (server/uploads/gml.ts); a reference feature of such a record takes the rule layer of its theme,
// so the default rules check it. Themes without a default rule keep their upload layer.
import type { ReferenceFeature } from './types';

export const KLIC_THEME_LAYERS: Readonly<Record<string, string>> = {
  laagspanning: 'electricity_low_voltage',
  middenspanning: 'electricity_medium_voltage',
  hoogspanning: 'electricity_medium_voltage',
  landelijkHoogspanningsnet: 'electricity_medium_voltage',
  gasLageDruk: 'gas_low_pressure',
  gasHogeDruk: 'gas_high_pressure',
  water: 'water',
  rioolVrijverval: 'sewer',
  rioolOnderOverOfOnderdruk: 'sewer',
  datatransport: 'telecom',
  warmte: 'district_heating',
};

/** The clash layer of a stored feature: its KLIC theme's rule layer when it has a known theme, else its own layer. */
export function referenceLayer(layer: string, properties: Record<string, unknown> | undefined): string {
  const theme = properties?.theme;
  return typeof theme === 'string' && Object.prototype.hasOwnProperty.call(KLIC_THEME_LAYERS, theme) ? KLIC_THEME_LAYERS[theme] : layer;
}

/** A reference feature with its layer mapped by `referenceLayer`. */
export const withThemeLayer = (f: ReferenceFeature): ReferenceFeature => ({ ...f, layer: referenceLayer(f.layer, f.properties) });
