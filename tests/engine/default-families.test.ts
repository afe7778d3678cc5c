// The two default duct families (spec 1 §4, §9) from a schema shaped like the server's catalogue
// (server/migrations/021_catalogue.sql): a drawn duct gets its laying activity with the cost object type and the
// activity_contains_duct relation in the same history item, unless Existing is 'true'; Existing becoming 'true'
// deletes it; undo brings it back; new instances take the active phase. Also: deleting one path edge alone.
import { describe, it, expect } from 'vitest';
import {
  createModel, DEFAULT_DUCT_FAMILIES, Editor, familyRulesFromSchema, getInstance, getValue, instancesOf, pathEdgesOfPath, getObject,
  relationsTo, relationsFrom, type ObjectRelationType, type ObjectType,
} from 'engine';
import { config, model } from './ascii';

const attr = (name: string, type: 'String' | 'Boolean' = 'String', defaultValue?: string) => ({ name, type, ...(defaultValue ? { defaultValue } : {}) });
const TYPES: ObjectType[] = [
  { id: 112, name: 'duct', family: 'fttx', geometryKind: 'edge', attributeTypes: [attr('name'), attr('Existing', 'Boolean', 'false'), attr('Phase')] },
  { id: 108, name: 'activity', family: 'fttx', geometryKind: 'edge', attributeTypes: [attr('name'), attr('cost_object_type')] },
  { id: 110, name: 'trace', family: 'fttx', geometryKind: 'edge', attributeTypes: [attr('name')] },
  { id: 205, name: 'duct', family: 'zpi', geometryKind: 'edge', attributeTypes: [attr('Existing', 'Boolean', 'false')] },
  { id: 208, name: 'activity', family: 'zpi', geometryKind: 'edge', attributeTypes: [attr('cost_object_type')] },
  { id: 306, name: 'duct', family: 'gzm', geometryKind: 'edge', attributeTypes: [attr('Existing', 'Boolean', 'false')] },
  { id: 309, name: 'activity', family: 'gzm', geometryKind: 'edge', attributeTypes: [attr('cost_object_type')] },
  { id: 304, name: 'trace', family: 'gzm', geometryKind: 'edge', attributeTypes: [] },
];
const REL: ObjectRelationType[] = [
  { name: 'activity_contains_duct', fromObjectTypeId: 108, toObjectTypeId: 112, relationType: 'Contains', fromMultiplicity: 0, toMultiplicity: 1 },
  { name: 'activity_contains_duct', fromObjectTypeId: 309, toObjectTypeId: 306, relationType: 'Contains', fromMultiplicity: 0, toMultiplicity: 1 },
];

function editor(activePhaseId: string | null = null): Editor {
  const m = createModel({ networkObjects: [], objectTypes: TYPES, relationTypes: REL });
  return new Editor(m, config({ familyRules: familyRulesFromSchema(m.schema), activePhaseId }));
}
const typesOn = (ed: Editor, id: string) => instancesOf(ed.model, id).map((i) => getInstance(ed.model, i)!.objectTypeId).sort();

describe('default duct families', () => {
  it('are fttx and gzm; their rules name duct, activity, trace, the relation and the cost attribute', () => {
    expect(DEFAULT_DUCT_FAMILIES).toEqual(['fttx', 'gzm']);
    const m = createModel({ networkObjects: [], objectTypes: TYPES, relationTypes: REL });
    expect(familyRulesFromSchema(m.schema)).toEqual([
      { family: 'fttx', ductTypeId: 112, activityTypeId: 108, traceTypeId: 110, relationTypeName: 'activity_contains_duct', costObjectTypeId: 112, costAttributeName: 'cost_object_type' },
      { family: 'gzm', ductTypeId: 306, activityTypeId: 309, traceTypeId: 304, relationTypeName: 'activity_contains_duct', costObjectTypeId: 306, costAttributeName: 'cost_object_type' },
    ]);
  });

  it('a drawn duct gets its laying activity with cost object type and relation, in the same history item; undo removes both', () => {
    const ed = editor();
    const r = ed.apply({ type: 'drawEdge', coordinates: [[0, 0], [50, 0]], instances: [{ objectTypeId: 112 }] });
    expect(ed.history.items).toHaveLength(1);
    const edge = r.diff.added.find((x) => x.table === 'networkObjects' && (x.row as { edge?: unknown }).edge)!.key;
    expect(typesOn(ed, edge)).toEqual([108, 112]);
    const act = instancesOf(ed.model, edge).find((i) => getInstance(ed.model, i)!.objectTypeId === 108)!;
    const duct = instancesOf(ed.model, edge).find((i) => getInstance(ed.model, i)!.objectTypeId === 112)!;
    expect(getValue(ed.model, act, 'cost_object_type')?.value).toBe('112');
    expect(relationsFrom(ed.model, act)).toHaveLength(1);
    expect(relationsTo(ed.model, duct)).toHaveLength(1);
    ed.undo();
    expect(getObject(ed.model, edge)).toBeUndefined();
  });

  it("no activity when Existing is 'true'; Existing becoming 'true' deletes it (one gesture); undo restores it", () => {
    const ed = editor();
    ed.apply({ type: 'drawEdge', coordinates: [[0, 0], [50, 0]], instances: [{ objectTypeId: 112, values: { Existing: 'true' } }] });
    const r = ed.apply({ type: 'drawEdge', coordinates: [[0, 10], [50, 10]], instances: [{ objectTypeId: 112 }] });
    const edge = r.diff.added.find((x) => x.table === 'networkObjects' && (x.row as { edge?: unknown }).edge)!.key;
    const e0 = ed.index.edgesNear([25, 0], 0.1)[0].id;
    expect(typesOn(ed, e0)).toEqual([112]);
    const duct = instancesOf(ed.model, edge).find((i) => getInstance(ed.model, i)!.objectTypeId === 112)!;
    ed.apply({ type: 'editAttributes', instanceId: duct, values: { Existing: 'true' } });
    expect(typesOn(ed, edge)).toEqual([112]);
    expect(relationsTo(ed.model, duct)).toHaveLength(0);
    ed.undo();
    expect(typesOn(ed, edge)).toEqual([108, 112]);
  });

  it('a zpi duct (not a default family) gets no laying activity', () => {
    const ed = editor();
    const r = ed.apply({ type: 'drawEdge', coordinates: [[0, 0], [50, 0]], instances: [{ objectTypeId: 205 }] });
    const edge = r.diff.added.find((x) => x.table === 'networkObjects' && (x.row as { edge?: unknown }).edge)!.key;
    expect(typesOn(ed, edge)).toEqual([205]);
  });

  it('new instances take the active phase in their Phase attribute (spec 3 §4)', () => {
    const ed = editor('phase-2');
    const r = ed.apply({ type: 'drawEdge', coordinates: [[0, 0], [50, 0]], instances: [{ objectTypeId: 112 }] });
    const edge = r.diff.added.find((x) => x.table === 'networkObjects' && (x.row as { edge?: unknown }).edge)!.key;
    const duct = instancesOf(ed.model, edge).find((i) => getInstance(ed.model, i)!.objectTypeId === 112)!;
    expect(getValue(ed.model, duct, 'Phase')?.value).toBe('phase-2');
  });
});

describe('deleting one path edge is a gesture', () => {
  it('an end path edge goes alone; a middle one is refused; the path goes with its last path edge', () => {
    const ed = new Editor(model('A----B----C----D'), config());
    ed.apply({ type: 'createPath', edgeIds: ['AB', 'BC', 'CD'], startNodeId: 'A' });
    const path = 'x1';
    const [first, middle, last] = pathEdgesOfPath(ed.model, path);
    expect(ed.disabled({ type: 'deletePathEdge', id: middle })).toBe('only the first or last path edge of a path can be deleted');
    expect(ed.disabled({ type: 'deletePathEdge', id: 'nope' })).toBe('unknown path edge');
    ed.apply({ type: 'deletePathEdge', id: first });
    expect(pathEdgesOfPath(ed.model, path)).toEqual([middle, last]);
    ed.apply({ type: 'deletePathEdge', id: last });
    ed.apply({ type: 'deletePathEdge', id: middle });
    expect(getObject(ed.model, path)).toBeUndefined();
    expect(ed.history.items).toHaveLength(4);
    ed.undo();
    expect(pathEdgesOfPath(ed.model, path)).toEqual([middle]);
  });
});
