// The two default duct families (spec 1 §4, §9): a drawn duct gets its laying activity with the cost object type and
// the activity_contains_duct relation in the same history item, unless Existing is 'true'; Existing becoming 'true'
// deletes it (and its relation) in that gesture; undo brings it back; new instances take the active phase. Run on a
// schema shaped like the server's catalogue and on the catalogue migration itself (server/migrations/021_catalogue.sql).
import { describe, it, expect } from 'vitest';
import {
  createModel, DEFAULT_DUCT_FAMILIES, Editor, familyRulesFromSchema, getInstance, getValue, instancesOf, getObject, pget,
  relationsTo, relationsFrom, type ObjectRelationType, type ObjectType, type Id, type GestureResult,
} from 'engine';
import { config } from './ascii';
import { catalogue } from './catalogue';

const attr = (name: string, type: 'String' | 'Boolean' = 'String', defaultValue?: string) => ({ name, type, ...(defaultValue ? { defaultValue } : {}) });
const TYPES: ObjectType[] = [
  { id: 112, name: 'duct', family: 'fttx', geometryKind: 'edge', attributeTypes: [attr('name'), attr('Existing', 'Boolean', 'false'), attr('Phase')] },
  { id: 108, name: 'activity', family: 'fttx', geometryKind: 'edge', attributeTypes: [attr('name'), attr('cost_object_type')] },
  { id: 110, name: 'trace', family: 'fttx', geometryKind: 'edge', attributeTypes: [attr('name')] },
  { id: 116, name: 'inner_duct', family: 'fttx', geometryKind: 'edge', attributeTypes: [attr('name')] },
  { id: 205, name: 'duct', family: 'zpi', geometryKind: 'edge', attributeTypes: [attr('Existing', 'Boolean', 'false')] },
  { id: 208, name: 'activity', family: 'zpi', geometryKind: 'edge', attributeTypes: [attr('cost_object_type')] },
  { id: 306, name: 'duct', family: 'gzm', geometryKind: 'edge', attributeTypes: [attr('Existing', 'Boolean', 'false')] },
  { id: 309, name: 'activity', family: 'gzm', geometryKind: 'edge', attributeTypes: [attr('CostObjectType')] },
  { id: 304, name: 'trace', family: 'gzm', geometryKind: 'edge', attributeTypes: [] },
];
const REL: ObjectRelationType[] = [
  { name: 'activity_contains_duct', fromObjectTypeId: 108, toObjectTypeId: 112, relationType: 'Contains', fromMultiplicity: 0, toMultiplicity: 1 },
  { name: 'activity_contains_duct', fromObjectTypeId: 208, toObjectTypeId: 205, relationType: 'Contains', fromMultiplicity: 0, toMultiplicity: 1 },
  { name: 'activity_contains_duct', fromObjectTypeId: 309, toObjectTypeId: 306, relationType: 'Contains', fromMultiplicity: 0, toMultiplicity: 1 },
];
const SCHEMAS = { 'a schema like the catalogue': { objectTypes: TYPES, relationTypes: REL }, 'the catalogue migration': catalogue() };

function editor(schema: typeof SCHEMAS[keyof typeof SCHEMAS], activePhaseId: string | null = null): Editor {
  const m = createModel({ networkObjects: [], ...schema });
  return new Editor(m, config({ familyRules: familyRulesFromSchema(m.schema), activePhaseId }));
}
const edgeOf = (r: GestureResult): Id => r.diff.added.find((x) => x.table === 'networkObjects' && (x.row as { edge?: unknown }).edge)!.key;
const typesOn = (ed: Editor, id: Id) => instancesOf(ed.model, id).map((i) => getInstance(ed.model, i)!.objectTypeId).sort();
const ofType = (ed: Editor, id: Id, t: number) => instancesOf(ed.model, id).find((i) => getInstance(ed.model, i)!.objectTypeId === t)!;
const codes = (r: GestureResult) => r.historyItem!.actions.map((a) => a.code);

describe('default duct families', () => {
  it('are fttx and gzm; their rules name duct, activity, trace, the relation and the cost attribute', () => {
    expect(DEFAULT_DUCT_FAMILIES).toEqual(['fttx', 'gzm']);
    for (const [schema, cost] of [[SCHEMAS['a schema like the catalogue'], 'CostObjectType'], [SCHEMAS['the catalogue migration'], 'cost_object_type']] as const) {
      const m = createModel({ networkObjects: [], ...schema });
      expect(familyRulesFromSchema(m.schema)).toEqual([
        { family: 'fttx', ductTypeId: 112, activityTypeId: 108, traceTypeId: 110, relationTypeName: 'activity_contains_duct', costObjectTypeId: 112, costAttributeName: 'cost_object_type' },
        { family: 'gzm', ductTypeId: 306, activityTypeId: 309, traceTypeId: 304, relationTypeName: 'activity_contains_duct', costObjectTypeId: 306, costAttributeName: cost },
      ]);
    }
  });

  it("an activity type without a cost object type attribute gets 'costObjectTypeId'; other families on request", () => {
    const types = TYPES.map((t) => (t.id === 208 ? { ...t, attributeTypes: [] } : t));
    const m = createModel({ networkObjects: [], objectTypes: types, relationTypes: REL });
    expect(familyRulesFromSchema(m.schema, ['zpi'])).toEqual([
      { family: 'zpi', ductTypeId: 205, activityTypeId: 208, traceTypeId: undefined, relationTypeName: 'activity_contains_duct', costObjectTypeId: 205, costAttributeName: 'costObjectTypeId' },
    ]);
  });

  it("a family's duct is the type named exactly 'duct', not 'inner_duct' (whatever their order)", () => {
    const t = (id: number, name: string): ObjectType => ({ id, name, family: 'f', geometryKind: 'edge', attributeTypes: [] });
    const m = createModel({ networkObjects: [], objectTypes: [t(1, 'inner_duct'), t(2, 'duct'), t(3, 'laying_activity')], relationTypes: [] });
    expect(familyRulesFromSchema(m.schema, ['f'])).toMatchObject([{ ductTypeId: 2, activityTypeId: 3, relationTypeName: undefined }]);
  });

  for (const [name, schema] of Object.entries(SCHEMAS)) {
    describe(`from ${name}`, () => {
      it('a drawn duct gets its laying activity with cost object type and relation, in the same history item; undo removes both', () => {
        const ed = editor(schema);
        const r = ed.apply({ type: 'drawEdge', coordinates: [[0, 0], [50, 0]], instances: [{ objectTypeId: 112 }] });
        expect(ed.history.items).toHaveLength(1);
        expect(codes(r).filter((c) => c === 6 || c === 9)).toEqual([6, 6, 9]); // duct, activity, relation
        const edge = edgeOf(r);
        expect(typesOn(ed, edge)).toEqual([108, 112]);
        const act = ofType(ed, edge, 108), duct = ofType(ed, edge, 112);
        expect(getValue(ed.model, act, 'cost_object_type')?.value).toBe('112');
        expect(relationsFrom(ed.model, act)).toEqual(relationsTo(ed.model, duct));
        expect(pget(ed.model.relations, relationsTo(ed.model, duct)[0])).toEqual({ fromId: act, toId: duct, objectRelationTypeName: 'activity_contains_duct' });
        ed.undo();
        expect(getObject(ed.model, edge)).toBeUndefined();
        expect(getInstance(ed.model, act)).toBeUndefined();
      });

      it('a gzm duct gets the gzm activity with its own cost object type', () => {
        const ed = editor(schema);
        const edge = edgeOf(ed.apply({ type: 'drawEdge', coordinates: [[0, 0], [50, 0]], instances: [{ objectTypeId: 306 }] }));
        expect(typesOn(ed, edge)).toEqual([306, 309]);
        const act = ofType(ed, edge, 309);
        const cost = name === 'the catalogue migration' ? 'cost_object_type' : 'CostObjectType';
        expect(getValue(ed.model, act, cost)?.value).toBe('306');
        expect(relationsTo(ed.model, ofType(ed, edge, 306))).toHaveLength(1);
      });

      it("no activity when Existing is 'true'; Existing becoming 'true' deletes it and its relation in that gesture; undo restores it", () => {
        const ed = editor(schema);
        const e0 = edgeOf(ed.apply({ type: 'drawEdge', coordinates: [[0, 0], [50, 0]], instances: [{ objectTypeId: 112, values: { Existing: 'true' } }] }));
        expect(typesOn(ed, e0)).toEqual([112]);
        const edge = edgeOf(ed.apply({ type: 'drawEdge', coordinates: [[0, 10], [50, 10]], instances: [{ objectTypeId: 112 }] }));
        const duct = ofType(ed, edge, 112), act = ofType(ed, edge, 108);
        const r = ed.apply({ type: 'editAttributes', instanceId: duct, values: { Existing: 'true' } });
        expect(codes(r)).toContain(10);
        expect(codes(r)).toContain(8);
        expect(ed.history.items).toHaveLength(3);
        expect(typesOn(ed, edge)).toEqual([112]);
        expect(getInstance(ed.model, act)).toBeUndefined();
        expect(relationsTo(ed.model, duct)).toHaveLength(0);
        ed.undo();
        expect(typesOn(ed, edge)).toEqual([108, 112]);
        expect(relationsTo(ed.model, duct)).toHaveLength(1);
        expect(getValue(ed.model, act, 'cost_object_type')?.value).toBe('112');
      });

      it('a zpi duct (not a default family) gets no laying activity', () => {
        const ed = editor(schema);
        const edge = edgeOf(ed.apply({ type: 'drawEdge', coordinates: [[0, 0], [50, 0]], instances: [{ objectTypeId: 205 }] }));
        expect(typesOn(ed, edge)).toEqual([205]);
      });

      it('new instances take the active phase in their Phase attribute (spec 3 §4)', () => {
        const ed = editor(schema, 'phase-2');
        const edge = edgeOf(ed.apply({ type: 'drawEdge', coordinates: [[0, 0], [50, 0]], instances: [{ objectTypeId: 112 }] }));
        expect(getValue(ed.model, ofType(ed, edge, 112), 'Phase')?.value).toBe('phase-2');
        const none = editor(schema);
        const e2 = edgeOf(none.apply({ type: 'drawEdge', coordinates: [[0, 0], [50, 0]], instances: [{ objectTypeId: 112 }] }));
        expect(getValue(none.model, ofType(none, e2, 112), 'Phase')?.value ?? null).toBeNull();
      });
    });
  }

  it("on the catalogue migration: one trace per network object by its trace_type, 'BIS' kept, else the newer ('route overlapping')", () => {
    const ed = editor(SCHEMAS['the catalogue migration']);
    const edge = edgeOf(ed.apply({ type: 'drawEdge', coordinates: [[0, 0], [50, 0]], instances: [{ objectTypeId: 110 }] }));
    const first = ofType(ed, edge, 110);
    expect(getValue(ed.model, first, 'trace_type')?.value).toBe('Trench'); // the type default
    const r = ed.apply({ type: 'createInstance', networkObjectId: edge, objectTypeId: 110, values: { trace_type: 'BIS' } });
    expect(r.warnings).toEqual(['route overlapping']);
    const bis = ofType(ed, edge, 110);
    expect(bis).not.toBe(first);
    ed.apply({ type: 'createInstance', networkObjectId: edge, objectTypeId: 110, values: { trace_type: 'Drilling' } });
    expect(instancesOf(ed.model, edge).filter((i) => getInstance(ed.model, i)!.objectTypeId === 110)).toEqual([bis]);
  });
});
