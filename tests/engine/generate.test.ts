// The one street generator (engine/generate.ts): exactly N edges, deterministic, tiles that refer only to themselves
// and earlier tiles, a network that passes the integrity check in both details, and the one-piece network of the
// engine tests and benches with its street edges and houses.
import { describe, expect, it } from 'vitest';
import {
  GENERATED_TYPE_IDS as T, checkIntegrity, createModel, embeddedNetwork, generateNetwork, gridEdges, gridFor, joinBlocks,
  pentries, streetTiles, type NetworkBlock,
} from 'engine';

const edgesOf = (b: NetworkBlock) => b.networkObjects.filter((o) => o.edge).length;

describe('street generator', () => {
  it('makes exactly N edges in tiles that refer only to themselves and earlier tiles', () => {
    for (const detail of ['ftth', 'light'] as const) {
      const seen = new Set<string>();
      let edges = 0, blocks = 0;
      for (const b of streetTiles({ edges: 2500, tile: 5, detail })) {
        blocks++;
        for (const o of b.networkObjects) seen.add(o.id);
        for (const o of b.networkObjects) if (o.edge) { edges++; expect(seen.has(o.edge.fromNodeId) && seen.has(o.edge.toNodeId)).toBe(true); }
        for (const s of b.pathEdges) expect(seen.has(s.pathId) && seen.has(s.edgeId) && seen.has(s.startNodeId)).toBe(true);
        for (const i of b.objectInstances) expect(seen.has(i.networkObjectId)).toBe(true);
      }
      expect(edges).toBe(2500);
      expect(blocks).toBeGreaterThan(3);
    }
    expect(gridEdges(gridFor(1_000_000))).toBeGreaterThanOrEqual(1_000_000);
    expect(gridEdges(gridFor(1_000_000) - 1)).toBeLessThan(1_000_000);
  });

  it('is deterministic: the same options give the same network, another seed moves the crossings', () => {
    const a = joinBlocks(streetTiles({ edges: 800 })), b = joinBlocks(streetTiles({ edges: 800 }));
    expect(a).toEqual(b);
    expect(joinBlocks(streetTiles({ edges: 800, seed: 1 })).networkObjects[0]).not.toEqual(a.networkObjects[0]);
    expect(a.networkObjects.filter((o) => o.edge).map((o) => o.id)).toEqual(Array.from({ length: 800 }, (_, k) => `e${k}`));
  });

  it('passes the integrity check; ftth has ducts, drop cables, values and relations, light only trenches and addresses', () => {
    const ftth = joinBlocks(streetTiles({ edges: 1500, tile: 6 }));
    const light = joinBlocks(streetTiles({ edges: 1500, tile: 6, detail: 'light' }));
    for (const net of [ftth, light]) expect(checkIntegrity(net, { geometry: true })).toEqual([]);
    const types = (n: NetworkBlock) => new Set(n.objectInstances.map((i) => i.objectTypeId));
    expect([...types(ftth)].sort()).toEqual(Object.values(T).sort());
    expect(types(light).has(T.duct)).toBe(false);
    expect(ftth.relations.length).toBeGreaterThan(1000);
    expect(light.relations).toEqual([]);
    expect(new Set(light.attributeValues.map((v) => v.attributeTypeName))).toEqual(new Set(['address']));
    // the same streets whatever the detail
    const nodes = (n: NetworkBlock) => n.networkObjects.filter((o) => o.node).map((o) => o.node!.geometry.coordinates);
    expect(nodes(light)).toEqual(nodes(ftth));
  });

  it('the one-piece network: a regular grid from (150000, 460000) with its street edges and houses', () => {
    const net = generateNetwork(3000);
    expect(net.edges).toBe(3000);
    expect(edgesOf(net)).toBe(3000);
    expect(net.nodes).toBe(net.networkObjects.filter((o) => o.node).length);
    const houses = new Set(net.houseNodeIds);
    expect(net.objectInstances.filter((i) => i.objectTypeId === T.customer).every((i) => houses.has(i.networkObjectId))).toBe(true);
    const ends = new Map(net.networkObjects.filter((o) => o.edge).map((o) => [o.id, o.edge!]));
    for (const id of net.streetEdgeIds) {
      const e = ends.get(id)!;
      expect(houses.has(e.fromNodeId) || houses.has(e.toNodeId)).toBe(false);
      const [[x0, y0], [x1, y1]] = e.geometry.coordinates;
      expect(x0 === x1 || y0 === y1).toBe(true); // streets run along the grid
    }
    expect(net.streetEdgeIds.length + houses.size).toBe(3000);
    for (const o of net.networkObjects) {
      if (!o.node || houses.has(o.id)) continue;
      const [x, y] = o.node.geometry.coordinates;
      expect(x >= 150000 && x <= 150000 + net.grid * net.spacing && y >= 460000 && y <= 460000 + net.grid * net.spacing).toBe(true);
    }
  });

  it('as the server sends it (embedded lists) gives the same model as the flat lists', () => {
    const net = joinBlocks(streetTiles({ edges: 600, tile: 4 }));
    const flat = createModel(net), wire = createModel({ networkObjects: embeddedNetwork(net) });
    const rows = (m: typeof flat) => [m.networkObjects, m.objectInstances, m.attributeValues, m.pathEdges].map((t) => Object.fromEntries(pentries<unknown>(t as never)));
    expect(rows(wire)).toEqual(rows(flat));
  });
});
