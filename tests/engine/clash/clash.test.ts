// Clash detection (issue 14, engine/clash): each rule kind (points, lines, polygons, BGT surfaces), the status →
// severity mapping, buffer edges (exactly the buffer is a clash, a hair over is not, buffer 0 means touching), the BGT
// vocabulary, rules from the settings template, object-type filters, statuses kept while a clash persists, uploads
// arriving and going, and incremental updates through the Editor.
import { describe, it, expect } from 'vitest';
import {
  BGT_OBSTRUCTION_RULE, ClashIndex, Editor, STATUS_SEVERITY, bgtClass, clashRulesFromSettings, closestOnSegment, clipInside,
  withBgtRule, type ClashRule, type Position, type ReferenceFeature,
} from 'engine';
import { clashSeverity, CLASH_STATUSES } from '../../../layers/styles/clash';
import { DEFAULT_CLASH_RULES, clashDetectionSettings } from '../../../common/settings/parts';
import { T, counterIds, fixture, path } from '../validation/fixtures';

// A(0,0)----B(50,0)----C(100,0)
const ART = `
A----B----C`;
const rule = (over: Partial<ClashRule> = {}): ClashRule => ({ name: 'gas', enabled: true, priority: 'medium', layer: 'gas', buffer: 1, resultAction: 'Unresolved', ...over });
const pt = (id: string, p: Position, layer = 'gas', properties?: Record<string, unknown>): ReferenceFeature => ({ id, layer, geometry: { type: 'Point', coordinates: p }, properties });
const line = (id: string, c: Position[], layer = 'gas'): ReferenceFeature => ({ id, layer, geometry: { type: 'LineString', coordinates: c } });
const poly = (id: string, x1: number, y1: number, x2: number, y2: number, layer = 'bgt', properties?: Record<string, unknown>): ReferenceFeature =>
  ({ id, layer, properties, geometry: { type: 'Polygon', coordinates: [[[x1, y1], [x2, y1], [x2, y2], [x1, y2], [x1, y1]]] } });
const ids = (ix: ClashIndex) => ix.clashes().map((c) => c.id).sort();

describe('geometry', () => {
  it('segment distance: crossing 0, parallel the gap, collinear overlap 0', () => {
    expect(closestOnSegment([0, 0], [10, 0], [5, -5], [5, 5])).toEqual({ distance: 0, at: [5, 0] });
    expect(closestOnSegment([0, 0], [10, 0], [2, 3], [8, 3]).distance).toBe(3);
    expect(closestOnSegment([0, 0], [10, 0], [5, 0], [20, 0]).distance).toBe(0);
  });
  it('clipInside: the part of a line inside a polygon, holes left out', () => {
    const sq: Position[][] = [[[2, -1], [8, -1], [8, 1], [2, 1], [2, -1]]];
    expect(clipInside([[0, 0], [10, 0]], sq)).toEqual([[[2, 0], [8, 0]]]);
    const holed: Position[][] = [...sq, [[4, -0.5], [6, -0.5], [6, 0.5], [4, 0.5], [4, -0.5]]];
    expect(clipInside([[0, 0], [10, 0]], holed)).toEqual([[[2, 0], [4, 0]], [[6, 0], [8, 0]]]);
  });
});

describe('rule kinds and buffers', () => {
  const m = fixture({ art: ART });
  it('point reference: within the buffer of an edge; exactly the buffer is a clash, just over is not', () => {
    const ix = new ClashIndex(m, [pt('p1', [25, 1]), pt('p2', [25, -1.0001]), pt('p3', [75, 0.5])], [rule()]);
    expect(ids(ix)).toEqual(['gas:AB:p1', 'gas:BC:p3']);
    const c = ix.get('gas:AB:p1')!;
    expect(c).toMatchObject({ ruleName: 'gas', objectId: 'AB', referenceId: 'p1', distance: 1, status: 'Unresolved', severity: 'error', priority: 'medium' });
    expect(c.geometry).toEqual({ type: 'Point', coordinates: [25, 0] });
  });
  it('nodes clash too (a reference at the node itself), and a node is one point', () => {
    const ix = new ClashIndex(m, [pt('p', [50, 0.4])], [rule({ buffer: 0.5 })]);
    expect(ids(ix)).toEqual(['gas:AB:p', 'gas:B:p', 'gas:BC:p']);
    expect(ix.get('gas:B:p')!.geometry).toEqual({ type: 'Point', coordinates: [50, 0] });
  });
  it('line reference: a crossing is located at the crossing point; parallel within the buffer at the nearest point', () => {
    const ix = new ClashIndex(m, [line('l1', [[20, -5], [20, 5]]), line('l2', [[60, 2], [90, 2]]), line('l3', [[60, 3], [90, 3]])], [rule({ buffer: 2 })]);
    expect(ids(ix)).toEqual(['gas:AB:l1', 'gas:BC:l2']);
    expect(ix.get('gas:AB:l1')!.geometry).toEqual({ type: 'Point', coordinates: [20, 0] });
    expect(ix.get('gas:AB:l1')!.distance).toBe(0);
    expect(ix.get('gas:BC:l2')!.distance).toBe(2);
  });
  it('polygon reference: the overlapping part is the clash location; near the polygon a point', () => {
    const ix = new ClashIndex(m, [poly('b1', 10, -2, 20, 2, 'buildings'), poly('b2', 60, 1.5, 70, 5, 'buildings')], [rule({ name: 'bld', layer: 'buildings', buffer: 1.5 })]);
    expect(ids(ix)).toEqual(['bld:AB:b1', 'bld:BC:b2']);
    expect(ix.get('bld:AB:b1')!.geometry).toEqual({ type: 'LineString', coordinates: [[10, 0], [20, 0]] });
    expect(ix.get('bld:BC:b2')!.geometry.type).toBe('Point');
  });
  it('buffer 0: touching clashes, any gap does not', () => {
    const ix = new ClashIndex(m, [pt('t', [30, 0]), pt('g', [30, 0.001])], [rule({ buffer: 0 })]);
    expect(ids(ix)).toEqual(['gas:AB:t']);
  });
  it('a rule checks only its own layer; disabled rules do nothing', () => {
    const refs = [pt('p', [25, 0], 'water'), pt('q', [25, 0], 'gas')];
    expect(ids(new ClashIndex(m, refs, [rule()]))).toEqual(['gas:AB:q']);
    expect(ids(new ClashIndex(m, refs, [rule({ enabled: false })]))).toEqual([]);
  });
  it('resultAction gives the status, severity follows the status (the map style\'s table), priority the rule', () => {
    for (const s of CLASH_STATUSES) {
      const [c] = new ClashIndex(m, [pt('p', [25, 0])], [rule({ resultAction: s, priority: 'high' })]).clashes();
      expect(c.status).toBe(s);
      expect(c.severity).toBe(clashSeverity(s));
      expect(c.severity).toBe(STATUS_SEVERITY[s]);
      expect(c.priority).toBe('high');
    }
  });
  it('objectTypes: a rule checks only objects with such an instance (or on a path over the edge)', () => {
    const typed = fixture({ art: ART, objects: [path('P', ['BC'], ['B'])], instances: [['t', T.trench, 'AB'], ['k', T.cable, 'P']] });
    const refs = [pt('p', [25, 0]), pt('q', [75, 0])];
    expect(ids(new ClashIndex(typed, refs, [rule({ objectTypes: ['trench'] })]))).toEqual(['gas:AB:p']);
    expect(ids(new ClashIndex(typed, refs, [rule({ objectTypes: ['cable'] })]))).toEqual(['gas:BC:q']);
    expect(ids(new ClashIndex(typed, refs, [rule({ objectTypes: ['fttx'] })]))).toEqual(['gas:AB:p', 'gas:BC:q']); // a family
  });
});

describe('BGT obstruction rules', () => {
  const m = fixture({ art: ART });
  it('vocabulary: classes from classification, plus-fysiekVoorkomen, fysiekVoorkomen and the object class', () => {
    const c = (properties: Record<string, unknown>, layer = 'bgt') => bgtClass({ layer, properties });
    expect(c({ classification: 'closed_paving' })).toBe('closed_paving');
    expect(c({ fysiekVoorkomen: 'gesloten verharding' })).toBe('closed_paving');
    expect(c({ 'plus-fysiekVoorkomen': 'asfalt', fysiekVoorkomen: 'open verharding' })).toBe('closed_paving');
    expect(c({ 'plus-fysiekVoorkomen': 'grasklinkers', fysiekVoorkomen: 'open verharding' })).toBe('grass_clinkers');
    expect(c({ fysiekVoorkomen: 'open verharding' })).toBe('open_paving');
    expect(c({ fysiekVoorkomen: 'half verhard' })).toBe('open_paving');
    expect(c({ fysiekVoorkomen: 'transitie' })).toBe('transition');
    expect(c({ fysiekVoorkomen: 'groenvoorziening' })).toBe('vegetation');
    expect(c({ fysiekVoorkomen: 'grasland overig' })).toBe('vegetation');
    expect(c({ fysiekVoorkomen: 'waterloop' })).toBe('water');
    expect(c({}, 'bgt_waterdeel')).toBe('water');
    expect(c({ bgt_type: 'begroeidTerreindeel' })).toBe('vegetation');
    expect(c({ bgt_type: 'pand' })).toBeNull();
  });
  it('water and closed paving are errors; open paving, transition, vegetation and grass clinkers warnings', () => {
    const surfaces: [string, string][] = [['water', 'error'], ['closed_paving', 'error'], ['open_paving', 'warning'], ['transition', 'warning'],
      ['vegetation', 'warning'], ['grass_clinkers', 'warning']];
    const refs = surfaces.map(([cls], i) => poly(cls, i * 10 + 1, -1, i * 10 + 9, 1, 'bgt', { classification: cls }));
    const ix = new ClashIndex(m, [...refs, poly('pand', 80, -1, 90, 1, 'bgt_pand', { bgt_type: 'pand' })], withBgtRule([]));
    const got = Object.fromEntries(ix.clashes().map((c) => [c.referenceId, [c.severity, c.status]]));
    expect(got).toEqual(Object.fromEntries(surfaces.map(([cls, sev]) => [cls, [sev, sev === 'error' ? 'Unresolved' : 'Warning']])));
    expect(ix.get('bgt_obstruction:AB:water')!.geometry).toEqual({ type: 'LineString', coordinates: [[1, 0], [9, 0]] });
  });
  it('the built-in rule (buffer 0) is added only when no rule checks a BGT layer; bgt_* layers match a bgt rule', () => {
    expect(withBgtRule([rule()]).map((r) => r.name)).toEqual(['gas', 'bgt_obstruction']);
    expect(withBgtRule([rule({ name: 'mine', layer: 'bgt' })]).map((r) => r.name)).toEqual(['mine']);
    expect(BGT_OBSTRUCTION_RULE.buffer).toBe(0);
    const ix = new ClashIndex(m, [poly('w', 1, 0.5, 9, 3, 'bgt_waterdeel')], [rule({ name: 'mine', layer: 'bgt', buffer: 1 })]);
    expect(ix.clashes().map((c) => [c.id, c.severity])).toEqual([['mine:AB:w', 'error']]);
  });
});

describe('settings', () => {
  it('reads the template rows: defaults, fallback buffer, disabled rows, network layer and its filter', () => {
    const defaults = clashRulesFromSettings({ buffer: 1, rules: DEFAULT_CLASH_RULES, network_layers: [{ name: 'project network', enabled: true, layer: 'network', buffer: 1, filter: null }] });
    expect(defaults.networkEnabled).toBe(true);
    expect(defaults.rules.map((r) => [r.name, r.layer, r.buffer, r.priority, r.resultAction])).toEqual(DEFAULT_CLASH_RULES.map((r) => [r.name, r.layer, 1, 'medium', 'Unresolved']));
    expect(clashDetectionSettings).toBeTruthy();
    const s = clashRulesFromSettings({ buffer: 2, rules: [{ name: 'a', layer: 'gas' }, { name: 'b', layer: 'x', enabled: false }, { name: 'c', layer: 'y', buffer: 0.5, priority: 'bad', resultAction: 'Info', objectTypes: ['duct'] }],
      network_layers: [{ name: 'n', enabled: true, layer: 'network', filter: 'trench, duct' }] });
    expect(s.rules).toEqual([
      expect.objectContaining({ name: 'a', buffer: 2, priority: 'medium', resultAction: 'Unresolved', objectTypes: ['trench', 'duct'] }),
      expect.objectContaining({ name: 'c', buffer: 0.5, priority: 'medium', resultAction: 'Info', objectTypes: ['duct'] }),
    ]);
    expect(clashRulesFromSettings({ rules: [], network_layers: [{ name: 'n', enabled: false, layer: 'network' }] }).networkEnabled).toBe(false);
  });
});

describe('statuses, uploads and edits', () => {
  it('setStatus is kept across recomputes while the clash persists and forgotten once it is gone', () => {
    const ed = new Editor(fixture({ art: ART }), { newId: counterIds(), projectId: 1 });
    const ix = new ClashIndex(ed.model, [pt('p', [25, 0.5])], [rule()]);
    const v = ix.version;
    expect(ix.setStatus('gas:AB:p', 'Approved')).toBe(true);
    expect(ix.setStatus('gas:nope:p', 'Approved')).toBe(false);
    expect(ix.version).toBe(v + 1);
    expect(ix.get('gas:AB:p')).toMatchObject({ status: 'Approved', severity: 'normal' });
    // moving the edge a little: the clash persists with its status
    let r = ed.apply({ type: 'moveNode', id: 'A', to: [0, 0.2] });
    ix.apply(r.model, r.diff);
    expect(ix.get('gas:AB:p')).toMatchObject({ status: 'Approved' });
    // away from the reference: gone; back: Unresolved again
    r = ed.apply({ type: 'moveNode', id: 'A', to: [0, 10] });
    ix.apply(r.model, r.diff);
    expect(ix.get('gas:AB:p')).toBeUndefined();
    const u = ed.undo()!; ix.apply(u.model, u.diff);
    expect(ix.get('gas:AB:p')).toMatchObject({ status: 'Unresolved', severity: 'error' });
    expect(ix.lastChecked).toBeLessThanOrEqual(3);
  });
  it('statuses given to the constructor apply to existing clashes only', () => {
    const ix = new ClashIndex(fixture({ art: ART }), [pt('p', [25, 0])], [rule()], { statuses: { 'gas:AB:p': 'Info', 'gas:BC:p': 'Approved' } });
    expect(ix.clashes().map((c) => [c.id, c.status, c.severity])).toEqual([['gas:AB:p', 'Info', 'info']]);
  });
  it('addReferences / removeReferences re-test the network near them', () => {
    const ix = new ClashIndex(fixture({ art: ART }), [], [rule()]);
    expect(ix.addReferences([pt('p', [75, 0.3]), pt('far', [500, 500])])).toBe(true);
    expect(ids(ix)).toEqual(['gas:BC:p']);
    ix.addReferences([pt('p', [25, 0.3])]); // replaced by id: moves
    expect(ids(ix)).toEqual(['gas:AB:p']);
    expect(ix.removeReferences(['p'])).toBe(true);
    expect(ix.clashes()).toEqual([]);
    expect(ix.size).toBe(0);
  });
  it('object-type rules follow path edges: deleting a cable path edge ends the edge\'s cable clash', () => {
    const ed = new Editor(fixture({ art: ART, objects: [path('P', ['AB', 'BC'], ['A', 'B'])], instances: [['k', T.cable, 'P'], ['t', T.trench, 'BC']] }), { newId: counterIds(), projectId: 1 });
    const ix = new ClashIndex(ed.model, [pt('p', [75, 0]), pt('q', [25, 0])], [rule({ objectTypes: ['cable'] })]);
    expect(ids(ix)).toEqual(['gas:AB:q', 'gas:BC:p']);
    const r = ed.apply({ type: 'deletePathEdge', id: 'P.1' });
    expect(r.rejected).toBeFalsy();
    ix.apply(r.model, r.diff);
    expect(ids(ix)).toEqual(['gas:AB:q']);
    expect(ids(ix)).toEqual(ix.fullRun().map((c) => c.id).sort());
  });
  it('a new edge drawn over a reference clashes; deleting it removes the clash', () => {
    const ed = new Editor(fixture({ art: ART }), { newId: counterIds(), projectId: 1 });
    const ix = new ClashIndex(ed.model, [line('l', [[200, -5], [200, 5]])], [rule()]);
    const r = ed.apply({ type: 'drawEdge', coordinates: [[190, 0], [210, 0]], instances: [{ objectTypeId: T.trench }] });
    ix.apply(r.model, r.diff);
    expect(ix.size).toBe(1);
    const [c] = ix.clashes();
    expect(c.geometry).toEqual({ type: 'Point', coordinates: [200, 0] });
    const d = ed.apply({ type: 'deleteObject', id: c.objectId });
    ix.apply(d.model, d.diff);
    expect(ix.size).toBe(0);
    expect(ix.fullRun()).toEqual([]);
  });
});
