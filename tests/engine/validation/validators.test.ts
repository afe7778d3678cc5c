// Each validator on small fixtures: what fails, with which severity and message, and what passes (engine/validation/).
import { describe, it, expect } from 'vitest';
import { Editor, NetworkValidation, getInstance, getObject, getPathEdge, type Model, type ValidationConfig } from 'engine';
import { T, fixture, path, counterIds } from './fixtures';

/** [objectId, severity, message] of the validator's failures, by object id (a subject's own order kept). */
const failures = (m: Model, name: string, cfg: ValidationConfig = {}) =>
  new NetworkValidation(m, cfg).results(name).map((r) => [r.objectId!, r.severity, r.message]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const ids = (m: Model, name: string, cfg: ValidationConfig = {}) => failures(m, name, cfg).map(([id]) => id);

describe('graph_integrity', () => {
  it('passes a consistent network', () => {
    expect(failures(fixture({ art: 'A----B----C\n|\nD' }), 'graph_integrity')).toEqual([]);
  });
  it('reports an edge whose end is away from its node, a missing end node and a path over a missing edge', () => {
    const m = fixture({
      art: 'A----B',
      objects: [
        { id: 'X', projectId: 1, edge: { fromNodeId: 'A', toNodeId: 'B', geometry: { type: 'LineString', coordinates: [[0, 0], [40, 0]] } } },
        { id: 'Y', projectId: 1, edge: { fromNodeId: 'B', toNodeId: 'Q', geometry: { type: 'LineString', coordinates: [[50, 0], [60, 0]] } } },
        path('P', ['AB', 'gone'], ['A', 'B']),
      ],
    });
    expect(failures(m, 'graph_integrity')).toEqual([
      ['P', 'Required', 'path edge P.1 refers to missing edge gone'],
      ['X', 'Required', 'edge X does not end on its nodes'],
      ['Y', 'Required', 'edge Y refers to missing node Q'],
    ]);
  });
  it('follows a node moved without its edges (raw action) and its undo', () => {
    const m = fixture({ art: 'A----B----C' });
    const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
    const v = new NetworkValidation(m);
    const b = getObject(m, 'B')!;
    const r = ed.applyActions([{ code: 1, before: b, after: { ...b, node: { geometry: { type: 'Point', coordinates: [52, 0] } } } }]);
    v.apply(r.model, r.diff);
    expect(v.results('graph_integrity').map((x) => x.objectId).sort()).toEqual(['AB', 'BC']);
    const u = ed.undo()!;
    v.apply(u.model, u.diff);
    expect(v.results('graph_integrity')).toEqual([]);
  });
});

describe('required_attributes', () => {
  it('reports a required attribute without a non-blank value, one result per attribute', () => {
    const m = fixture({
      art: 'A----B',
      instances: [['dp1', T.splicebox, 'A', { capacity: '46' }], ['dp2', T.splicebox, 'B', { capacity: '  ' }], ['c1', T.customer, 'B', {}]],
    });
    expect(failures(m, 'required_attributes')).toEqual([
      ['c1', 'Required', 'Object instance c1 (customer_connection) has no value for required attribute status.'],
      ['dp2', 'Required', 'Object instance dp2 (splicebox) has no value for required attribute capacity.'],
    ]);
  });
});

describe('allowed_values', () => {
  it('reports a List value outside the allowed values; a blank one is not its concern', () => {
    const m = fixture({
      art: 'A----B', objects: [path('P', ['AB'], ['A']), path('Q', ['AB'], ['A']), path('R', ['AB'], ['A'])],
      instances: [['k1', T.cable, 'P', { fibers: '13' }], ['k2', T.cable, 'Q', { fibers: '12' }], ['k3', T.cable, 'R', { fibers: '' }]],
    });
    expect(failures(m, 'allowed_values')).toEqual([['k1', 'Required', "Object instance k1 has value '13' for fibers, which is not an allowed value."]]);
  });
});

describe('relation_multiplicity', () => {
  it('reports the source and the target that take part in more relations of a type than allowed; 0 is unlimited', () => {
    // technical_path_customer_connection: fromMultiplicity 1, toMultiplicity 1; duct_contains_cable: 0, 0
    const m = fixture({
      art: 'A----B----C',
      instances: [['tp1', T.technicalPath, 'A'], ['tp2', T.technicalPath, 'A'], ['c1', T.customer, 'B'], ['c2', T.customer, 'C'],
        ['d1', T.duct, 'AB'], ['k1', T.cable, 'AB'], ['k2', T.cable, 'BC']],
      relations: [['tp1', 'c1', 'technical_path_customer_connection'], ['tp1', 'c2', 'technical_path_customer_connection'],
        ['tp2', 'c2', 'technical_path_customer_connection'], ['d1', 'k1', 'duct_contains_cable'], ['d1', 'k2', 'duct_contains_cable']],
    });
    expect(failures(m, 'relation_multiplicity')).toEqual([
      ['c2', 'Recommended', 'Object instance c2 is the target of 2 relations of type technical_path_customer_connection; at most 1 allowed.'],
      ['tp1', 'Recommended', 'Object instance tp1 is the source of 2 relations of type technical_path_customer_connection; at most 1 allowed.'],
    ]);
  });
});

describe('relation_multiplicity incremental', () => {
  it('follows an instance changing its type (the relation type is picked by the instance\'s type)', () => {
    const relationTypes = [
      { name: 'link', fromObjectTypeId: T.accessPoint, toObjectTypeId: T.customer, relationType: 'Flow' as const, fromMultiplicity: 1, toMultiplicity: 0 },
      { name: 'link', fromObjectTypeId: T.pointElement, toObjectTypeId: T.customer, relationType: 'Flow' as const, fromMultiplicity: 0, toMultiplicity: 0 },
    ];
    const m = fixture({ art: 'A----B', relationTypes, instances: [['x', T.accessPoint, 'A'], ['c1', T.customer, 'B'], ['c2', T.customer, 'B']],
      relations: [['x', 'c1', 'link'], ['x', 'c2', 'link']] });
    const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
    const v = new NetworkValidation(m);
    expect(v.results('relation_multiplicity').map((r) => r.objectId)).toEqual(['x']);
    const x = getInstance(m, 'x')!;
    const r = ed.applyActions([{ code: 7, before: x, after: { ...x, objectTypeId: T.pointElement } }]);
    v.apply(r.model, r.diff);
    expect(v.results('relation_multiplicity')).toEqual([]);
  });
});

describe('dp_capacity', () => {
  // DP capacity 2, physical capacity 3; customers reached through technical paths or directly by any relation
  const dpWith = (customers: number, values: Record<string, string> = { capacity: '2', physical_capacity: '3' }) => {
    const instances: [string, number, string, Record<string, string>?][] = [['dp', T.splicebox, 'A', values]];
    const relations: [string, string, string][] = [];
    for (let k = 0; k < customers; k++) {
      instances.push([`c${k}`, T.customer, 'B', { status: 'connect' }]);
      if (k % 2 === 0) {
        instances.push([`tp${k}`, T.technicalPath, 'A']);
        relations.push(['dp', `tp${k}`, 'splicebox_technical_path'], [`tp${k}`, `c${k}`, 'technical_path_customer_connection']);
      } else relations.push([`c${k}`, 'dp', 'any_link']);
    }
    return fixture({ art: 'A----B', instances, relations });
  };
  it('Recommended under the minimum usage (75%), nothing at 100%', () => {
    expect(failures(dpWith(1), 'dp_capacity')).toEqual([['dp', 'Recommended', 'Distribution point dp has 1 connections: 50% of its capacity of 2, below the minimum usage of 75%.']]);
    expect(failures(dpWith(2), 'dp_capacity')).toEqual([]);
    expect(failures(dpWith(1), 'dp_capacity', { settings: { dp_minimum_usage: 50 } })).toEqual([]);
  });
  it('Required over capacity, and over physical capacity too', () => {
    expect(failures(dpWith(3), 'dp_capacity')).toEqual([['dp', 'Required', 'Distribution point dp has 3 connections, more than its capacity of 2.']]);
    expect(failures(dpWith(4), 'dp_capacity')).toEqual([
      ['dp', 'Required', 'Distribution point dp has 4 connections, more than its physical capacity of 3.'],
      ['dp', 'Required', 'Distribution point dp has 4 connections, more than its capacity of 2.'],
    ]);
  });
  it('takes the connections attribute when it holds a number, and the settings when capacities are missing', () => {
    expect(failures(dpWith(4, { capacity: '2', physical_capacity: '3', connections: '2' }), 'dp_capacity')).toEqual([]);
    expect(failures(dpWith(0, { connections: '47' }), 'dp_capacity').map(([, , msg]) => msg)).toEqual([
      'Distribution point dp has 47 connections, more than its capacity of 46.',
    ]);
    expect(failures(dpWith(0, { connections: '47' }), 'dp_capacity', { settings: { dp_physical_capacity: 46.5 } }).length).toBe(2);
  });
  it('follows a customer connection related to a technical path of the DP, and its removal', () => {
    const m = dpWith(1); // dp → tp0 → c0: 1 of 2
    const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
    const v = new NetworkValidation(m);
    const more = ed.apply({ type: 'createInstance', networkObjectId: 'B', objectTypeId: T.customer, values: { status: 'connect' } });
    v.apply(more.model, more.diff);
    const c = more.diff.added.find((x) => x.table === 'objectInstances')!.key;
    const rel = { fromId: 'tp0', toId: c, objectRelationTypeName: 'custom' };
    let r = ed.apply({ type: 'createRelation', relation: rel });
    v.apply(r.model, r.diff);
    expect(v.results('dp_capacity')).toEqual([]); // 2 of 2
    r = ed.apply({ type: 'deleteRelation', relation: rel });
    v.apply(r.model, r.diff);
    expect(v.results('dp_capacity').map((x) => x.severity)).toEqual(['Recommended']);
  });
  it('checks the configured DP types only', () => {
    expect(ids(dpWith(1), 'dp_capacity', { dpTypes: ['enclosure'] })).toEqual([]);
    expect(ids(dpWith(1), 'dp_capacity', { dpTypes: ['splicebox'] })).toEqual(['dp']);
  });
});

describe('cable_capacity', () => {
  const cable = (fibers: string | null, extra: [string, string, string][] = []) => fixture({
    art: 'A----B----C----D', objects: [path('P', ['AB', 'BC'], ['A', 'B'])],
    instances: [['k', T.cable, 'P', fibers === null ? {} : { fibers }], ['cB', T.customer, 'B', { demand: '5' }], ['cC', T.customer, 'C', { demand: '8' }],
      ['cD', T.customer, 'D', { demand: '20' }], ['cC2', T.customer, 'C', {}]],
    relations: extra,
  });
  it('reports a cable with fewer fibres than the demand on its nodes (demand default 1)', () => {
    expect(failures(cable('12'), 'cable_capacity')).toEqual([['k', 'Required', 'Cable k has 12 fibres for a demand of 14.']]);
    expect(failures(cable('24'), 'cable_capacity')).toEqual([]);
  });
  it('counts customers related to the cable, once; skips a cable without fibres', () => {
    expect(failures(cable('24', [['k', 'cD', 'feeds'], ['cB', 'k', 'feeds']]), 'cable_capacity').map(([, , m]) => m)).toEqual(['Cable k has 24 fibres for a demand of 34.']);
    expect(failures(cable(null), 'cable_capacity')).toEqual([]);
  });
  it('follows its path: a path edge removed, an edge end re-pointed (raw actions, no rules)', () => {
    const m = cable('12'); // A→B→C: cB 5 + cC 8 + cC2 1 = 14 > 12
    const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
    const v = new NetworkValidation(m);
    expect(v.results('cable_capacity').length).toBe(1);
    let r = ed.applyActions([{ code: 5, before: getPathEdge(m, 'P.1')! }]); // P over AB only: cB 5
    v.apply(r.model, r.diff);
    expect(v.results('cable_capacity')).toEqual([]);
    const ab = getObject(r.model, 'AB')!;
    r = ed.applyActions([{ code: 1, before: ab, after: { ...ab, edge: { ...ab.edge!, toNodeId: 'D', geometry: { type: 'LineString', coordinates: [[0, 0], [150, 0]] } } } }]);
    v.apply(r.model, r.diff); // P over A–D: cD 20
    expect(v.results('cable_capacity').map((x) => x.message)).toEqual(['Cable k has 12 fibres for a demand of 20.']);
  });
  it('a cable on an edge serves its end nodes, and follows an end re-pointed', () => {
    const m = fixture({ art: 'A----B----C----D', instances: [['ke', T.cable, 'AB', { fibers: '12' }], ['cD', T.customer, 'D', { demand: '20' }]] });
    const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
    const v = new NetworkValidation(m);
    expect(v.results('cable_capacity')).toEqual([]);
    const ab = getObject(m, 'AB')!;
    const r = ed.applyActions([{ code: 1, before: ab, after: { ...ab, edge: { ...ab.edge!, toNodeId: 'D', geometry: { type: 'LineString', coordinates: [[0, 0], [150, 0]] } } } }]);
    v.apply(r.model, r.diff);
    expect(v.results('cable_capacity').map((x) => x.message)).toEqual(['Cable ke has 12 fibres for a demand of 20.']);
  });
  it('follows a relation to a customer connection, its demand and the demand of one on its path', () => {
    const m = cable('24');
    const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
    const v = new NetworkValidation(m);
    expect(v.results('cable_capacity')).toEqual([]);
    const rel = ed.apply({ type: 'createRelation', relation: { fromId: 'k', toId: 'cD', objectRelationTypeName: 'feeds' } });
    v.apply(rel.model, rel.diff);
    expect(v.results('cable_capacity').map((r) => r.message)).toEqual(['Cable k has 24 fibres for a demand of 34.']);
    for (const [id, demand, expected] of [['cD', '2', []], ['cB', '20', ['Cable k has 24 fibres for a demand of 31.']]] as const) {
      const r = ed.apply({ type: 'editAttributes', instanceId: id, values: { demand } });
      v.apply(r.model, r.diff);
      expect(v.results('cable_capacity').map((x) => x.message)).toEqual(expected);
    }
  });
});

describe('unconnected_customer_connections', () => {
  it('reports a customer connection on a node no edge reaches (Recommended)', () => {
    const m = fixture({ art: 'A----B  F', instances: [['c1', T.customer, 'B', { status: 'connect' }], ['c2', T.customer, 'F', { status: 'connect' }]] });
    expect(failures(m, 'unconnected_customer_connections')).toEqual([['c2', 'Recommended', 'Customer connection c2 is not connected: no edge reaches its node.']]);
  });
  it('follows an edge drawn to it and deleted again', () => {
    const m = fixture({ art: 'A----B  F', instances: [['c2', T.customer, 'F', { status: 'connect' }]] });
    const ed = new Editor(m, { newId: counterIds(), projectId: 1 });
    const v = new NetworkValidation(m);
    const r = ed.apply({ type: 'drawEdge', coordinates: [[50, 0], [80, 0]] });
    v.apply(r.model, r.diff);
    expect(v.results('unconnected_customer_connections')).toEqual([]);
    const u = ed.undo()!;
    v.apply(u.model, u.diff);
    expect(ids(u.model, 'unconnected_customer_connections')).toEqual(['c2']);
    expect(v.results('unconnected_customer_connections').map((x) => x.objectId)).toEqual(['c2']);
  });
});

describe('demarcation_containment', () => {
  // an L-shaped area: x 0..100 for y -20..0, and x 0..30 for y -60..-20
  const L = [[[-1, 1], [101, 1], [101, -21], [31, -21], [31, -61], [-1, -61], [-1, 1]]] as [number, number][][];
  const m = fixture({ art: 'A----B----C  G\n|         \n|         \n|    \nD----E' });
  it('reports nodes and edges outside the polygon, and an edge leaving it between vertices inside', () => {
    expect(ids(m, 'demarcation_containment', { demarcation: L }).sort()).toEqual(['DE', 'E', 'G']);
    // B (50, 0) to D (0, -60): both inside, the line passes x 32.5 at y -21, outside the notch corner (31, -21)
    const cross = fixture({ art: 'A----B\n\n\n\n\n\nD', objects: [{ id: 'BD', projectId: 1, edge: { fromNodeId: 'B', toNodeId: 'D', geometry: { type: 'LineString', coordinates: [[50, 0], [0, -60]] } } }] });
    expect(ids(cross, 'demarcation_containment', { demarcation: L })).toEqual(['BD']);
  });
  it('is skipped without a polygon', () => {
    const v = new NetworkValidation(m);
    expect(v.validators()).not.toContain('demarcation_containment');
    expect(v.results('demarcation_containment')).toEqual([]);
  });
});
