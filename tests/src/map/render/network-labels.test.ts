// Labels on network layers (spec 3 §9 thresholds, §5 format, spec 1 §3 display name): a distribution point's label
// shows from zoom 18 and not at 17, a customer connection's from 19, a pipe's size from 21; the text is the attribute
// the layer names or else the feature's display name, cut at 25 characters; a Boolean value shows as Ja/Nee; objects
// without text get no label; lines are labelled at their middle; zooming only shows/hides the chunk's label layer.
import { describe, expect, it } from 'vitest';
import { CATALOGUE, CONTEXT_DEFAULTS, getLayer, offeredLayers, PROJECT_TYPES, resolveView, type LayerEntry } from 'layers';
import { createModel } from 'engine/model';
import { toLngLat } from 'engine/mercator';
import type { NetworkObject, ObjectType } from 'engine/types';
import { catalogueStyle, groupStates } from '../../../../src/map/render/catalogue-style';
import { NetworkChunks } from '../../../../src/map/render/network-chunks';
import { modelSource } from '../../../../src/map/render/model-source';
import { chunkLayers } from '../../../../src/map/render/deck-layers';
import type { ChunkLabel } from '../../../../src/map/render/chunk-labels';

const fibre = offeredLayers(CATALOGUE, { projectTypeId: PROJECT_TYPES.fttx });
const resolved = resolveView(fibre, { mapContext: 'dp', userSettings: [], viewDefaults: CONTEXT_DEFAULTS.dp, recommended: new Map() });
const types = [
  { id: 111, name: 'splicebox', geometryKind: 'node', attributeTypes: [{ name: 'name', type: 'String' }] },
  { id: 103, name: 'customer_connection', geometryKind: 'node', attributeTypes: [{ name: 'name', type: 'String' }] },
] as ObjectType[];
const node = (id: string, x: number, typeId: number, name: string | null): NetworkObject => ({
  id, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, 6817000] } },
  objectInstances: [{ id: `i${id}`, objectTypeId: typeId, networkObjectId: id, attributeValues: name === null ? [] : [{ objectInstanceId: `i${id}`, attributeTypeName: 'name', value: name }] }],
} as NetworkObject);

function built(objs: NetworkObject[], entries: readonly LayerEntry[] = fibre, objectTypes = types) {
  const model = createModel({ networkObjects: objs, objectTypes });
  const chunks = new NetworkChunks(modelSource(() => model), { cellSize: 10000, style: catalogueStyle(entries, resolved) });
  chunks.build();
  const groups = groupStates(entries, resolved);
  return (zoom: number) => chunkLayers(chunks.chunks(), { widthScale: 1, view: null, cellSize: 10000, groups, zoom });
}
const labelLayers = (layers: ReturnType<ReturnType<typeof built>>) => layers.filter((l) => l.id.startsWith('net-labels-'));
const shown = (layers: ReturnType<ReturnType<typeof built>>) =>
  labelLayers(layers).filter((l) => l.props.visible).flatMap((l) => (l.props.data as ChunkLabel[]).map((d) => d.text));
const labelsAt = (zoom: number, objs: NetworkObject[]) => shown(built(objs)(zoom));

describe('network labels', () => {
  const objs = [node('dp1', 570000, 111, 'DP-0001'), node('cc1', 570050, 103, 'Kerkstraat 1'), node('dp2', 570100, 111, null)];
  it('a DP label shows from zoom 18, not at 17; a customer connection label from 19', () => {
    expect(labelsAt(17.5, objs)).toEqual([]);
    expect(labelsAt(18, objs)).toEqual(['DP-0001']);
    expect(labelsAt(19, objs).sort()).toEqual(['DP-0001', 'Kerkstraat 1']);
  });
  it('uses the display name when the layer field is empty, cut at 25 characters with an ellipsis', () => {
    expect(labelsAt(19, [node('dp3', 570000, 111, 'A very long distribution point name')])).toEqual(['A very long distribution …']);
  });
  it('a label layer is made when its labels first show and then only hidden below the threshold (same data, no rebuild)', () => {
    const at = built(objs);
    expect(labelLayers(at(16))).toEqual([]); // never shown: no TextLayer, no glyph work
    const dp18 = labelLayers(at(18)).find((l) => l.id.endsWith('-dp'))!;
    expect(dp18.props.visible).toBe(true);
    const dp17 = labelLayers(at(17)).find((l) => l.id.endsWith('-dp'))!;
    expect(dp17.props.visible).toBe(false);
    expect(dp17.props.data).toBe(dp18.props.data);
  });

  it('a line is labelled at its middle; a layer naming an attribute shows it, a Boolean as Ja/Nee', () => {
    const trench = [{ id: 201, name: 'trench', geometryKind: 'edge', attributeTypes: [{ name: 'house_connection', type: 'Boolean' }] }] as ObjectType[];
    const a = { id: 'a', projectId: 1, node: { geometry: { type: 'Point', coordinates: [570000, 6817000] } } } as NetworkObject;
    const b = { id: 'b', projectId: 1, node: { geometry: { type: 'Point', coordinates: [570200, 6817000] } } } as NetworkObject;
    const t = { id: 't', projectId: 1, edge: { fromNodeId: 'a', toNodeId: 'b', geometry: { type: 'LineString', coordinates: [[570000, 6817000], [570200, 6817000]] } },
      objectInstances: [{ id: 'it', objectTypeId: 201, networkObjectId: 't', attributeValues: [{ objectInstanceId: 'it', attributeTypeName: 'house_connection', value: 'true' }] }] } as NetworkObject;
    const entry: LayerEntry = { ...getLayer('trenches'), labelField: 'house_connection', labelMinZoom: 18 };
    const at = built([a, b, t], [entry], trench);
    expect(shown(at(17))).toEqual([]);
    const layer = labelLayers(at(18))[0];
    const [label] = layer.props.data as ChunkLabel[];
    expect(label.text).toBe('Ja');
    const origin = layer.props.coordinateOrigin as number[];
    const [lng, lat] = toLngLat([570100, 6817000]); // the point halfway along the trench
    expect(label.position[0] + origin[0]).toBeCloseTo(lng, 6);
    expect(label.position[1] + origin[1]).toBeCloseTo(lat, 6);
  });

  it('pipes show their size (diameter) from zoom 21, not at 20', () => {
    const pipe = [{ id: 405, name: 'pipe', geometryKind: 'edge', attributeTypes: [{ name: 'diameter', type: 'Integer' }] }] as ObjectType[];
    const p = { id: 'p', projectId: 1, edge: { fromNodeId: 'x', toNodeId: 'y', geometry: { type: 'LineString', coordinates: [[570000, 6817000], [570200, 6817000]] } },
      objectInstances: [{ id: 'ip', objectTypeId: 405, networkObjectId: 'p', attributeValues: [{ objectInstanceId: 'ip', attributeTypeName: 'diameter', value: '110' }] }] } as NetworkObject;
    const at = built([p], [getLayer('waterPipes')], pipe);
    expect(shown(at(20))).toEqual([]);
    expect(shown(at(21))).toEqual(['110']);
  });

  it('the render groups carry the catalogue thresholds', () => {
    const g = groupStates(fibre, resolved);
    expect(g.get('dp')!.labelMinZoom).toBe(18);
    expect(g.get('cap')!.labelMinZoom).toBe(19);
    expect(g.get('')!.labelMinZoom).toBeNull();
  });
});
