// Property (fast-check): after every step of a random sequence of gestures, raw actions, undo and redo through the
// Editor, the incremental NetworkValidation holds exactly the results of a full run (as sets, by objectId and
// sameResult), with the same counts, status and summary — and along the way every validator fails and passes again.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { NetworkValidation, resultKey, type ValidationConfig, type ValidationResult } from 'engine';
import { AREA, op, startEditor, step } from './gestures';

const STEPS = Number(process.env.VALIDATION_PROPERTY_STEPS ?? 500);
const keys = (rs: readonly ValidationResult[]) => rs.map(resultKey).sort();
const CFG: ValidationConfig = { demarcation: AREA, stateId: 4, settings: { dp_capacity: 2, dp_physical_capacity: 3 } };

describe('incremental validation equals a full run', () => {
  it(`after each of ${STEPS} random steps (4 runs)`, () => {
    const failedOnce = new Set<string>();
    let changes = 0;
    fc.assert(fc.property(fc.array(op, { minLength: STEPS, maxLength: STEPS }), (ops) => {
      const ed = startEditor();
      const v = new NetworkValidation(ed.model, CFG);
      ops.forEach((o, k) => {
        const { model, diff } = step(ed, o);
        const version = v.version;
        const changed = v.apply(model, diff);
        if (changed) changes++;
        expect(v.version).toBe(changed ? version + 1 : version);
        const full = v.fullRun(model);
        const inc = v.results();
        if (keys(inc).join('\n') !== keys(full).join('\n')) {
          throw new Error(`step ${k} (${o.kind}): incremental ≠ full\n+ ${keys(inc).filter((x) => !keys(full).includes(x)).join('\n+ ')}\n- ${keys(full).filter((x) => !keys(inc).includes(x)).join('\n- ')}`);
        }
        const ref = new NetworkValidation(model, CFG);
        expect(v.counts()).toEqual(ref.counts());
        expect(v.status()).toBe(ref.status());
        expect(v.summary()).toEqual(ref.summary());
        for (const r of inc) failedOnce.add(r.validator);
      });
    }), { numRuns: 4, endOnFailure: true, seed: Number(process.env.VALIDATION_PROPERTY_SEED ?? 7) });
    // the sequence exercised every validator (a run where one never failed would prove nothing about it)
    expect([...failedOnce].sort()).toEqual(['allowed_values', 'cable_capacity', 'demarcation_containment', 'dp_capacity', 'graph_integrity',
      'relation_multiplicity', 'required_attributes', 'unconnected_customer_connections']);
    expect(changes).toBeGreaterThan(STEPS);
  });
});
