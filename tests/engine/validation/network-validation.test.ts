// NetworkValidation as a whole: status (spec 2 §4–§5: VALID when every Required result passed), counts per severity,
// summary and report, ignored validators, severity overrides, stateId, the version counter, and an edit's cost that
// does not grow with the network (subjects re-checked per edit on 1k and 16k edges).
import { describe, it, expect } from 'vitest';
import {
  Editor, NetworkValidation, createModel, generateNetwork, GENERATED_TYPE_IDS, resultKey, sameResult, pentries, getObject,
  type ValidationResult,
} from 'engine';
import { T, fixture, counterIds } from './fixtures';

// a DP under its minimum usage (Recommended) and a customer connection off the network (Recommended)
const recommendedOnly = () => fixture({
  art: 'A----B  F',
  instances: [['dp', T.splicebox, 'A', { capacity: '46' }], ['c', T.customer, 'F', { status: 'connect' }]],
});

describe('NetworkValidation', () => {
  it('is VALID with only Recommended failures, INVALID with a Required one', () => {
    const v = new NetworkValidation(recommendedOnly(), { stateId: 3 });
    expect(v.counts()).toEqual({ Required: 0, Recommended: 2, Optional: 0 });
    expect(v.status()).toBe('VALID');
    expect(v.results().every((r) => r.stateId === 3 && !r.passed)).toBe(true);
    const w = new NetworkValidation(recommendedOnly(), { severity: { unconnected_customer_connections: 'Required' } });
    expect(w.counts()).toEqual({ Required: 1, Recommended: 1, Optional: 0 });
    expect(w.status()).toBe('INVALID');
  });

  it('summary per validator; report gives a passed result for a validator without failures', () => {
    const v = new NetworkValidation(recommendedOnly());
    const s = v.summary();
    expect(s.map((x) => x.name)).toEqual(['graph_integrity', 'required_attributes', 'allowed_values', 'relation_multiplicity', 'dp_capacity',
      'cable_capacity', 'unconnected_customer_connections']);
    expect(s.find((x) => x.name === 'dp_capacity')).toEqual({ name: 'dp_capacity', passed: false, failedCount: 1 });
    expect(s.find((x) => x.name === 'graph_integrity')).toEqual({ name: 'graph_integrity', passed: true, failedCount: 0 });
    const rep = v.report();
    expect(rep.find((r) => r.validator === 'graph_integrity')).toEqual({ validator: 'graph_integrity', objectId: null, message: 'graph_integrity: passed', stateId: null, severity: 'Required', passed: true });
    expect(rep.filter((r) => !r.passed).length).toBe(2);
    expect(v.resultsOf('c').map((r) => r.validator)).toEqual(['unconnected_customer_connections']);
  });

  it('leaves ignored validators out', () => {
    const v = new NetworkValidation(recommendedOnly(), { ignore: ['dp_capacity'] });
    expect(v.validators()).not.toContain('dp_capacity');
    expect(v.results().map((r) => r.validator)).toEqual(['unconnected_customer_connections']);
  });

  it('sameResult compares message, state and severity (spec 2 §3)', () => {
    const a: ValidationResult = { validator: 'x', objectId: '1', message: 'm', stateId: 1, severity: 'Required', passed: false };
    expect(sameResult(a, { ...a, objectId: '2', validator: 'y' })).toBe(true);
    expect(sameResult(a, { ...a, stateId: 2 })).toBe(false);
    expect(sameResult(a, { ...a, severity: 'Optional' })).toBe(false);
    expect(sameResult(a, { ...a, message: 'n' })).toBe(false);
    expect(resultKey(a)).not.toBe(resultKey({ ...a, objectId: '2' }));
  });

  it('bumps version only when the results change', () => {
    const m = recommendedOnly();
    const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
    const v = new NetworkValidation(m);
    let r = ed.apply({ type: 'editAttributes', instanceId: 'dp', values: { name: 'DP 1' } });
    expect(r.diff.added.length + r.diff.updated.length).toBeGreaterThan(0);
    expect(v.apply(r.model, r.diff)).toBe(false);
    expect(v.version).toBe(0);
    r = ed.apply({ type: 'drawEdge', coordinates: [[50, 0], [80, 0]] });
    expect(v.apply(r.model, r.diff)).toBe(true);
    expect(v.version).toBe(1);
    expect(v.counts().Recommended).toBe(1);
    r = ed.apply({ type: 'editAttributes', instanceId: 'dp', values: { capacity: '' } });
    v.apply(r.model, r.diff);
    expect(v.version).toBe(2);
    expect(v.status()).toBe('INVALID');
    expect(v.results().map((x) => x.validator).sort()).toEqual(['dp_capacity', 'required_attributes']);
  });

  it('re-checks as many subjects per edit on 16k edges as on 1k (no scan)', () => {
    const checked = (edges: number) => {
      const net = generateNetwork(edges);
      const m = createModel(net);
      const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
      const v = new NetworkValidation(m, { demarcation: [[[0, 0], [1e7, 0], [1e7, 1e7], [0, 1e7], [0, 0]]] });
      const out: number[] = [];
      const house = net.houseNodeIds[7];
      const q = getObject(ed.model, house)!.node!.geometry.coordinates;
      let r = ed.apply({ type: 'moveNode', id: house, to: [q[0] + 2, q[1] + 1] });
      v.apply(r.model, r.diff); out.push(v.lastChecked);
      const s = getObject(ed.model, net.streetEdgeIds[11])!.edge!.geometry.coordinates;
      const a: [number, number] = [(s[0][0] + s[1][0]) / 2, (s[0][1] + s[1][1]) / 2];
      r = ed.apply({ type: 'drawEdge', coordinates: [a, [a[0] + 3, a[1] + 40]], instances: [{ objectTypeId: GENERATED_TYPE_IDS.trench }] });
      v.apply(r.model, r.diff); out.push(v.lastChecked);
      const u = ed.undo()!;
      v.apply(u.model, u.diff); out.push(v.lastChecked);
      return { out, objects: [...pentries(m.networkObjects)].length };
    };
    const small = checked(1000), large = checked(16000);
    expect(large.objects).toBeGreaterThan(10 * small.objects);
    expect(large.out).toEqual(small.out);
    for (const n of large.out) expect(n).toBeLessThan(60);
  });
});
