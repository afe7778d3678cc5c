// deck.gl layers of the network chunks: an unchanged chunk hands deck.gl the same layer instance on the next render
// (deck.gl skips it at once); a rebuilt chunk, another opacity/visibility, or a render that left it out gives a new one.
import { describe, expect, it } from 'vitest';
import { createModel } from 'engine/model';
import type { NetworkObject } from 'engine/types';
import { NetworkChunks } from '../../../../src/map/render/network-chunks';
import { modelSource } from '../../../../src/map/render/model-source';
import { chunkLayers } from '../../../../src/map/render/deck-layers';

function net(): NetworkObject[] {
  const out: NetworkObject[] = [];
  for (let i = 0; i < 20; i++) {
    const x = 570000 + i * 600;
    out.push({ id: `a${i}`, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, 6817000] } } });
    out.push({ id: `b${i}`, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x + 50, 6817000] } } });
    out.push({ id: `e${i}`, projectId: 1, edge: { fromNodeId: `a${i}`, toNodeId: `b${i}`, geometry: { type: 'LineString', coordinates: [[x, 6817000], [x + 50, 6817000]] } } });
  }
  return out;
}

describe('chunk layers', () => {
  it('reuses the layer instances of unchanged chunks between consecutive renders', () => {
    const model = createModel({ networkObjects: net() });
    const chunks = new NetworkChunks(modelSource(() => model), { cellSize: 1000 });
    chunks.build();
    const o = { widthScale: 1, view: null, cellSize: 1000 };
    const first = chunkLayers(chunks.chunks(), o);
    const second = chunkLayers(chunks.chunks(), o);
    expect(first.length).toBeGreaterThan(4);
    expect(second.every((l, i) => l === first[i])).toBe(true);
    // another width scale: new instances
    const wider = chunkLayers(chunks.chunks(), { ...o, widthScale: 2 });
    expect(wider.some((l, i) => l === second[i])).toBe(false);
    // a rebuilt chunk gets a new instance, the others stay
    chunks.update(['e3']);
    const after = chunkLayers(chunks.chunks(), { ...o, widthScale: 2 });
    const same = after.filter((l) => wider.includes(l)).length;
    expect(same).toBe(after.length - 2); // the rebuilt cell's path and point layers are new
    // a render that left the chunks out: nothing is reused afterwards
    chunkLayers([], o);
    const back = chunkLayers(chunks.chunks(), { ...o, widthScale: 2 });
    expect(back.some((l) => after.includes(l))).toBe(false);
  });
});
