// The map's planning plug-in (issue 13): live validation and capex follow the session's diffs. A DP whose connections
// exceed its capacity makes a Required result fail (the workflow's gate closes), undo passes again; drawing a 100 m
// trench raises the capex total by 100 × the trench unit cost from the project's trench cost entries; server
// validators join only for projects loaded by area (one groupable call).
import { describe, it, expect, vi } from 'vitest';
import { allObjects, createModel, getInstance, instancesOf } from 'engine/model';
import { GENERATED_TYPES, GENERATED_TYPE_IDS as T } from 'engine/generate-catalogue';
import { groundScale } from 'engine/mercator';
import { EditSession, type ChangeEvent } from '../../../../src/map/edit-session';
import { trenchCostEntries } from 'engine/capex/trench-costs';
import { PlanningBinding, SERVER_VALIDATORS, type PlanningSettings } from '../../../../src/map/planning/planning-binding';

let n = 0;
const session = () => new EditSession(createModel({ networkObjects: [], objectTypes: GENERATED_TYPES }), { newId: () => `id${++n}`, projectId: 1 });
const noGroup = vi.fn(async () => ({}));

function bind(s: EditSession, settings: PlanningSettings | null = null, partial = false) {
  const p = new PlanningBinding(s, settings, { runGroup: noGroup, partial });
  p.start((l: (e: ChangeEvent) => void) => s.subscribe(l));
  return p;
}

describe('planning binding', () => {
  it('a DP over its capacity fails a Required result; undo passes again', async () => {
    const s = session();
    const p = bind(s, { network: { dp_minimum_usage: 0 } });
    await p.revalidate();
    expect(p.service.getState().status).toBe('VALID');
    s.perform({ type: 'drawNode', coordinates: [600000, 6800000], instances: [{ objectTypeId: T.splicebox }] });
    expect(p.service.getState().status).toBe('VALID');
    const inst = [...iterInstances(s)].find((i) => i.objectTypeId === T.splicebox)!;
    s.perform({ type: 'editAttributes', instanceId: inst.id, values: { connections: '50' } });
    const st = p.service.getState();
    expect(st.status).toBe('INVALID');
    expect(st.passes).toBe(false);
    expect(st.results.some((r) => !r.passed && r.severity === 'Required' && r.validator === 'dp_capacity')).toBe(true);
    s.undo();
    expect(p.service.getState().status).toBe('VALID');
    expect(p.service.getState().passes).toBe(true);
    p.destroy();
  });

  it('a 100 m trench raises the capex total by 100 × the trench unit cost of the settings', () => {
    const s = session();
    const p = bind(s, { trenchCosts: { default: { cost: 85, method: '=', priority: 0, active: true }, road: { cost: 20, method: '=', priority: 2, active: true } } });
    const before = p.getCapex().total;
    const y = 6800000, metres = 100 / groundScale(y); // 100 m on the ground in EPSG:3857 units at this latitude
    const seen = vi.fn();
    p.subscribeCapex(seen);
    s.perform({ type: 'drawEdge', coordinates: [[600000, y], [600000 + metres, y]], instances: [{ objectTypeId: T.trench }] });
    expect(seen).toHaveBeenCalled();
    expect(p.getCapex().total - before).toBeCloseTo(100 * 85, 0);
    expect(p.getCapex().byType.find((r) => r.objectTypeId === T.trench)?.length).toBeCloseTo(100, 1);
    s.undo();
    expect(p.getCapex().total).toBeCloseTo(before, 6);
    p.destroy();
  });

  it('the capex index is built after the validation\'s first results, from the model with every change made before; asked for sooner, it is built then', async () => {
    const costs: PlanningSettings = { trenchCosts: { default: { cost: 85, method: '=', priority: 0, active: true } } };
    const y = 6800000, metres = 100 / groundScale(y);
    const trench = { type: 'drawEdge' as const, coordinates: [[600000, y], [600000 + metres, y]] as [number, number][], instances: [{ objectTypeId: T.trench }] };
    const s = session(), p = bind(s, costs), seen = vi.fn();
    p.subscribeCapex(seen);
    expect(p.capexBuilt).toBe(false); // the first validation run does not wait for it
    s.perform(trench); // before the index: in the model it is built from
    await vi.waitFor(() => expect(p.capexBuilt).toBe(true));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(p.getCapex().total).toBeCloseTo(100 * 85, 0);
    s.perform(trench); // after: followed by the diff
    expect(seen).toHaveBeenCalledTimes(2);
    expect(p.getCapex().total).toBeCloseTo(200 * 85, 0);
    p.destroy();

    const asked = bind(session(), costs);
    expect(asked.getCapex().total).toBe(0);
    expect(asked.capexBuilt).toBe(true);
    const gone = bind(session(), costs);
    await Promise.resolve();
    gone.destroy(); // after the build was scheduled
    await new Promise((r) => setTimeout(r, 20));
    expect(gone.capexBuilt).toBe(false); // a destroyed binding builds nothing

    // loaded by area: the server's validators' answer is not waited for
    const area = new PlanningBinding(session(), costs, { runGroup: () => new Promise<never>(() => {}), partial: true });
    area.start((l: (e: ChangeEvent) => void) => s.subscribe(l));
    await vi.waitFor(() => expect(area.capexBuilt).toBe(true));
    area.destroy();
  });

  it('server validators run as one group only for projects loaded by area', async () => {
    const runGroup = vi.fn(async () => Object.fromEntries(SERVER_VALIDATORS.map((v) => [v, { passed: true, results: [] }])));
    const whole = new PlanningBinding(session(), null, { runGroup, partial: false });
    await whole.revalidate();
    expect(runGroup).not.toHaveBeenCalled();
    const area = new PlanningBinding(session(), null, { runGroup, partial: true });
    await area.revalidate();
    expect(runGroup).toHaveBeenCalledTimes(1);
    expect((runGroup.mock.calls[0] as unknown[][])[0].map((v) => (v as { name: string }).name)).toEqual([...SERVER_VALIDATORS]);
  });

  it('trench cost entries are read from the settings map, bad entries left out', () => {
    expect(trenchCostEntries({ trenchCosts: { road: { cost: '20', method: '+', priority: 2 }, bad: { cost: 'x' } } }))
      .toEqual([{ name: 'road', cost: 20, method: '+', priority: 2, active: true }]);
    expect(trenchCostEntries(null)).toBeUndefined();
  });
});

function* iterInstances(s: EditSession) {
  for (const [id] of allObjects(s.model)) for (const iid of instancesOf(s.model, id)) { const x = getInstance(s.model, iid); if (x) yield x; }
}
