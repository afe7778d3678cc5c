// Save merge of spec 1 §4 Saving and the calls of spec 1 §7.
import { describe, it, expect } from 'vitest';
import { mergeActions, saveRequests, type Action, type NetworkObjectRow } from 'engine';
import { saveCall, saveUrl } from '../../src/api/endpoints/save-calls';

const node = (id: string, x = 0): NetworkObjectRow => ({ id, projectId: 1, node: { geometry: { type: 'Point', coordinates: [x, 0] } } });
const inst = (id: string, on = 'n1') => ({ id, objectTypeId: 2, networkObjectId: on });

describe('save merge', () => {
  it('edits combine into a creation', () => {
    const m = mergeActions([{ code: 0, after: node('n1') }, { code: 1, before: node('n1'), after: node('n1', 5) }]);
    expect(m.createNodes).toEqual([node('n1', 5)]);
    expect(m.editNetworkObjects).toEqual([]);
  });
  it('create then delete cancel out', () => {
    expect(saveRequests([{ code: 0, after: node('n1') }, { code: 2, before: node('n1') }])).toEqual([]);
  });
  it('attribute value edits fold into the instance creation', () => {
    const m = mergeActions([{ code: 6, after: inst('i1') }, { code: 11, before: null, after: { objectInstanceId: 'i1', attributeTypeName: 'Existing', value: 'true' } }]);
    expect(m.createInstances[0].attributeValues).toEqual([{ objectInstanceId: 'i1', attributeTypeName: 'Existing', value: 'true' }]);
    expect(m.attributeValues).toEqual([]);
  });
  it('edits on deleted instances, and relations to deleted instances, are dropped', () => {
    const v0 = { objectInstanceId: 'i1', attributeTypeName: 'a', value: 'x' };
    const m = mergeActions([
      { code: 11, before: v0, after: { ...v0, value: 'y' } },
      { code: 7, before: inst('i1'), after: inst('i1', 'n2') },
      { code: 9, after: { fromId: 'i2', toId: 'i1', objectRelationTypeName: 'r' } },
      { code: 10, before: { fromId: 'i2', toId: 'i1', objectRelationTypeName: 'r' } },
      { code: 11, before: { ...v0, value: 'y' }, after: null },
      { code: 8, before: inst('i1', 'n2') },
    ]);
    expect(m.attributeValues).toEqual([]);
    expect(m.editInstances).toEqual([]);
    expect(m.createRelations).toEqual([]);
    expect(m.deleteInstances).toEqual(['i1']);
  });
  it("a delete then create of the same id is an error ('use edit instead')", () => {
    expect(() => mergeActions([{ code: 2, before: node('n1') }, { code: 0, after: node('n1') }])).toThrow('use edit instead');
  });
  it('sends in the spec order, one batch per kind, to the spec 1 §7 calls', () => {
    const e: NetworkObjectRow = { id: 'e1', projectId: 1, edge: { geometry: { type: 'LineString', coordinates: [[0, 0], [5, 0]] }, fromNodeId: 'n1', toNodeId: 'n2' } };
    const actions: Action[] = [
      { code: 2, before: node('old') },
      { code: 5, before: { id: 'pe0', pathId: 'p0', edgeId: 'e0', startNodeId: 'n0', position: 0 } },
      { code: 0, after: e }, { code: 0, after: node('n1') }, { code: 0, after: node('n2', 5) }, { code: 0, after: { id: 'p1', projectId: 1 } },
      { code: 3, after: { id: 'pe1', pathId: 'p1', edgeId: 'e1', startNodeId: 'n1', position: 0 } },
      { code: 6, after: inst('i1') }, { code: 6, after: inst('i2') },
      { code: 9, after: { fromId: 'i1', toId: 'i2', objectRelationTypeName: 'r' } },
      { code: 1, before: node('m'), after: node('m', 3) },
      { code: 11, before: { objectInstanceId: 'k', attributeTypeName: 'a', value: '1' }, after: { objectInstanceId: 'k', attributeTypeName: 'a', value: '2' } },
      { code: 10, before: { fromId: 'k', toId: 'k2', objectRelationTypeName: 'r' } },
      { code: 8, before: inst('gone') },
    ];
    const reqs = saveRequests(actions);
    expect(reqs.map((r) => `${r.kind}|${r.method} ${saveUrl(9, r)}`)).toEqual([
      'create nodes|POST /api/project/9/network_object',
      'create edges|POST /api/project/9/network_object',
      'create paths|POST /api/project/9/network_object',
      'create path edges|POST /api/project/9/path_edge',
      'create object instances|POST /api/project/9/object_instance',
      'create relations|POST /api/project/9/object_instance_relation',
      'edit network objects|PUT /api/project/9/network_object',
      'attribute values|PATCH /api/project/9/attribute_value',
      'delete relations|DELETE /api/project/9/object_instance_relation',
      'delete object instances|DELETE /api/project/9/object_instance',
      'delete path edges|DELETE /api/project/9/path_edge',
      'delete network objects|DELETE /api/project/9/network_object',
    ]);
    expect(reqs[0].items).toEqual([node('n1'), node('n2', 5)]);
    expect(reqs.at(-1)!.items).toEqual(['old']);
    // the app's one mapping of kinds to calls gives the bodies of spec 1 §7
    expect(saveCall(9, reqs[0]).body).toEqual([node('n1'), node('n2', 5)]);
    expect(saveCall(9, reqs.at(-1)!).body).toEqual({ networkObjectIds: ['old'] });
    expect(saveCall(9, reqs.at(-2)!).body).toEqual({ ids: ['pe0'] });
    expect(saveCall(9, reqs.at(-3)!).body).toEqual(['gone']);
    expect(saveCall(9, reqs.at(-4)!).body).toEqual({ objectInstanceRelations: [{ fromId: 'k', toId: 'k2', objectRelationTypeName: 'r' }] });
  });
  it('the batches are data: no addresses in the engine; a scenario rides on the network object creates only', () => {
    const reqs = saveRequests([{ code: 0, after: node('n1') }, { code: 6, after: inst('i1') }], { scenarioId: 4 });
    expect(reqs).toEqual([
      { kind: 'create nodes', method: 'POST', items: [node('n1')], scenarioId: 4 },
      { kind: 'create object instances', method: 'POST', items: [{ ...inst('i1'), attributeValues: [] }] },
    ]);
    expect(saveUrl(3, reqs[0])).toBe('/api/project/3/network_object?scenarioId=4');
    expect(saveUrl(3, reqs[1])).toBe('/api/project/3/object_instance');
  });
});
