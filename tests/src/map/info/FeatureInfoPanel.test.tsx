// @vitest-environment jsdom
// Feature-info card (spec 2 §2) titled by the selected feature's display name (spec 1 §3): the names of its objects
// by type with the cables over an edge; 'objects at this location' when several are selected or none has a name.
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createModel, type NetworkObject, type ObjectType } from 'engine';
import { FeatureInfoPanel } from '../../../../src/map/info/FeatureInfoPanel';
import { setupI18n } from '../../support/i18n';

const T = (id: number, name: string): ObjectType => ({ id, name, family: 'fttx', geometryKind: 'edge', attributeTypes: [{ name: 'name', type: 'String' }] });
const av = (objectInstanceId: string, value: string) => ({ objectInstanceId, attributeTypeName: 'name', value });
const model = createModel({
  objectTypes: [T(105, 'cable'), T(106, 'trench'), T(112, 'duct')],
  networkObjects: [
    { id: 'a', projectId: 1, node: { geometry: { type: 'Point', coordinates: [0, 0] } } },
    { id: 'b', projectId: 1, node: { geometry: { type: 'Point', coordinates: [50, 0] } } },
    { id: 'e', projectId: 1, edge: { fromNodeId: 'a', toNodeId: 'b', geometry: { type: 'LineString', coordinates: [[0, 0], [50, 0]] } },
      objectInstances: [
        { id: 'd', objectTypeId: 112, networkObjectId: 'e', attributeValues: [av('d', 'D-1')] },
        { id: 't', objectTypeId: 106, networkObjectId: 'e', attributeValues: [av('t', 'T-9')] },
      ] },
    { id: 'p', projectId: 1, pathEdges: [{ id: 'pe', pathId: 'p', edgeId: 'e', startNodeId: 'a' }],
      objectInstances: [{ id: 'c', objectTypeId: 105, networkObjectId: 'p', attributeValues: [av('c', 'CAB-A')] }] },
  ],
});

const show = (ids: string[]) => render(<FeatureInfoPanel model={model} ids={ids} readOnly onEdit={() => {}} onClose={() => {}} />);

beforeAll(async () => { await setupI18n('en'); });
afterEach(cleanup);

describe('feature-info card title', () => {
  it("one selected edge: its display name, with the cable over it ('CAB-A/T-9/D-1')", () => {
    show(['e']);
    expect(screen.getByTestId('feature-info-title').textContent).toBe('CAB-A/T-9/D-1');
    expect(screen.getByTestId('feature-info-count').textContent).toBe('(2)');
  });
  it('a feature without names: the card keeps its title', () => {
    show(['a']);
    expect(screen.getByTestId('feature-info-title').textContent).toBe('objects at this location');
  });
  it('several features: the card keeps its title', () => {
    show(['e', 'a']);
    expect(screen.getByTestId('feature-info-title').textContent).toBe('objects at this location');
  });
});
