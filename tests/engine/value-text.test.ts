// An instance's value text read without making its row (engine/model.ts getValueText; issue 15): the validators'
// value reads (required_attributes, allowed_values, the capacity rules' numbers) and the labels' names over a whole read
// give getValue's value — as loaded, after values are set, cleared and added, for instances outside the answer — and
// make no attribute-value row.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { madeCount } from '../../engine/lazy-rows';
import { columnIndex } from '../../engine/column-index';
import { columnRows, modelOfColumns } from '../../engine/model-columns';
import { modelInputFromColumns, networkColumns } from '../../engine/network-arrow';
import { createModel, getValue, getValueText, type Model } from '../../engine/model';
import { displayName } from '../../engine/feature-properties';
import { applyActions } from '../../engine/tx';
import { pentries, prows, type RowBase } from '../../engine/ptable';
import { NetworkValidation, resultKey } from '../../engine/validation/index';
import type { Action } from '../../engine/actions';
import { arrowOf, build, generatedAnswer, netArb } from './support/arrow-networks';
import { catalogue } from './catalogue';

const NAMES = ['Type', 'Note', 'ø', 'a', 'name', 'nope'];
const madeValues = (m: Model) => madeCount((m.attributeValues.base as RowBase<unknown>).rows);
const wholeRead = (bytes: Uint8Array, types = {}) => { const c = networkColumns(bytes); return modelOfColumns(c, columnRows(c), columnIndex(c), types); };

describe('value text', () => {
  it('is getValue\'s value for every instance and name of a whole read (and outside it), no value row made', () => {
    fc.assert(fc.property(netArb, (r) => {
      const bytes = arrowOf(build(r));
      const m = wholeRead(bytes), ref = createModel(modelInputFromColumns(networkColumns(bytes)));
      const before = madeValues(m); // (the model makes those of values of instances outside the answer)
      const ids = [...[...pentries(ref.objectInstances)].map(([k]) => k), ...[...prows(ref.attributeValues)].map((v) => v.objectInstanceId), 'nowhere'];
      for (const id of ids) for (const n of NAMES) expect(getValueText(m, id, n)).toBe(getValue(ref, id, n)?.value);
      expect(madeValues(m)).toBe(before);
    }), { numRuns: 200 });
  });

  it('after values are set, cleared and added it is the edited value', () => {
    fc.assert(fc.property(netArb, fc.nat(), fc.nat(), (r, a, b) => {
      const bytes = arrowOf(build(r));
      const m = wholeRead(bytes), ref = createModel(modelInputFromColumns(networkColumns(bytes)));
      const avs = [...prows(ref.attributeValues)], insts = [...pentries(ref.objectInstances)].map(([k]) => k);
      const edits: Action[] = [];
      if (avs.length) { const v = avs[a % avs.length]; edits.push({ code: 11, before: v, after: b % 3 === 0 ? null : { ...v, value: b % 3 === 1 ? null : 'edited' } }); }
      if (insts.length) edits.push({ code: 11, before: null, after: { objectInstanceId: insts[b % insts.length], attributeTypeName: 'name', value: 'added' } });
      if (!edits.length) return;
      const tryApply = (mm: Model) => { try { return applyActions(mm, edits).model; } catch (e) { return String(e); } };
      const x = tryApply(m), y = tryApply(ref);
      if (typeof x === 'string' || typeof y === 'string') { expect(x).toEqual(y); return; }
      for (const id of [...insts, ...avs.map((v) => v.objectInstanceId)]) for (const n of NAMES) expect(getValueText(x, id, n)).toBe(getValue(y, id, n)?.value);
    }), { numRuns: 200 });
  });

  it('a validation\'s full run and every label over a generated FTTH network on the real catalogue find what they find over createModel\'s rows and make no value row', () => {
    const bytes = generatedAnswer(400), types = catalogue();
    const m = wholeRead(bytes, types), ref = createModel({ ...modelInputFromColumns(networkColumns(bytes)), ...types });
    expect(madeValues(m)).toBe(0);
    const keys = (mm: Model) => new NetworkValidation(mm).results().map(resultKey).sort();
    expect(keys(m)).toEqual(keys(ref));
    const objects = [...pentries(ref.networkObjects)].map(([k]) => k);
    const labels = objects.map((o) => displayName(m, o));
    expect(labels).toEqual(objects.map((o) => displayName(ref, o)));
    expect(labels.filter(Boolean).length).toBeGreaterThan(0);
    expect((m.attributeValues.base as RowBase<unknown>).rows.length).toBeGreaterThan(0);
    expect(madeValues(m)).toBe(0);
  });
});
