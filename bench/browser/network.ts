// The browser benches' network of n edges (app page and EditableGeoJsonLayer baseline alike): the one street
// generator's 'light' detail around Utrecht (trenches, customer connections, handholes, access and distribution
// points, feeder cables; edges e0, e1, …), as the server sends it, with the object types it uses.
import { embeddedNetwork, generateNetwork, GENERATED_TYPES, UTRECHT, STREET_BLOCK } from '../../engine/generate';
import type { NetworkObject } from '../../engine/types';

export function benchNetwork(n: number): NetworkObject[] {
  return embeddedNetwork(generateNetwork(n, { origin: UTRECHT, block: STREET_BLOCK, jitter: 20, projectId: 0 }));
}

export const OBJECT_TYPES = GENERATED_TYPES;
