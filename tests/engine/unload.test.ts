// Dropping far areas (engine/unload.ts, Editor.unload; issue 15): rows of dropped tiles leave the model outside the
// history unless kept, held by another area, or needed by a staying edge or path; relations and values of dropped
// instances go with them; the model stays whole (checkIntegrity) and merging the read again restores it.
import { describe, expect, it } from 'vitest';
import { Editor, createModel, getObject, getInstance, allObjects, checkIntegrity } from 'engine';
import { relKey } from 'engine/model';
import { pentries } from 'engine/ptable';
import type { Box } from 'engine/unload';
import { relatedNetwork, TYPES, RELATION_TYPES, counterIds } from './ascii';

const wire = relatedNetwork;
const editor = () => new Editor(createModel({ networkObjects: wire(), objectTypes: TYPES, relationTypes: RELATION_TYPES }), { newId: counterIds('n'), projectId: 1 });
const ids = (e: Editor) => [...allObjects(e.model)].map(([id]) => id).sort();
const none = () => false;

describe('Editor.unload', () => {
  it('drops the rows only the dropped area needs: a path reaching a held area keeps its edges and their nodes', () => {
    const e = editor();
    const heldRight = (b: Box) => b[2] >= 60; // x ≥ 60 is held
    const { plan, diff } = e.unload([[-1, -30, 39, 1]], heldRight, none);
    expect(plan.objects.sort()).toEqual(['AD', 'D', 'DE']);
    expect(ids(e)).toEqual(['A', 'AB', 'B', 'BC', 'C', 'CF', 'E', 'EF', 'F', 'P']);
    expect(getInstance(e.model, 't-AD')).toBeUndefined();
    expect(diff.removed.filter((r) => r.table === 'attributeValues')).toHaveLength(2);
    expect(checkIntegrity(e.model)).toEqual([]);
    expect(e.canUndo).toBe(false);
  });

  it('rows outside the dropped boxes stay (an end node outside goes only when none of its edges stays)', () => {
    const e = editor();
    e.unload([[-1, -30, 41, 1]], none, none);
    expect(ids(e)).toEqual(['C', 'CF', 'F']);
    expect(checkIntegrity(e.model)).toEqual([]);
  });

  it('drops everything when nothing is held, relations and values included; a merge brings it back', () => {
    const e = editor();
    const { plan } = e.unload([[-1, -30, 81, 1]], none, none);
    expect(ids(e)).toEqual([]);
    expect(plan.relations).toEqual([relKey({ fromId: 'act', toId: 'duct', objectRelationTypeName: 'activity_contains_duct' })]);
    expect([...pentries(e.model.relations)]).toEqual([]);
    expect([...pentries(e.model.attributeValues)]).toEqual([]);
    e.merge(wire(), { object: () => false, relation: () => false });
    expect(ids(e)).toEqual(ids(editor()));
    expect(checkIntegrity(e.model)).toEqual([]);
  });

  it('keeps what the caller keeps, with the end nodes its edges need; the relation to a dropped instance goes', () => {
    const e = editor();
    const { plan } = e.unload([[-1, -30, 81, 1]], none, (id) => id === 'EF');
    expect(ids(e)).toEqual(['E', 'EF', 'F']);
    expect(plan.relations).toHaveLength(1);
    expect(getInstance(e.model, 'duct')).toBeDefined();
    expect(getObject(e.model, 'P')).toBeUndefined();
    expect(checkIntegrity(e.model)).toEqual([]);
  });
});
