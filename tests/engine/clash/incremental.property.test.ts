// Property (fast-check): after every step of a random sequence of gestures, raw actions, undo and redo through the
// Editor (the validation tests' gesture generator), with uploads arriving and going and statuses set along the way,
// the incremental ClashIndex holds exactly the clashes of a full run and of a fresh index over the same references.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ClashIndex, withBgtRule, type Clash, type ClashRule, type Position, type ReferenceFeature } from 'engine';
import { op, startEditor, step } from '../validation/gestures';

const STEPS = Number(process.env.CLASH_PROPERTY_STEPS ?? 300);
const key = (c: Clash) => `${c.id} ${c.status} ${c.severity} ${c.distance.toFixed(6)} ${JSON.stringify(c.geometry)}`;
const keys = (cs: readonly Clash[]) => cs.map(key).sort().join('\n');

const RULES: ClashRule[] = withBgtRule([
  { name: 'gas', enabled: true, priority: 'high', layer: 'gas', buffer: 1, resultAction: 'Unresolved' },
  { name: 'trees', enabled: true, priority: 'low', layer: 'trees', buffer: 3, resultAction: 'Info' },
  { name: 'ducts', enabled: true, priority: 'medium', layer: 'gas', buffer: 4, resultAction: 'ActionRequired', objectTypes: ['cable'] },
]);

const ref = (k: number, x: number, y: number, kind: number): ReferenceFeature => {
  const id = `r${k}`;
  switch (kind % 4) {
    case 0: return { id, layer: 'trees', geometry: { type: 'Point', coordinates: [x, y] } };
    case 1: return { id, layer: 'gas', geometry: { type: 'LineString', coordinates: [[x, y], [x + 7, y - 13]] } };
    case 2: return { id, layer: 'gas', geometry: { type: 'Point', coordinates: [x, y + 0.5] } };
    default: {
      const ring: Position[] = [[x, y], [x + 9, y], [x + 9, y - 6], [x, y - 6], [x, y]];
      return { id, layer: 'bgt', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { classification: ['water', 'open_paving', 'pand'][k % 3] } };
    }
  }
};

describe('incremental clashes equal a full run', () => {
  it(`after each of ${STEPS} random steps (3 runs)`, () => {
    let seen = 0;
    fc.assert(fc.property(fc.array(op, { minLength: STEPS, maxLength: STEPS }), (ops) => {
      const ed = startEditor();
      const refs = new Map<string, ReferenceFeature>();
      for (let k = 0; k < 24; k++) { const r = ref(k, (k * 37) % 120, -((k * 53) % 120), k); refs.set(r.id, r); }
      const ix = new ClashIndex(ed.model, refs.values(), RULES);
      let next = 24;
      ops.forEach((o, k) => {
        if (o.v % 9 === 0) {
          const r = ref(next++, o.a[0] + 0.5, o.a[1], o.pick);
          refs.set(r.id, r); ix.addReferences([r]);
        } else if (o.v % 9 === 1 && refs.size) {
          const id = [...refs.keys()][o.pick % refs.size];
          refs.delete(id); ix.removeReferences([id]);
        } else if (o.v % 9 === 2 && ix.size) {
          const c = ix.clashes()[o.pick % ix.size];
          ix.setStatus(c.id, (['Approved', 'Info', 'Warning'] as const)[o.pick2 % 3]);
        } else {
          const { model, diff } = step(ed, o);
          ix.apply(model, diff);
        }
        const inc = keys(ix.clashes());
        if (inc !== keys(ix.fullRun())) throw new Error(`step ${k} (${o.kind}): incremental ≠ full\n${inc}\n---\n${keys(ix.fullRun())}`);
        const fresh = new ClashIndex(ix.model, refs.values(), RULES);
        const strip = (cs: Clash[]) => cs.map((c) => c.id).sort().join('\n');
        expect(strip(ix.clashes())).toBe(strip(fresh.clashes()));
        expect(ix.size).toBe(ix.clashes().length);
        seen += ix.size;
      });
    }), { numRuns: 3, endOnFailure: true, seed: Number(process.env.CLASH_PROPERTY_SEED ?? 11) });
    expect(seen).toBeGreaterThan(STEPS);
  });
});
