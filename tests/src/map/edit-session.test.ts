// The map's edit session: a change reports the network objects the renderer must rebuild — including the object of an
// attribute value edited in the feature-info panel (styles read attribute values).
import { describe, expect, it } from 'vitest';
import { createModel } from 'engine/model';
import type { NetworkObject, ObjectType } from 'engine/types';
import { EditSession } from '../../../src/map/edit-session';

const TYPES: ObjectType[] = [{ id: 1, name: 'trench', family: 'zpi', geometryKind: 'edge', attributeTypes: [{ name: 'Phase', type: 'Integer' }] }];
const objs: NetworkObject[] = [
  { id: 'a', projectId: 1, node: { geometry: { type: 'Point', coordinates: [0, 0] } } },
  { id: 'b', projectId: 1, node: { geometry: { type: 'Point', coordinates: [50, 0] } } },
  { id: 'e', projectId: 1, edge: { fromNodeId: 'a', toNodeId: 'b', geometry: { type: 'LineString', coordinates: [[0, 0], [50, 0]] } },
    objectInstances: [{ id: 't', objectTypeId: 1, networkObjectId: 'e' }] },
];

describe('EditSession change events', () => {
  it('an attribute edit names the network object of the instance, for its undo and redo too', () => {
    const s = new EditSession(createModel({ networkObjects: objs, objectTypes: TYPES }), { newId: () => 'x', projectId: 1 });
    const e = s.apply({ type: 'editAttributes', instanceId: 't', values: { Phase: '2' } });
    expect([...e.ids]).toEqual(['e']);
    expect([...s.undo()!.ids]).toEqual(['e']);
    expect([...s.redo()!.ids]).toEqual(['e']);
  });

  it("an edge's change names the paths drawn along it (a moved end node), its undo too; an attribute edit does not", () => {
    const path: NetworkObject = { id: 'P', projectId: 1, pathEdges: [{ id: 'pe', pathId: 'P', edgeId: 'e', startNodeId: 'a' }] };
    const s = new EditSession(createModel({ networkObjects: [...objs, path], objectTypes: TYPES }), { newId: () => 'x', projectId: 1 });
    expect([...s.perform({ type: 'moveNode', id: 'b', to: [60, 0] }).ids].sort()).toEqual(['P', 'b', 'e']);
    expect([...s.undo()!.ids].sort()).toEqual(['P', 'b', 'e']);
    // an attribute edit names the instance's object alone (the paths over it are drawn from its geometry, unchanged)
    expect([...s.apply({ type: 'editAttributes', instanceId: 't', values: { Phase: '3' } }).ids]).toEqual(['e']);
  });

  it('a drawn feature takes the instances of the current draw object (one gesture, one history item)', () => {
    const s = new EditSession(createModel({ networkObjects: objs, objectTypes: TYPES }), { newId: (() => { let n = 0; return () => `id${n++}`; })(), projectId: 1 });
    s.drawInstances = [{ objectTypeId: 1 }];
    const e = s.perform({ type: 'drawEdge', coordinates: [[0, 100], [50, 100]] });
    expect(e.rejected).toBeNull();
    expect(s.state().size).toBe(1);
    const items = s.editor.history.items[0].actions;
    expect(items.some((a) => a.code === 6 && a.after.objectTypeId === 1)).toBe(true);
    expect(s.disabled({ type: 'drawEdge', coordinates: [[0, 0], [0, 0]] })).toBe('zero length');
  });

  it('a multi-object delete is one change and one history item', () => {
    const s = new EditSession(createModel({ networkObjects: objs, objectTypes: TYPES }), { newId: () => 'x', projectId: 1 });
    const event = s.perform({ type: 'deleteObjects', ids: ['e', 'a'] });
    expect(s.state().size).toBe(1);
    expect(event.ids.has('e') && event.ids.has('a')).toBe(true);
  });
});
