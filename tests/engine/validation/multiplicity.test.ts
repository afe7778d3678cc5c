// Relation multiplicity refused at edit time (spec 2 §5 "A relation can be added only while the count of relations of
// that type is below the multiplicity"): createRelation's disabled() reason on either side; 0 = unlimited; the helpers.
import { describe, it, expect } from 'vitest';
import { Editor, MULTIPLICITY_REACHED, countOfType, relationTypeFor, fitsMultiplicity, relKey } from 'engine';
import { CATALOGUE, T, fixture, counterIds } from './fixtures';

const editor = () => new Editor(fixture({
  art: 'A----B----C',
  instances: [['tp1', T.technicalPath, 'A'], ['tp2', T.technicalPath, 'A'], ['c1', T.customer, 'B'], ['c2', T.customer, 'C'],
    ['d1', T.duct, 'AB'], ['k1', T.cable, 'AB'], ['k2', T.cable, 'BC'], ['dp', T.splicebox, 'A']],
  relations: [['tp1', 'c1', 'technical_path_customer_connection']],
}), { newId: counterIds(), projectId: 1 });

const rel = (fromId: string, toId: string, objectRelationTypeName: string) => ({ type: 'createRelation' as const, relation: { fromId, toId, objectRelationTypeName } });

describe('createRelation refuses a relation beyond its type multiplicity', () => {
  it('on the from side (fromMultiplicity 1) and on the to side (toMultiplicity 1)', () => {
    const ed = editor();
    expect(ed.disabled(rel('tp1', 'c2', 'technical_path_customer_connection'))).toBe(MULTIPLICITY_REACHED);
    expect(ed.disabled(rel('tp2', 'c1', 'technical_path_customer_connection'))).toBe(MULTIPLICITY_REACHED);
    const r = ed.apply(rel('tp1', 'c2', 'technical_path_customer_connection'));
    expect(r.rejected).toBe(MULTIPLICITY_REACHED);
    expect(r.historyItem).toBeNull();
  });
  it('allows the first relation of a side, and again after the other is deleted', () => {
    const ed = editor();
    expect(ed.apply(rel('tp2', 'c2', 'technical_path_customer_connection')).rejected).toBeNull();
    ed.apply({ type: 'deleteRelation', relation: { fromId: 'tp1', toId: 'c1', objectRelationTypeName: 'technical_path_customer_connection' } });
    expect(ed.disabled(rel('tp1', 'c2', 'technical_path_customer_connection'))).toBe(MULTIPLICITY_REACHED); // c2 (to side) is taken by tp2
    expect(ed.disabled(rel('tp1', 'c1', 'technical_path_customer_connection'))).toBeNull();
  });
  it('0 is unlimited; an unknown relation type has no limit', () => {
    const ed = editor();
    expect(ed.apply(rel('d1', 'k1', 'duct_contains_cable')).rejected).toBeNull();
    expect(ed.apply(rel('d1', 'k2', 'duct_contains_cable')).rejected).toBeNull();
    expect(ed.apply(rel('dp', 'c1', 'custom')).rejected).toBeNull();
    expect(ed.apply(rel('dp', 'c2', 'custom')).rejected).toBeNull();
    expect(ed.disabled(rel('dp', 'c2', 'custom'))).toBe('relation already exists');
  });
});

describe('multiplicity helpers', () => {
  it('find the relation type joining the object types, count keys of a type, 0 = unlimited', () => {
    const schema = { objectTypes: {}, relationTypes: CATALOGUE.relationTypes };
    expect(relationTypeFor(schema, 'trench_contains_duct', 206, 205)?.fromObjectTypeId).toBe(206);
    expect(relationTypeFor(schema, 'trench_contains_duct', 106)?.fromObjectTypeId).toBe(106);
    expect(relationTypeFor(schema, 'nope')).toBeUndefined();
    const k = (to: string, t: string) => relKey({ fromId: 'a', toId: to, objectRelationTypeName: t });
    expect(countOfType([k('b', 'x'), k('c', 'x'), k('d', 'y'), k('e', 'xx')], 'x')).toBe(2);
    expect(fitsMultiplicity(5, 0)).toBe(true);
    expect(fitsMultiplicity(0, 1)).toBe(true);
    expect(fitsMultiplicity(1, 1)).toBe(false);
  });
});
