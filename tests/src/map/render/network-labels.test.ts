// Labels on network layers (spec 3 §9 thresholds, §5 format, spec 1 §3 display name): a distribution point's label
// shows from zoom 18 and not at 17, a customer connection's from 19; the text is the layer's label field or else the
// feature's display name, cut at 25 characters; a Boolean value shows as Ja/Nee; objects without text get no label.
import { describe, expect, it } from 'vitest';
import { CATALOGUE, CONTEXT_DEFAULTS, offeredLayers, PROJECT_TYPES, resolveView } from 'layers';
import { createModel } from 'engine/model';
import type { NetworkObject, ObjectType } from 'engine/types';
import { catalogueStyle, groupStates } from '../../../../src/map/render/catalogue-style';
import { NetworkChunks } from '../../../../src/map/render/network-chunks';
import { modelSource } from '../../../../src/map/render/model-source';
import { chunkLayers } from '../../../../src/map/render/deck-layers';

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

function labelsAt(zoom: number, objs: NetworkObject[]): string[] {
  const model = createModel({ networkObjects: objs, objectTypes: types });
  const chunks = new NetworkChunks(modelSource(() => model), { cellSize: 10000, style: catalogueStyle(fibre, resolved) });
  chunks.build();
  const layers = chunkLayers(chunks.chunks(), { widthScale: 1, view: null, cellSize: 10000, groups: groupStates(fibre, resolved), zoom });
  return layers.filter((l) => l.id.startsWith('net-labels-') && l.props.visible).flatMap((l) => (l.props.data as { text: string }[]).map((d) => d.text));
}

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
  it('the render groups carry the catalogue thresholds', () => {
    const g = groupStates(fibre, resolved);
    expect(g.get('dp')!.labelMinZoom).toBe(18);
    expect(g.get('cap')!.labelMinZoom).toBe(19);
    expect(g.get('')!.labelMinZoom).toBeNull();
  });
});
