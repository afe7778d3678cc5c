// Network styling from the layer catalogue: object types drawn by their offered network layer with its style
// function, render groups following the resolved settings (visibility, opacity, zoom range, draw order).
import { describe, it, expect } from 'vitest';
import { CATALOGUE, offeredLayers, PROJECT_TYPES, resolveView, getStyle, CONTEXT_DEFAULTS, labelRule } from 'layers';
import { createModel, type Model } from 'engine/model';
import type { NetworkObject, ObjectType } from 'engine/types';
import { catalogueStyle, groupShown, groupStates, layersByObjectType, styleContextOf, styleKey } from '../../../../src/map/render/catalogue-style';
import { NetworkChunks } from '../../../../src/map/render/network-chunks';
import { modelSource } from '../../../../src/map/render/model-source';
import { defaultStyle, type ObjectStyle } from '../../../../src/map/render/network-style';

/** The style of the one layer drawing the object (fails when it is drawn by none or by several). */
const one = (s: ObjectStyle | readonly ObjectStyle[]): ObjectStyle => {
  const list = Array.isArray(s) ? s : [s as ObjectStyle];
  expect(list).toHaveLength(1);
  return list[0];
};

const fibre = offeredLayers(CATALOGUE, { projectTypeId: PROJECT_TYPES.fttx });
const resolve = (user: { layerName: string; visible: boolean; opacity: number; layerStyle?: string }[] = []) =>
  resolveView(fibre, { mapContext: 'trenches', userSettings: user.map((u) => ({ mapContext: 'trenches', ...u })), viewDefaults: CONTEXT_DEFAULTS.trenches, recommended: new Map() });

describe('network styles from the layer catalogue', () => {
  it('maps node and edge object types to every offered network layer of the same geometry naming them', () => {
    const m = layersByObjectType(fibre);
    const names = (k: string) => m.get(k)?.map((e) => e.name);
    expect(names('edge:trench')).toEqual(['trenches', 'trenchesReserved', 'trenchesDrillingType', 'trenchesCoverageType']);
    expect(names('edge:drilling')).toEqual(['trenchesDrillingType']);
    expect(names('edge:duct')).toEqual(['ducts']);
    expect(names('node:customer_connection')).toEqual(['cap']);
    expect(names('node:access_point')).toEqual(['ap', 'oap']);
    expect(names('node:splicebox')).toEqual(['dp']);
    expect(m.get('node:trench')).toBeUndefined();
    // the four cable layers, split by the server's feature type (cable kind), all draw 'cable' (each its kind)
    expect(m.get('edge:cable')!.map((e) => e.name).sort()).toEqual(['cableApToDp', 'cableApToOap', 'cableDpToKa', 'cableOapToDp']);
  });

  it('gathers an object\'s values only for layers that read them: none for a type drawn only by fixed styles', () => {
    const style = catalogueStyle(fibre, resolve());
    const byType = layersByObjectType(fibre);
    // a type whose every layer has a fixed style, no filter, no feature split and no label
    const fixedOnly = [...byType].find(([, list]) => list.every((e) => getStyle(e.styles[0]).readsProps === false && !e.filter && !e.featureTypes?.length && !labelRule(e)));
    expect(fixedOnly).toBeDefined();
    const [kind, typeName] = fixedOnly![0].split(':') as ['node' | 'edge', string];
    let reads = 0;
    const drawn = style(kind, typeName, () => { reads++; return {}; });
    expect([one(drawn).group, reads]).toEqual([byType.get(fixedOnly![0])![0].name, 0]);
    expect(getStyle('cap').readsProps).toBeUndefined();
    style('node', 'customer_connection', () => { reads++; return { status: 'connect' }; });
    expect(reads).toBe(1);
  });

  it('colours an object with its layer style function, reading the attributes; unmatched types keep the default', () => {
    const style = catalogueStyle(fibre, resolve());
    const cap = one(style('node', 'customer_connection', () => ({ status: 'dontConnect' })));
    expect(cap.group).toBe('cap');
    expect(cap.color).toEqual(getStyle('cap').fn({ status: 'dontConnect' }, 20)!.color);
    expect(one(style('node', 'customer_connection', () => ({ status: 'connect' }))).color).not.toEqual(cap.color);
    expect(one(style('edge', 'trench')).color).toEqual(getStyle('trench').fn({}, 20)!.color);
    expect(style('edge', 'mystery')).toEqual(defaultStyle('edge', 'mystery'));
  });

  it('uses the style chosen in the settings and changes the style key with it', () => {
    const a = resolve(), b = resolve([{ layerName: 'trenches', visible: true, opacity: 1, layerStyle: 'route' }]);
    expect(styleKey(fibre, a)).not.toBe(styleKey(fibre, b));
    expect(styleKey(fibre, a)).toBe(styleKey(fibre, resolve([{ layerName: 'trenches', visible: false, opacity: 0.3 }])));
    const routed = one(catalogueStyle(fibre, b)('edge', 'trench', () => ({})));
    const expected = getStyle('route').fn({}, 20);
    if (expected) expect(routed.color).toEqual(expected.color);
    expect(routed.group).toBe('trenches');
  });

  it("fills a distribution point by the project's dp_minimum_usage (spec 3 §9), and restyles when it changes", () => {
    const dp = () => ({ capacity: '46', physical_capacity: '48', connections: '30' }); // 65 % of capacity
    const at75 = styleContextOf({ network: { dp_minimum_usage: 75 } }), at50 = styleContextOf({ network: { dp_minimum_usage: '50' } });
    expect(at75).toEqual({ dpMinimumUsage: 75 });
    expect(styleContextOf({})).toEqual({});
    expect(styleContextOf({ network: { dp_minimum_usage: 'x' } })).toEqual({});
    const under = one(catalogueStyle(fibre, resolve(), at75)('node', 'splicebox', dp)).color;
    const over = one(catalogueStyle(fibre, resolve(), at50)('node', 'splicebox', dp)).color;
    expect(under).not.toEqual(over);
    expect(one(catalogueStyle(fibre, resolve())('node', 'splicebox', dp)).color).toEqual(under); // default 75
    expect(styleKey(fibre, resolve(), at75)).not.toBe(styleKey(fibre, resolve(), at50));
  });

  it('draws low-voltage cables by their kind attribute (LowVoltageMain / LowVoltageCustomer)', () => {
    const fn = getStyle('lvCable').fn;
    expect(fn({ kind: 'LowVoltageMain' }, 20)!.color).not.toEqual(fn({ kind: 'LowVoltageCustomer' }, 20)!.color);
    expect(fn({ cable_kind: 'LowVoltageCustomer' }, 20)!.color).toEqual(fn({ kind: 'LowVoltageMain' }, 20)!.color);
  });

  it('gives each render group the resolved visibility and opacity, its zoom range and draw order', () => {
    const g = groupStates(fibre, resolve([{ layerName: 'ducts', visible: false, opacity: 0.4 }, { layerName: 'trenches', visible: true, opacity: 0.6 }]));
    expect(g.get('ducts')).toMatchObject({ visible: false, opacity: 0.4 });
    expect(g.get('trenches')).toMatchObject({ visible: true, opacity: 0.6, minZoom: 13 });
    expect(g.get('trenches')!.drawOrder).toBeLessThan(g.get('ducts')!.drawOrder);
    expect(groupShown(g.get('trenches'), 13)).toBe(true);
    expect(groupShown(g.get('trenches'), 12.9)).toBe(false);
    expect(groupShown(g.get('ducts'), 18)).toBe(false);
    expect(groupShown(g.get(''), 3)).toBe(true);
  });

  it('splits chunk buffers by render group so a layer toggles without a rebuild; a trench with a duct is in both', () => {
    const types: ObjectType[] = [
      { id: 106, name: 'trench', geometryKind: 'edge' } as ObjectType, { id: 112, name: 'duct', geometryKind: 'edge' } as ObjectType, { id: 103, name: 'customer_connection', geometryKind: 'node' } as ObjectType,
    ];
    const objs: NetworkObject[] = [];
    for (let i = 0; i < 10; i++) {
      const x = 570000 + i * 30;
      objs.push({ id: `a${i}`, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, 6817000] } }, objectInstances: [{ id: `ia${i}`, objectTypeId: 103, networkObjectId: `a${i}`, attributeValues: [{ objectInstanceId: `ia${i}`, attributeTypeName: 'status', value: i % 2 ? 'connect' : 'reserve' }] }] } as NetworkObject);
      objs.push({ id: `b${i}`, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, 6817040] } } });
      objs.push({ id: `e${i}`, projectId: 1, edge: { fromNodeId: `a${i}`, toNodeId: `b${i}`, geometry: { type: 'LineString', coordinates: [[x, 6817000], [x, 6817040]] } }, objectInstances: [{ id: `ie${i}`, objectTypeId: 106, networkObjectId: `e${i}` }, ...(i < 4 ? [{ id: `id${i}`, objectTypeId: 112, networkObjectId: `e${i}` }] : [])] } as NetworkObject);
    }
    const model: Model = createModel({ networkObjects: objs, objectTypes: types });
    const chunks = new NetworkChunks(modelSource(() => model), { cellSize: 10000, style: catalogueStyle(fibre, resolve()) });
    chunks.build();
    const groups = Object.fromEntries(chunks.chunks().map((c) => [c.group, c]));
    expect(Object.keys(groups).sort()).toEqual(['', 'cap', 'ducts', 'trenches']);
    expect(groups.trenches.edges.length).toBe(10);
    expect(groups.ducts.edges.length).toBe(4);
    expect(groups.cap.nodes.length).toBe(10);
    expect(groups[''].nodes.length).toBe(10);
    // reserve and connect customer connections get different colours from the cap style
    const col = groups.cap.nodes.attributes.getFillColor.value;
    expect([...col.subarray(0, 4)]).not.toEqual([...col.subarray(4, 8)]);
    const before = chunks.chunks();
    const rebuilt = chunks.restyle(catalogueStyle(fibre, resolve([{ layerName: 'trenches', visible: true, opacity: 1, layerStyle: 'route' }])));
    expect(rebuilt.length).toBe(1);
    expect(chunks.chunks()[0]).not.toBe(before[0]);
  });
});
