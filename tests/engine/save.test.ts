// Save merge and sending order of spec 1 §4 Saving: batches as data (kind, method of its spec 1 §7 call, items).
// Which call each kind is (path, body) is tested on the app side: tests/src/api/network-save.test.ts.
import { describe, it, expect } from 'vitest';
import { mergeActions, saveRequests, type Action, type NetworkObjectRow } from 'engine';

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
  it('sends in the spec order, one batch per kind, each with the method of its spec 1 §7 call', () => {
    const e: NetworkObjectRow = { id: 'e1', projectId: 1, edge: { geometry: { type: 'LineString', coordinates: [[0, 0], [5, 0]] }, fromNodeId: 'n1', toNodeId: 'n2' } };
    const pe = (id: string, position = 0) => ({ id, pathId: 'p0', edgeId: 'e0', startNodeId: 'n0', position });
    const rel = { fromId: 'k', toId: 'k2', objectRelationTypeName: 'r' };
    const actions: Action[] = [
      { code: 2, before: node('old') },
      { code: 5, before: pe('pe0') },
      { code: 0, after: e }, { code: 0, after: node('n1') }, { code: 0, after: node('n2', 5) }, { code: 0, after: { id: 'p1', projectId: 1 } },
      { code: 3, after: { id: 'pe1', pathId: 'p1', edgeId: 'e1', startNodeId: 'n1', position: 0 } },
      { code: 6, after: inst('i1') }, { code: 6, after: inst('i2') },
      { code: 9, after: { fromId: 'i1', toId: 'i2', objectRelationTypeName: 'r' } },
      { code: 7, before: inst('j'), after: inst('j', 'n2') },
      { code: 1, before: node('m'), after: node('m', 3) },
      { code: 4, before: pe('pe2'), after: pe('pe2', 1) },
      { code: 11, before: { objectInstanceId: 'k', attributeTypeName: 'a', value: '1' }, after: { objectInstanceId: 'k', attributeTypeName: 'a', value: '2' } },
      { code: 10, before: rel },
      { code: 8, before: inst('gone') },
    ];
    const reqs = saveRequests(actions);
    expect(reqs.map((r) => `${r.kind}|${r.method}`)).toEqual([
      'create nodes|POST', 'create edges|POST', 'create paths|POST', 'create path edges|POST',
      'create object instances|POST', 'create relations|POST',
      'edit network objects|PUT', 'edit path edges|PUT', 'edit object instances|PUT',
      'attribute values|PATCH',
      'delete relations|DELETE', 'delete object instances|DELETE', 'delete path edges|DELETE', 'delete network objects|DELETE',
    ]);
    const items = Object.fromEntries(reqs.map((r) => [r.kind, r.items]));
    expect(items['create nodes']).toEqual([node('n1'), node('n2', 5)]); // consecutive same-kind actions: one batch
    expect(items['create edges']).toEqual([e]);
    expect(items['create object instances']).toEqual([{ ...inst('i1'), attributeValues: [] }, { ...inst('i2'), attributeValues: [] }]);
    expect(items['edit path edges']).toEqual([pe('pe2', 1)]);
    expect(items['edit object instances']).toEqual([inst('j', 'n2')]);
    // deletes carry ids (relations: the relations themselves)
    expect(items['delete relations']).toEqual([rel]);
    expect(items['delete object instances']).toEqual(['gone']);
    expect(items['delete path edges']).toEqual(['pe0']);
    expect(items['delete network objects']).toEqual(['old']);
  });
  it('network object deletes go out dependents first: paths, then edges, then nodes', () => {
    const e: NetworkObjectRow = { id: 'e1', projectId: 1, edge: { geometry: { type: 'LineString', coordinates: [[0, 0], [5, 0]] }, fromNodeId: 'n1', toNodeId: 'n2' } };
    const reqs = saveRequests([{ code: 2, before: node('n1') }, { code: 2, before: e }, { code: 2, before: { id: 'p1', projectId: 1 } }]);
    expect(reqs).toEqual([{ kind: 'delete network objects', method: 'DELETE', items: ['p1', 'e1', 'n1'] }]);
  });
  it('the batches are plain data: no addresses; a scenario rides on the network object creates only', () => {
    const reqs = saveRequests([{ code: 0, after: node('n1') }, { code: 6, after: inst('i1') }], { scenarioId: 4 });
    expect(reqs).toEqual([
      { kind: 'create nodes', method: 'POST', items: [node('n1')], scenarioId: 4 },
      { kind: 'create object instances', method: 'POST', items: [{ ...inst('i1'), attributeValues: [] }] },
    ]);
    expect(JSON.stringify(reqs)).not.toContain('/');
  });
});
