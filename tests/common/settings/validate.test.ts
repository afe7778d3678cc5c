// settingsProblems (common/settings/validate.ts): every wrong value of every field of every template is reported
// under that field's path, with a message that starts with the path and says what the field must be; unknown
// fields and sections are named; the cross-field checks run on the effective settings.
import { describe, expect, it } from 'vitest';
import {
  defaultRow, numberRule, PROJECT_TYPES, settingsProblems, templateFor, type Field, type SettingsTemplate, type TableField,
} from 'common/settings/index';

interface Case { doc: Record<string, unknown>; path: string; what: string }

function scalarBad(f: Field): unknown[] {
  switch (f.type) {
    case 'number': return ['x', true, ...(f.min !== undefined ? [f.min - 1] : []), ...(f.max !== undefined ? [f.max + 1] : []),
      ...(f.integer && !f.options ? [(f.min ?? 0) + 0.5] : []), ...(f.options ? [f.options[0] + 1] : [])];
    case 'boolean': return ['yes', 0];
    case 'text': return [5, 'a'.repeat(f.maxLength + 1), ...(f.pattern === '\\S' ? ['  '] : [])];
    case 'enum': return ['nope', 3];
    default: return [];
  }
}

/** Every (document, path) pair where the document has one wrong value, at that path. */
function cases(f: Field, path: string, wrap: (v: unknown) => Record<string, unknown>, out: Case[]): Case[] {
  const bad = (v: unknown, at = path) => out.push({ doc: wrap(v), path: at, what: JSON.stringify(v) });
  switch (f.type) {
    case 'group':
      bad('x');
      for (const [k, sub] of Object.entries(f.fields)) cases(sub, `${path}.${k}`, (v) => wrap({ [k]: v }), out);
      bad({ nope: 1 }, `${path}.nope`);
      break;
    case 'list':
      bad('x');
      for (const v of scalarBad(f.item)) bad([v], `${path}[0]`);
      if (f.minItems) bad([]);
      if (f.unique && f.item.type === 'enum' && f.item.options.length) bad([f.item.options[0], f.item.options[0]], `${path}[1]`);
      break;
    case 'table': {
      bad('x');
      const row = (extra: Record<string, unknown>) => ({ ...defaultRow(f as TableField), ...('name' in f.row ? { name: 'k' } : {}), ...extra });
      for (const [col, sub] of Object.entries(f.row)) cases(sub, `${path}[0].${col}`, (v) => wrap([row({ [col]: v })]), out);
      bad([row({ nope: 1 })], `${path}[0].nope`);
      if (f.key) bad([row({}), row({})], `${path}[1].${f.key}`);
      break;
    }
    case 'map':
      bad('x');
      bad({ 'Bad Key': {} }, `${path}.Bad Key`);
      for (const [col, sub] of Object.entries(f.value.fields)) cases(sub, `${path}.entry.${col}`, (v) => wrap({ entry: { [col]: v } }), out);
      break;
    default:
      for (const v of scalarBad(f)) bad(v);
  }
  return out;
}

const templates = (): SettingsTemplate[] => [...new Map(PROJECT_TYPES.map((t) => [templateFor(t.id).id + (t.oaps ? '+oap' : '') + (t.apCabinets ? '+ap' : ''), templateFor(t.id)])).values()];

describe('every validator error names its field', () => {
  for (const t of templates()) {
    it(`${t.id} (project type ${t.projectTypeId}): each wrong value is reported at its path`, () => {
      const all = Object.entries(t.fields).flatMap(([k, f]) => cases(f!, k, (v) => ({ [k]: v }), []));
      expect(all.length).toBeGreaterThan(50);
      for (const c of all) {
        const problems = settingsProblems(t, c.doc);
        const hit = problems.find((p) => p.path === c.path);
        expect(hit, `${c.path} = ${c.what}: ${JSON.stringify(problems)}`).toBeDefined();
        for (const p of problems) expect(p.message.startsWith(`${p.path} `), p.message).toBe(true);
      }
    });
  }
});

describe('messages', () => {
  const t = templateFor(10);
  const msg = (doc: unknown) => settingsProblems(t, doc).map((p) => p.message);
  it('say what the field must be', () => {
    expect(msg({ network: { dp_capacity: 0 } })).toEqual(['network.dp_capacity must be an integer ≥ 1']);
    expect(msg({ network: { dp_capacity: '46' } })).toEqual(['network.dp_capacity must be an integer ≥ 1']);
    expect(msg({ network: { dp_minimum_usage: 101 } })).toEqual(['network.dp_minimum_usage must be a number between 0 and 100']);
    expect(msg({ network: { subcontractor_id: 'x' } })).toEqual(['network.subcontractor_id must be an integer ≥ 1 or null']);
    expect(msg({ network: { subcontractor_id: null } })).toEqual([]);
    expect(msg({ network: { keep_bridges: 'no' } })).toEqual(['network.keep_bridges must be true or false']);
    expect(msg({ network: { dp_generation_method: 'fast' } })).toEqual(['network.dp_generation_method must be one of regular, relaxed_capacity']);
    expect(msg({ network: { cable_types: [{ name: '13v', fibers: 13 }] } })).toEqual(['network.cable_types[0].fibers must be one of 12, 24, 48, 96, 144, 192, 288']);
    expect(msg({ network: { duct_types: [{ name: 'a', capacity: 25 }] } })).toEqual(['network.duct_types[0].capacity must be an integer between 1 and 24']);
    expect(msg({ network: { duct_types: [{ name: 'a' }, { name: 'a' }] } })).toEqual(["network.duct_types[1].name repeats 'a'"]);
    expect(msg({ network: { duct_types: [{ capacity: 2 }] } })).toEqual(['network.duct_types[0].name is required']);
    expect(msg({ trenchCosts: { road: { priority: 8 } } })).toEqual(['trenchCosts.road.priority must be an integer between 0 and 7']);
    expect(msg({ trenchCosts: { road: { method: '/' } } })).toEqual(['trenchCosts.road.method must be one of =, +, *']);
    expect(msg({ colorCoding: { inner_duct_colours: ['red', 'red'] } })).toEqual(["colorCoding.inner_duct_colours[1] repeats 'red'"]);
    expect(msg({ network: { dp_capcity: 4 } })).toEqual(['network.dp_capcity is not a known setting']);
    expect(msg({ network: { cable_types: [{ name: 'x', colour: 1 }] } })).toEqual(['network.cable_types[0].colour is not a known field']);
    expect(msg({ heat: {} })).toEqual(['heat is not a settings section of this project type']);
    expect(msg([])).toEqual(['settings must be an object']);
    expect(numberRule({ type: 'number', default: 0, max: 5 })).toBe('a number ≤ 5');
  });

  it('a section of another project type is unknown here', () => {
    expect(settingsProblems(templateFor(30), { network: { dp_capacity: 46 } }).map((p) => p.message)).toEqual(['network.dp_capacity is not a known setting']);
    expect(settingsProblems(templateFor(10), { routeDetermination: {} }).map((p) => p.path)).toEqual(['routeDetermination']);
    expect(settingsProblems(templateFor(13), { network: { oap_types: ['OAP-S'] } }).map((p) => p.message)).toEqual(['network.oap_types[0] has no allowed values in this project type']);
  });

  it('cross-field checks run on the effective settings', () => {
    expect(settingsProblems(t, { network: { dp_capacity: 49 } })).toEqual([{ path: 'network.dp_capacity', message: 'network.dp_capacity must not exceed network.dp_physical_capacity (48)' }]);
    expect(settingsProblems(t, { network: { dp_capacity: 78, dp_physical_capacity: 96 } })).toEqual([]);
    expect(settingsProblems(t, { network: { dp_desired_average: 47 } })[0].path).toBe('network.dp_desired_average');
    expect(settingsProblems(templateFor(19), { network: { return_temperature: 80 } })[0].message).toBe('network.return_temperature must not exceed network.supply_temperature (70)');
    expect(settingsProblems(templateFor(31), { network: { min_flow_velocity: 2 } })[0].path).toBe('network.min_flow_velocity');
  });
});
