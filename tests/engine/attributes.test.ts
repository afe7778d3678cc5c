// Attribute rules (spec 1 §5, spec 3 §4–§5): List values not allowed are cleared; normalisation; defaults; Phase.
import { describe, it, expect } from 'vitest';
import { correctValue, initialValues, Editor, getValue } from 'engine';
import { model, config, TYPES } from './ascii';

describe('attribute values', () => {
  it('list attribute values not in the allowed set are cleared', () => {
    expect(correctValue({ name: 'c', type: 'List', allowedValues: ['1x6'] }, 'bad')).toBeNull();
    expect(correctValue({ name: 'c', type: 'List', allowedValues: ['1x6'] }, '1x6')).toBe('1x6');
  });
  it('normalises Boolean, Integer and Float', () => {
    expect(correctValue({ name: 'b', type: 'Boolean' }, 'Ja')).toBe('true');
    expect(correctValue({ name: 'b', type: 'Boolean' }, 'maybe')).toBeNull();
    expect(correctValue({ name: 'i', type: 'Integer' }, '4.6')).toBe('5');
    expect(correctValue({ name: 'f', type: 'Float' }, '0,75')).toBe('0.75');
  });
  it('new instances get type defaults; the Phase attribute takes the active phase id', () => {
    expect(initialValues(TYPES[0], {}, 42)).toEqual({ depth: '0.6', Phase: '42' });
    const ed = new Editor(model('A----B'), config({ activePhaseId: 3 }));
    ed.apply({ type: 'createInstance', networkObjectId: 'AB', objectTypeId: 1 });
    expect(getValue(ed.model, 'x1', 'Phase')!.value).toBe('3');
    ed.apply({ type: 'editAttributes', instanceId: 'x1', values: { depth: 'deep' } });
    expect(getValue(ed.model, 'x1', 'depth')!.value).toBeNull();
  });
});
