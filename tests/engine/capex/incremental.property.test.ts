// Property (fast-check): after every step of a random sequence of gestures, raw actions, undo and redo through the
// Editor, the incremental CapexIndex gives exactly the lines (zero lines included) and total of a rebuild from the
// model — and along the way existing lines, trench cost classes, unused instances and path lengths all occur.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { CapexIndex, costLines, type CapexConfig } from 'engine';
import { op, startEditor, step } from '../validation/gestures';

const STEPS = Number(process.env.CAPEX_PROPERTY_STEPS ?? 500);
const CFG: CapexConfig = {
  unitCosts: { duct: { cost: 12, per: 'm' }, cable: { cost: 4, per: 'm' }, customer_connection: { cost: 900, per: 'piece' } },
  trenchCosts: [
    { name: 'default', cost: 85, method: '=', priority: 0, active: true }, { name: 'house_connection', cost: 50, method: '=', priority: 1, active: true },
    { name: 'directional_drilling', cost: 90, method: '=', priority: 2, active: true }, { name: 'moling', cost: 1.5, method: '*', priority: 1, active: true },
    { name: 'default', cost: 3, method: '+', priority: 2, active: true },
  ],
};

describe('incremental capex equals a rebuild', () => {
  it(`after each of ${STEPS} random steps (4 runs)`, () => {
    const seen = new Set<string>();
    fc.assert(fc.property(fc.array(op, { minLength: STEPS, maxLength: STEPS }), (ops) => {
      const ed = startEditor();
      const idx = new CapexIndex(ed.model, CFG);
      ops.forEach((o, k) => {
        const { model, diff } = step(ed, o);
        idx.apply(model, diff);
        const lines = idx.lines({ keepZero: true });
        const ref = costLines(model, CFG, { keepZero: true });
        const a = lines.map((l) => JSON.stringify(l)), b = ref.map((l) => JSON.stringify(l));
        if (a.join() !== b.join()) throw new Error(`step ${k} (${o.kind}): incremental ≠ rebuild\n+ ${a.filter((x) => !b.includes(x)).join('\n+ ')}\n- ${b.filter((x) => !a.includes(x)).join('\n- ')}`);
        expect(idx.total()).toBe(new CapexIndex(model, CFG).total());
        for (const l of lines) {
          if (l.existing) seen.add('existing');
          if (l.id.includes('house_connection') || l.id.includes('moling')) seen.add('cost class');
          if (l.unused > 0 && l.unused < l.count) seen.add('some unused');
          if (l.objectTypeId === 105 && l.length > 0) seen.add('path length');
        }
      });
    }), { numRuns: 4, endOnFailure: true, seed: Number(process.env.CAPEX_PROPERTY_SEED ?? 11) });
    expect([...seen].sort()).toEqual(['cost class', 'existing', 'path length', 'some unused']);
  });
});
