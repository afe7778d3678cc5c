// Spatial chunks of binary buffers: an edit rebuilds only the chunks it touches.
import { describe, it, expect } from 'vitest';
import { createModel, type Model } from 'engine/model';
import type { NetworkObject } from 'engine/types';
import { NetworkChunks } from '../../../src/map/render/network-chunks';
import { modelSource } from '../../../src/map/render/model-source';

function grid(n: number): NetworkObject[] {
  const out: NetworkObject[] = [];
  for (let i = 0; i < n; i++) {
    const x = 570000 + (i % 100) * 50, y = 6800000 + Math.floor(i / 100) * 50;
    out.push({ id: `n${i}`, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, y] } } });
    out.push({ id: `e${i}`, projectId: 1, edge: { fromNodeId: `n${i}`, toNodeId: `n${i}`, geometry: { type: 'LineString', coordinates: [[x, y], [x + 40, y], [x + 40, y + 40]] } } });
  }
  return out;
}

describe('network in binary chunks', () => {
  it('puts every node and edge into typed-array buffers of spatial chunks', () => {
    let model: Model = createModel({ networkObjects: grid(1000) });
    const chunks = new NetworkChunks(modelSource(() => model), { cellSize: 1000 });
    chunks.build();
    const all = chunks.chunks();
    expect(all.length).toBeGreaterThan(4);
    expect(all.reduce((s, c) => s + c.edges.length, 0)).toBe(1000);
    expect(all.reduce((s, c) => s + c.nodes.length, 0)).toBe(1000);
    const c = all[0];
    expect(c.edges.startIndices).toBeInstanceOf(Uint32Array);
    expect(c.edges.attributes.getPath.value).toBeInstanceOf(Float32Array);
    expect(c.edges.attributes.getPath.value.length).toBe(c.edges.length * 3 * 2);
    expect(c.edges.startIndices[c.edges.length]).toBe(c.edges.length * 3);
    expect(c.edges.attributes.getColor.value.length).toBe(c.edges.length * 3 * 4);
    // offsets from the chunk origin stay small (float32 precision)
    for (const v of c.edges.attributes.getPath.value) expect(Math.abs(v)).toBeLessThan(0.1);
  });

  it('an edit rebuilds only the chunk it touches; the others keep their buffers', () => {
    let model: Model = createModel({ networkObjects: grid(1000) });
    const chunks = new NetworkChunks(modelSource(() => model), { cellSize: 1000 });
    chunks.build();
    const before = new Map(chunks.chunks().map((c) => [c.key, c]));
    const moved = grid(1000).filter((o) => o.id === 'e5').map((o) => ({ ...o, edge: { ...o.edge!, geometry: { type: 'LineString' as const, coordinates: [[570250, 6800000], [570300, 6800010]] as [number, number][] } } }));
    model = createModel({ networkObjects: [...grid(1000).filter((o) => o.id !== 'e5'), ...moved] });
    const rebuilt = chunks.update(['e5']);
    expect(rebuilt).toEqual([chunks.chunkOf('e5')]);
    for (const c of chunks.chunks()) {
      if (rebuilt.includes(c.key)) expect(c).not.toBe(before.get(c.key));
      else expect(c).toBe(before.get(c.key));
    }
    // deletion empties the id from its chunk
    model = createModel({ networkObjects: grid(1000).filter((o) => o.id !== 'e5') });
    chunks.update(['e5']);
    expect(chunks.chunkOf('e5')).toBeUndefined();
    expect(chunks.chunks().reduce((s, c) => s + c.edges.length, 0)).toBe(999);
  });

  it('chooses a cell size for about 8000 objects per chunk', () => {
    const s = NetworkChunks.chooseCellSize(100000, 100000, 1_000_000);
    expect((100000 / s) ** 2).toBeCloseTo(125, 0);
  });
});

describe('styles computed once per object', () => {
  it('a cell rebuild restyles only the objects that changed; the others keep their computed style', () => {
    const model: Model = createModel({ networkObjects: grid(200) });
    const styled: string[] = [];
    const chunks = new NetworkChunks(modelSource(() => model), {
      cellSize: 100_000, // one cell holds everything
      style: (kind, typeName, props) => { styled.push(kind); void typeName; void props; return { color: [1, 2, 3, 255], width: 2 }; },
    });
    chunks.build();
    expect(styled.length).toBe(400);
    styled.length = 0;
    expect(chunks.update(['e5'])).toHaveLength(1);
    expect(styled).toEqual(['edge']); // the other 399 objects of the rebuilt cell were not styled again
  });
});
