// Deleting one path edge is a gesture of its own (spec 1 §4 action 5; the path goes with its last path edge, "a path
// with no path edges is deleted"): only the first or last path edge of a path may go, so every path stays traversable.
import { describe, it, expect } from 'vitest';
import { Editor, checkIntegrity, getObject, getPathEdge, pathEdgesOfPath } from 'engine';
import { model, config } from './ascii';

//   A----B----C----D   with a path A→B→C→D; each edge carries a trench instance
function withPath(): { ed: Editor; path: string; pes: readonly string[] } {
  const objectInstances = ['AB', 'BC', 'CD'].map((e) => ({ id: `t${e}`, objectTypeId: 1, networkObjectId: e }));
  const ed = new Editor(model('A----B----C----D', { objectInstances }), config());
  ed.apply({ type: 'createPath', edgeIds: ['AB', 'BC', 'CD'], startNodeId: 'A' });
  return { ed, path: 'x1', pes: pathEdgesOfPath(ed.model, 'x1') };
}

describe('deletePathEdge', () => {
  it('a middle path edge is refused with a clear reason and nothing changes; an unknown id is refused', () => {
    const { ed, pes } = withPath();
    const before = ed.model;
    expect(ed.disabled({ type: 'deletePathEdge', id: pes[1] })).toBe('only the first or last path edge of a path can be deleted');
    const r = ed.apply({ type: 'deletePathEdge', id: pes[1] });
    expect(r.rejected).toBe('only the first or last path edge of a path can be deleted');
    expect(r.historyItem).toBeNull();
    expect(ed.model).toBe(before);
    expect(ed.disabled({ type: 'deletePathEdge', id: 'nope' })).toBe('unknown path edge');
  });

  it('an edge left empty and orphaned by it (no instances, no path over it) goes with it', () => {
    const ed = new Editor(model('A----B----C'), config());
    ed.apply({ type: 'createPath', edgeIds: ['AB', 'BC'], startNodeId: 'A' });
    ed.apply({ type: 'deletePathEdge', id: pathEdgesOfPath(ed.model, 'x1')[0] });
    expect(getObject(ed.model, 'AB')).toBeUndefined();
    expect(getObject(ed.model, 'A')).toBeUndefined();
    expect(getObject(ed.model, 'BC')).toBeDefined();
  });

  it('the first path edge goes alone (one history item): the path now starts at the next node and stays traversable', () => {
    const { ed, path, pes } = withPath();
    expect(ed.disabled({ type: 'deletePathEdge', id: pes[0] })).toBeNull();
    const r = ed.apply({ type: 'deletePathEdge', id: pes[0] });
    expect(r.historyItem!.actions.map((a) => a.code)).toEqual([5]);
    expect(pathEdgesOfPath(ed.model, path)).toEqual([pes[1], pes[2]]);
    expect(getPathEdge(ed.model, pes[1])!.startNodeId).toBe('B');
    expect(getObject(ed.model, 'AB')).toBeDefined(); // the edge itself stays
    expect(checkIntegrity(ed.model, { geometry: true })).toEqual([]);
    // the old second path edge is now first, so it may go
    expect(ed.disabled({ type: 'deletePathEdge', id: pes[1] })).toBeNull();
  });

  it('the path is deleted with its last path edge; undo brings path and path edge back', () => {
    const { ed, path, pes } = withPath();
    ed.apply({ type: 'deletePathEdge', id: pes[2] });
    ed.apply({ type: 'deletePathEdge', id: pes[0] });
    expect(pathEdgesOfPath(ed.model, path)).toEqual([pes[1]]);
    const r = ed.apply({ type: 'deletePathEdge', id: pes[1] });
    expect(r.historyItem!.actions.map((a) => a.code)).toEqual([5, 2]);
    expect(getObject(ed.model, path)).toBeUndefined();
    expect(checkIntegrity(ed.model, { geometry: true })).toEqual([]);
    ed.undo();
    expect(getObject(ed.model, path)).toBeDefined();
    expect(pathEdgesOfPath(ed.model, path)).toEqual([pes[1]]);
  });
});
