// Derived network layers drawn on the map (spec 3 §2: trenches reserved / by drilling type / by coverage type, OAP
// and AP): each visible layer draws the objects its filter selects in its own render group, with its own style,
// visibility, opacity and zoom range; an object can be in several groups; an edit rebuilds only the touched chunk and
// visibility changes rebuild nothing.
import { describe, it, expect } from 'vitest';
import { CATALOGUE, CONTEXT_DEFAULTS, getStyle, offeredLayers, PROJECT_TYPES, resolveView } from 'layers';
import { createModel, type Model } from 'engine/model';
import type { NetworkObject, ObjectType } from 'engine/types';
import { catalogueStyle, groupShown, groupStates, styleKey } from '../../../../src/map/render/catalogue-style';
import { NetworkChunks } from '../../../../src/map/render/network-chunks';
import { modelSource } from '../../../../src/map/render/model-source';
import type { ObjectStyle } from '../../../../src/map/render/network-style';

const fibre = offeredLayers(CATALOGUE, { projectTypeId: PROJECT_TYPES.fttx });
const resolve = (user: { layerName: string; visible: boolean; opacity: number }[] = []) =>
  resolveView(fibre, { mapContext: 'trenches', userSettings: user.map((u) => ({ mapContext: 'trenches', ...u })), viewDefaults: CONTEXT_DEFAULTS.trenches, recommended: new Map() });
const list = (s: ObjectStyle | readonly ObjectStyle[]) => (Array.isArray(s) ? s : [s as ObjectStyle]);
const groupsOf = (kind: 'node' | 'edge', type: string, props: Record<string, unknown>) =>
  list(catalogueStyle(fibre, resolve())(kind, type, () => props)).map((s) => s.group);

const TYPES: ObjectType[] = [
  { id: 106, name: 'trench', geometryKind: 'edge' } as ObjectType, { id: 113, name: 'drilling', geometryKind: 'edge' } as ObjectType,
  { id: 101, name: 'access_point', geometryKind: 'node' } as ObjectType,
];
const val = (iid: string, name: string, value: string) => ({ objectInstanceId: iid, attributeTypeName: name, value });
function edge(i: number, typeId: number, values: [string, string][], x = 570000 + i * 30): NetworkObject {
  return {
    id: `e${i}`, projectId: 1,
    edge: { fromNodeId: `a${i}`, toNodeId: `b${i}`, geometry: { type: 'LineString', coordinates: [[x, 6817000], [x, 6817040]] } },
    objectInstances: [{ id: `i${i}`, objectTypeId: typeId, networkObjectId: `e${i}`, attributeValues: values.map(([k, v]) => val(`i${i}`, k, v)) }],
  } as NetworkObject;
}

describe('derived network layers', () => {
  it('each trench goes to the base layer and to every derived layer whose filter it passes', () => {
    expect(groupsOf('edge', 'trench', {})).toEqual(['trenches']);
    expect(groupsOf('edge', 'trench', { reserved: 'true' })).toEqual(['trenches', 'trenchesReserved']);
    expect(groupsOf('edge', 'trench', { reserved: 'false' })).toEqual(['trenches']);
    expect(groupsOf('edge', 'trench', { drilling_type: 'pressing', coverage_type: 'asphalt' })).toEqual(['trenches', 'trenchesDrillingType', 'trenchesCoverageType']);
    expect(groupsOf('edge', 'trench', { drilling_type: '', coverage_type: '  ' })).toEqual(['trenches']);
    expect(groupsOf('edge', 'drilling', {})).toEqual(['trenchesDrillingType']);
    expect(groupsOf('node', 'access_point', { name: 'OAP-3' })).toEqual(['oap']);
    expect(groupsOf('node', 'access_point', { name: 'AP Utrecht' })).toEqual(['ap']);
  });

  it('each derived layer colours with its own style function', () => {
    const s = list(catalogueStyle(fibre, resolve())('edge', 'trench', () => ({ reserved: 'true', drilling_type: 'directional_drilling' })));
    const by = Object.fromEntries(s.map((x) => [x.group, x.color]));
    expect(by.trenches).toEqual(getStyle('trench').fn({}, 20)!.color);
    expect(by.trenchesReserved).toEqual(getStyle('trenchReserved').fn({ reserved: 'true' }, 20)!.color);
    expect(by.trenchesDrillingType).toEqual(getStyle('trenchDrilling').fn({ drilling_type: 'directional_drilling' }, 20)!.color);
    expect(by.trenchesReserved).not.toEqual(by.trenches);
  });

  it('every derived layer is a render group with its own visibility, opacity and zoom range', () => {
    const g = groupStates(fibre, resolve([{ layerName: 'trenchesReserved', visible: true, opacity: 0.7 }]));
    expect(g.get('trenchesReserved')).toMatchObject({ visible: true, opacity: 0.7, minZoom: 13 });
    expect(g.get('trenchesDrillingType')).toMatchObject({ visible: false, minZoom: 18 });
    expect(g.get('trenchesCoverageType')).toMatchObject({ visible: false, minZoom: 18 });
    expect(g.get('oap')).toBeDefined();
    expect(groupShown(g.get('trenchesReserved'), 13)).toBe(true);
    expect(groupShown(g.get('trenchesReserved'), 12.5)).toBe(false);
    expect(groupShown({ ...g.get('trenchesDrillingType')!, visible: true }, 17.9)).toBe(false);
    expect(groupShown({ ...g.get('trenchesDrillingType')!, visible: true }, 18)).toBe(true);
    // visibility and opacity do not change the style key: no buffer is rebuilt for them
    expect(styleKey(fibre, resolve([{ layerName: 'trenchesReserved', visible: true, opacity: 0.2 }]))).toBe(styleKey(fibre, resolve()));
  });

  it('chunks hold a derived group only for the objects it selects; an edit rebuilds only the touched chunk', () => {
    const objs: NetworkObject[] = [
      edge(0, 106, [['reserved', 'true']]), edge(1, 106, [['reserved', 'false']]), edge(2, 106, [['drilling_type', 'pressing']]),
      edge(3, 113, []), edge(4, 106, []),
      edge(5, 106, [], 590000), // far away: another cell
    ];
    let model: Model = createModel({ networkObjects: objs, objectTypes: TYPES });
    const chunks = new NetworkChunks(modelSource(() => model), { cellSize: 2000, style: catalogueStyle(fibre, resolve()) });
    chunks.build();
    const ids = (group: string) => chunks.chunks().filter((c) => c.group === group).flatMap((c) => c.edgeIds).sort();
    expect(ids('trenches')).toEqual(['e0', 'e1', 'e2', 'e4', 'e5']);
    expect(ids('trenchesReserved')).toEqual(['e0']);
    expect(ids('trenchesDrillingType')).toEqual(['e2', 'e3']);
    expect(ids('trenchesCoverageType')).toEqual([]);
    const far = chunks.chunks().find((c) => c.edgeIds.includes('e5'))!;
    // the edge e4 becomes reserved: only its cell is rebuilt, and it joins the reserved group
    const changed = objs.map((o) => (o.id === 'e4' ? edge(4, 106, [['reserved', 'TRUE']]) : o));
    model = createModel({ networkObjects: changed, objectTypes: TYPES });
    const rebuilt = chunks.update(['e4']);
    expect(rebuilt).toEqual([chunks.chunkOf('e4')]);
    expect(ids('trenchesReserved')).toEqual(['e0', 'e4']);
    expect(chunks.chunks().find((c) => c.edgeIds.includes('e5'))).toBe(far);
  });
});
