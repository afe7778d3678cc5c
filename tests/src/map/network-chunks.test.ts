// Spatial chunks of binary buffers: an edit rebuilds only the chunks it touches (labels with them; a renamed cable
// also the cells of the edges whose labels show its name).
import { describe, it, expect } from 'vitest';
import { createModel, type Model } from 'engine/model';
import type { NetworkObject, ObjectType } from 'engine/types';
import { getLayer } from 'layers';
import { NetworkChunks } from '../../../src/map/render/network-chunks';
import { modelSource } from '../../../src/map/render/model-source';
import { catalogueStyle } from '../../../src/map/render/catalogue-style';

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

  it('every vertex of an edge and every node carries its own style\'s colour and width, per render group', () => {
    const model: Model = createModel({ networkObjects: grid(300) });
    // a colour and width from the object's position in the grid: neighbours differ in every channel
    const styleOf = (id: string) => { const k = Number(id.slice(1)); return { color: [k % 251, (k * 7) % 253, (k * 13) % 255, 100 + (k % 150)] as [number, number, number, number], width: 1 + (k % 9), group: k % 2 ? 'odd' : 'even' }; };
    const src = modelSource(() => model);
    const chunks = new NetworkChunks({ ...src, forEach: (cb) => src.forEach((id, o) => cb(id, { ...o, typeName: id })), get: (id) => { const o = src.get(id); return o && { ...o, typeName: id }; } },
      { cellSize: 1000, style: (_kind, typeName) => styleOf(typeName!) });
    chunks.build();
    let edges = 0, nodes = 0;
    for (const c of chunks.chunks()) {
      const e = c.edges, col = e.attributes.getColor.value, w = e.attributes.getWidth.value;
      for (let i = 0; i < e.length; i++) {
        const st = styleOf(c.edgeIds[i]);
        expect(st.group).toBe(c.group);
        for (let v = e.startIndices[i]; v < e.startIndices[i + 1]; v++) { expect([...col.subarray(4 * v, 4 * v + 4)]).toEqual(st.color); expect(w[v]).toBe(st.width); }
        edges++;
      }
      const n = c.nodes;
      for (let i = 0; i < n.length; i++) {
        const st = styleOf(c.nodeIds[i]);
        expect([...n.attributes.getFillColor.value.subarray(4 * i, 4 * i + 4), n.attributes.getRadius.value[i], c.group]).toEqual([...st.color, st.width, st.group]);
        nodes++;
      }
    }
    expect([edges, nodes]).toEqual([300, 300]);
  });

  it('another style restyles every edge and node (none keeps the colour it had)', () => {
    const model: Model = createModel({ networkObjects: grid(200) });
    const chunks = new NetworkChunks(modelSource(() => model), { cellSize: 1000, style: () => ({ color: [1, 2, 3, 255], width: 2 }) });
    chunks.build();
    const colours = () => new Set(chunks.chunks().flatMap((c) => [...c.edges.attributes.getColor.value, ...c.nodes.attributes.getFillColor.value]));
    expect(colours()).toEqual(new Set([1, 2, 3, 255]));
    const rebuilt = chunks.restyle(() => ({ color: [9, 8, 7, 255], width: 4 }));
    expect(rebuilt.length).toBe(chunks.chunks().length);
    expect(colours()).toEqual(new Set([9, 8, 7, 255]));
    expect(new Set(chunks.chunks().flatMap((c) => [...c.edges.attributes.getWidth.value, ...c.nodes.attributes.getRadius.value]))).toEqual(new Set([4]));
  });

  it('a cell emptied by an edit and filled again by the next holds the new object', () => {
    const only = (x: number): NetworkObject => ({ id: `far${x}`, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, 6900000] } } });
    let model: Model = createModel({ networkObjects: [...grid(10), only(590000)] });
    const chunks = new NetworkChunks(modelSource(() => model), { cellSize: 1000 });
    chunks.build();
    const cell = chunks.chunkOf('far590000')!;
    model = createModel({ networkObjects: grid(10) });
    chunks.update(['far590000']);
    expect(chunks.chunks().some((c) => c.key === cell)).toBe(false);
    model = createModel({ networkObjects: [...grid(10), only(590010)] });
    chunks.update(['far590010']);
    expect(chunks.chunkOf('far590010')).toBe(cell);
    expect(chunks.chunks().filter((c) => c.key === cell).flatMap((c) => c.nodeIds)).toEqual(['far590010']);
  });

  it('chooses a cell size for about 24 000 objects per chunk', () => {
    const s = NetworkChunks.chooseCellSize(100000, 100000, 1_000_000);
    expect((100000 / s) ** 2).toBeCloseTo(42, 0);
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

describe('the build describes each object once', () => {
  it('styles what the walk described: no object is read again by id while building; an update reads its ids', () => {
    const model: Model = createModel({ networkObjects: grid(300) });
    const src = modelSource(() => model), got: string[] = [];
    const counting = { ...src, get: (id: string) => { got.push(id); return src.get(id); } };
    const chunks = new NetworkChunks(counting, { cellSize: 1000 });
    chunks.build();
    expect(got).toEqual([]);
    expect(chunks.chunks().reduce((s, c) => s + c.edges.length + c.nodes.length, 0)).toBe(600);
    chunks.update(['e7']);
    expect(got).toEqual(['e7', 'e7']); // placed, then styled
  });
});

describe('labels rebuilt with their chunks', () => {
  // trench edges e1 (cell 570), e2 (cell 572, stored from c back to b) and e3 (cell 574); cable P runs over e1 and e2
  const types: ObjectType[] = [
    { id: 4, name: 'cable', family: 'fttx', geometryKind: 'path', attributeTypes: [{ name: 'name', type: 'String' }] },
    { id: 201, name: 'trench', family: 'fttx', geometryKind: 'edge', attributeTypes: [] },
  ] as ObjectType[];
  const y = 6817000;
  const pt = (id: string, x: number): NetworkObject => ({ id, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, y] } } });
  const trench = (id: string, a: string, b: string, xa: number, xb: number): NetworkObject => ({
    id, projectId: 1, edge: { fromNodeId: a, toNodeId: b, geometry: { type: 'LineString', coordinates: [[xa, y], [xb, y]] } },
    objectInstances: [{ id: `i${id}`, objectTypeId: 201, networkObjectId: id }],
  });
  const network = (cableName: string): NetworkObject[] => [
    pt('a', 570100), pt('b', 570900), pt('c', 572500), pt('d', 574100), pt('e', 574300),
    trench('e1', 'a', 'b', 570100, 570900), trench('e2', 'c', 'b', 572500, 570900), trench('e3', 'd', 'e', 574100, 574300),
    { id: 'P', projectId: 1, pathEdges: [{ id: 'p1', pathId: 'P', edgeId: 'e1', startNodeId: 'a' }, { id: 'p2', pathId: 'P', edgeId: 'e2', startNodeId: 'b' }],
      objectInstances: [{ id: 'iP', objectTypeId: 4, networkObjectId: 'P', attributeValues: [{ objectInstanceId: 'iP', attributeTypeName: 'name', value: cableName }] }] },
  ];

  it("renaming a cable rebuilds the cells of the edges it runs over (their display name shows it), and no other", () => {
    let model = createModel({ networkObjects: network('K1'), objectTypes: types });
    const entries = [{ ...getLayer('trenches'), labelMinZoom: 17 }]; // a line layer labelled by display name
    const chunks = new NetworkChunks(modelSource(() => model), { cellSize: 1000, style: catalogueStyle(entries, []) });
    chunks.build();
    const labels = () => new Map(chunks.chunks().filter((c) => c.group === 'trenches').map((c) => [c.key, c.labels.map((l) => l.text)]));
    expect(labels()).toEqual(new Map([['570_6817', ['K1']], ['572_6817', ['K1']], ['574_6817', []]]));
    const untouched = chunks.chunks().find((c) => c.key === '574_6817');
    model = createModel({ networkObjects: network('K2'), objectTypes: types });
    expect(chunks.update(['P']).sort()).toEqual(['570_6817', '572_6817']);
    expect(labels()).toEqual(new Map([['570_6817', ['K2']], ['572_6817', ['K2']], ['574_6817', []]]));
    expect(chunks.chunks().find((c) => c.key === '574_6817')).toBe(untouched);
    // an attribute edit that keeps the name rebuilds only the path's own cell
    expect(chunks.update(['P'])).toEqual(['570_6817']);
  });

  it('a chunk makes its labels when they are first read, once (a view below the label zoom makes none)', () => {
    const model = createModel({ networkObjects: network('K1'), objectTypes: types });
    const src = modelSource(() => model), asked: string[] = [];
    const counting = { ...src, labelOf: (id: string) => { asked.push(id); return src.labelOf(id); } };
    const entries = [{ ...getLayer('trenches'), labelMinZoom: 17 }];
    const chunks = new NetworkChunks(counting, { cellSize: 1000, style: catalogueStyle(entries, []) });
    chunks.build();
    expect(asked.filter((id) => id !== 'P')).toEqual([]); // the path's own name is read for its edges' cells only
    asked.length = 0;
    const c570 = chunks.chunks().find((c) => c.key === '570_6817' && c.group === 'trenches')!;
    expect(c570.labels.map((l) => l.text)).toEqual(['K1']);
    expect(asked).toEqual(['e1']);
    expect(c570.labels).toBe(c570.labels); // kept
    expect(asked).toEqual(['e1']);
  });
});
