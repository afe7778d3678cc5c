// Capex cost lines (spec 2 §3 Cost line, §5 rules, §9 defaults): lines per object type and existing, lengths of edges
// and paths, unit costs (settings defaults, unitCosts, trench cost entries with =, +, * by priority), the zero-line,
// count-as-length and cost rules, CSV, and a drawn 100 m trench raising the total by exactly 100 × its unit cost.
import { describe, it, expect } from 'vitest';
import {
  CapexIndex, CSV_HEADER, Editor, TrenchCosts, costLines, createModel, generateNetwork, getObject, groundLength, lineTotal,
  GENERATED_TYPE_IDS, type CapexConfig, type CostLine, type TrenchCostEntry,
} from 'engine';
import { T, fixture, path, counterIds } from '../validation/fixtures';

const net = () => fixture({
  art: 'A----B----C', objects: [path('P', ['AB', 'BC'], ['A', 'B'])],
  instances: [['t1', T.trench, 'AB'], ['t2', T.trench, 'BC'], ['d1', T.duct, 'AB', { Existing: 'true' }], ['dp', T.splicebox, 'A'],
    ['ap', T.accessPoint, 'B'], ['c', T.customer, 'C'], ['k', T.cable, 'P', { fibers: '12' }]],
  relations: [['t1', 'd1', 'trench_contains_duct'], ['d1', 'k', 'duct_contains_cable']],
});
const CFG: CapexConfig = { unitCosts: { duct: { cost: 10, per: 'm' }, cable: { cost: 3, per: 'm' }, customer_connection: { cost: 500, per: 'piece' } } };
const brief = (ls: CostLine[]) => ls.map((l) => [l.id, l.count, l.length, l.cost, l.unused, lineTotal(l)]);

describe('cost lines', () => {
  it('per object type and existing: count, metres of edges and paths, unit cost, unused', () => {
    const idx = new CapexIndex(net(), CFG);
    expect(brief(idx.lines())).toEqual([
      ['101', 1, 0, 75000, 1, 75000], // access point: ap_cost per piece
      ['103', 1, 1, 500, 1, 500], // customer connection without length: count as length
      ['105', 1, 100, 3, 0, 300], // cable over two 50 m edges
      ['106', 2, 100, 85, 1, 8500], // trenches: default trench cost 85 per metre
      ['111', 1, 0, 5000, 1, 5000], // DP: dp_cost per piece
      ['112-existing', 1, 50, 0, 0, 0], // existing duct: costs nothing
    ]);
    expect(idx.lines().find((l) => l.id === '112-existing')!.name).toBe('duct (existing)');
    expect(idx.total()).toBe(75000 + 500 + 300 + 8500 + 5000);
    expect(idx.byObjectType().map((t) => [t.objectTypeId, t.name, t.count, t.length, t.total])).toEqual([
      [101, 'access_point', 1, 0, 75000], [103, 'customer_connection', 1, 1, 500], [105, 'cable', 1, 100, 300], [106, 'trench', 2, 100, 8500],
      [111, 'splicebox', 1, 0, 5000], [112, 'duct', 1, 50, 0],
    ]);
  });

  it('settings and unit costs: unitCosts beat the settings defaults; per piece keeps no length', () => {
    const idx = new CapexIndex(net(), { settings: { ap_cost: 1000, dp_cost: 7 }, unitCosts: { splicebox: { cost: 9, per: 'piece' }, trench: { cost: 2, per: 'piece' } } });
    expect(brief(idx.lines()).filter(([id]) => ['101', '106', '111'].includes(id as string))).toEqual([
      ['101', 1, 0, 1000, 1, 1000], ['106', 2, 100, 2, 1, 200], ['111', 1, 0, 9, 1, 9],
    ]);
  });

  it('drops zero lines unless keepZero, which lists every configured type without instances', () => {
    const idx = new CapexIndex(net(), CFG);
    expect(idx.lines().some((l) => l.count === 0)).toBe(false);
    // (the catalogue holds every family; a project's schema holds its own: keep fttx, ids 100-199)
    const zero = idx.lines({ keepZero: true }).filter((l) => l.count === 0 && l.objectTypeId < 200);
    expect(zero.map((l) => [l.id, l.name, l.cost, l.length])).toEqual([['102', 'enclosure', 5000, 0]]);
  });

  it('cost is cost × length, or × count when the length is 0; trench lines without length count as length', () => {
    const l: CostLine = { id: 'x', name: 'x', objectTypeId: 1, existing: false, cost: 4, count: 3, length: 0, unused: 0 };
    expect(lineTotal(l)).toBe(12);
    expect(lineTotal({ ...l, length: 2.5 })).toBe(10);
    const onNode = fixture({ art: 'A----B', instances: [['t', T.trench, 'A'], ['u', T.trench, 'B'], ['h', T.pointElement, 'A']] });
    expect(brief(costLines(onNode))).toEqual([['104', 1, 0, 0, 1, 0], ['106', 2, 2, 85, 2, 170]]);
  });

  it('lengths in metres by the configured measure (e.g. groundLength for EPSG:3857)', () => {
    const m = fixture({ art: 'A----B', objects: [{ id: 'far', projectId: 1, edge: { fromNodeId: 'A', toNodeId: 'B', geometry: { type: 'LineString', coordinates: [[0, 6.8e6], [50, 6.8e6]] } } }], instances: [['t', T.trench, 'far']] });
    expect(costLines(m)[0].length).toBe(50);
    expect(costLines(m, { lengthOf: groundLength })[0].length).toBe(Math.round(groundLength([[0, 6.8e6], [50, 6.8e6]]) * 100) / 100);
    expect(costLines(m, { lengthOf: groundLength })[0].length).toBeLessThan(35);
  });

  it('CSV: the header, one row per line with its total, quoted names', () => {
    const csv = new CapexIndex(net(), CFG).toCsv([{ id: '9', name: 'a, "b"', objectTypeId: 9, existing: true, cost: 2, count: 3, length: 1.5, unused: 0 }]);
    expect(CSV_HEADER).toBe('id,name,objectTypeId,existing,cost,count,length,unused,total');
    expect(csv).toBe(`${CSV_HEADER}\n9,"a, ""b""",9,true,2,3,1.5,0,3\n`);
  });
});

describe('trench cost entries', () => {
  const E = (name: string, cost: number, method: TrenchCostEntry['method'], priority: number, active = true): TrenchCostEntry => ({ name, cost, method, priority, active });
  const tc = new TrenchCosts([E('default', 85, '=', 0), E('house_connection', 50, '=', 1), E('directional_drilling', 90, '=', 2),
    E('obstruction', 1000, '=', 7, false), E('klic', 3, '+', 0), E('default', 2, '+', 1), E('moling', 1.5, '*', 0)], 85);
  const v = (name: string, value: string) => ({ objectInstanceId: 't', attributeTypeName: name, value });
  it('the highest-priority active = entry that applies, then + and * in ascending priority', () => {
    expect(tc.of([])).toEqual({ cost: 87, costClass: '' });
    expect(tc.of([v('house_connection', 'true')])).toEqual({ cost: 52, costClass: 'house_connection' });
    expect(tc.of([v('house_connection', 'false')])).toEqual({ cost: 87, costClass: '' });
    expect(tc.of([v('house_connection', 'true'), v('drilling_type', 'directional_drilling')])).toEqual({ cost: 92, costClass: 'directional_drilling' });
    expect(tc.of([v('drilling_type', 'moling')])).toEqual({ cost: 85 * 1.5 + 2, costClass: 'moling' });
    expect(tc.of([v('x', 'obstruction')])).toEqual({ cost: 87, costClass: '' }); // inactive
    expect(new TrenchCosts([], 70).of([])).toEqual({ cost: 70, costClass: '' });
  });
  it('splits the trench line by cost class', () => {
    const m = fixture({ art: 'A----B----C', instances: [['t1', T.trench, 'AB', { house_connection: 'true' }], ['t2', T.trench, 'BC', { house_connection: 'false' }]] });
    expect(brief(costLines(m, { trenchCosts: [E('default', 85, '=', 0), E('house_connection', 50, '=', 1)] }))).toEqual([
      ['106', 1, 50, 85, 1, 4250], ['106-house_connection', 1, 50, 50, 1, 2500],
    ]);
  });
});

describe('live capex through the editor', () => {
  it('a drawn 100 m trench raises the total by exactly 100 × the trench unit cost', () => {
    const m = fixture({ art: 'A----B', instances: [['t', T.trench, 'AB']] });
    const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
    const idx = new CapexIndex(m, { trenchCosts: [{ name: 'default', cost: 85, method: '=', priority: 0, active: true }] });
    const before = idx.total();
    const r = ed.apply({ type: 'drawEdge', coordinates: [[0, -40], [60, -120]], instances: [{ objectTypeId: T.trench }] });
    idx.apply(r.model, r.diff);
    expect(idx.total() - before).toBe(100 * 85);
    const u = ed.undo()!;
    idx.apply(u.model, u.diff);
    expect(idx.total()).toBe(before);
  });

  it('on a generated street grid, across a block with two splits (each split keeps the trench metres)', () => {
    const g = generateNetwork(5000);
    const m = createModel(g);
    const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
    const idx = new CapexIndex(m);
    const before = idx.lines().find((l) => l.id === '106')!;
    const s = getObject(m, g.streetEdgeIds[40])!.edge!.geometry.coordinates;
    const horizontal = s[0][1] === s[1][1];
    const a: [number, number] = [(s[0][0] + s[1][0]) / 2, (s[0][1] + s[1][1]) / 2];
    const b: [number, number] = horizontal ? [a[0], a[1] + 100] : [a[0] + 100, a[1]];
    const r = ed.apply({ type: 'drawEdge', coordinates: [a, b], instances: [{ objectTypeId: GENERATED_TYPE_IDS.trench }] });
    expect(r.diff.updated.filter(([x]) => x.table === 'networkObjects').length).toBe(2); // the two split street edges
    idx.apply(r.model, r.diff);
    const after = idx.lines().find((l) => l.id === '106')!;
    expect(after.length - before.length).toBe(100);
    expect(after.count - before.count).toBe(3);
    expect(idx.total() - new CapexIndex(m).total()).toBe(100 * 85);
    expect(idx.lines()).toEqual(costLines(r.model));
  });

  it('existing material moves to its own line when Existing changes', () => {
    const m = net();
    const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
    const idx = new CapexIndex(m, CFG);
    const r = ed.apply({ type: 'editAttributes', instanceId: 'd1', values: { Existing: 'false' } });
    expect(idx.apply(r.model, r.diff)).toBe(true);
    expect(brief(idx.lines()).filter(([id]) => String(id).startsWith('112'))).toEqual([['112', 1, 50, 10, 0, 500]]);
    expect(idx.version).toBe(1);
  });
});
