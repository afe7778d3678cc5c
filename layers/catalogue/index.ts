// The layer catalogue: every family joined into one list, looked up by name (spec 3 §2).
import type { LayerEntry } from '../types';
import { FIBRE_LAYERS } from './fibre';
import { FIBRE_AREA_LAYERS } from './fibre-areas';
import { HEAT_LAYERS } from './heat';
import { UTILITY_LAYERS } from './utility';
import { GENERAL_LAYERS } from './general';
import { REFERENCE_LAYERS } from './reference';
import { EXTERNAL_LAYERS } from './external';
import { layerNotFound } from '../errors';

export const CATALOGUE: readonly LayerEntry[] = [
  ...FIBRE_LAYERS, ...FIBRE_AREA_LAYERS, ...HEAT_LAYERS, ...UTILITY_LAYERS, ...GENERAL_LAYERS, ...REFERENCE_LAYERS,
  ...EXTERNAL_LAYERS,
];

const BY_NAME = new Map(CATALOGUE.map((e) => [e.name, e]));

/** The LayerRepository lookup: unknown names raise 'Layer {name} not found in LayerRepository'. */
export function getLayer(name: string): LayerEntry {
  const e = BY_NAME.get(name);
  if (!e) throw layerNotFound(name);
  return e;
}

export function findLayer(name: string): LayerEntry | undefined {
  return BY_NAME.get(name);
}
