// Labels as catalogue data (spec 3 §2 "a label is shown from zoom 17", §9 thresholds): which layers label, from which
// zoom, with which text — network layers by the object's display name unless they name an attribute (pipe sizes).
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { CATALOGUE, getLayer, labelRule, validateEntry } from 'layers';

const rule = (n: string) => labelRule(getLayer(n));

describe('label rules of the catalogue', () => {
  it('distribution points (dp, fdp) are labelled from 18 and customer connections from 19, by their display name', () => {
    expect(rule('dp')).toEqual({ minZoom: 18 });
    expect(rule('fdp')).toEqual({ minZoom: 18 });
    expect(rule('cap')).toEqual({ minZoom: 19 });
    expect(rule('lvCaps')).toEqual({ minZoom: 19 });
  });

  it('spec 3 §9 thresholds: oap and access carriers 17, ducts and joints 18, micro duct joints 19, pipe sizes 21', () => {
    for (const n of ['oap', 'ap', 'pop', 'accessCarrier']) expect(rule(n)?.minZoom, n).toBe(17);
    for (const n of ['ducts', 'ductJoints', 'lvJoints']) expect(rule(n)?.minZoom, n).toBe(18);
    expect(rule('microDuctJoints')?.minZoom).toBe(19);
    for (const n of ['clashes', 'analyses']) expect(rule(n)?.minZoom, n).toBe(16);
    expect(rule('waterPipes')).toEqual({ minZoom: 21, field: 'diameter' });
    expect(rule('heatPipes')).toEqual({ minZoom: 21, field: 'pipeType' });
  });

  it('a network point layer without a threshold of its own is labelled from zoom 17 (spec 3 §2); a line layer only by an attribute it names', () => {
    expect(rule('handhole')?.minZoom).toBe(18);
    expect(rule('cap')).toEqual({ minZoom: 19 });
    expect(getLayer('trenches').labelField).toBeUndefined();
    expect(rule('trenches')).toBeNull();
    expect(rule('ducts')).toEqual({ minZoom: 18, field: 'duct_type' });
  });

  it('a feature layer labels only when it names a label field', () => {
    expect(rule('futureDemand')).toBeNull();
    expect(rule('pop')).toEqual({ minZoom: 17, field: 'name' });
  });

  it("the attribute a network layer labels by exists on its object types in the server's catalogue (021_catalogue.sql)", () => {
    const sql = readFileSync('server/migrations/021_catalogue.sql', 'utf8');
    const attrs = new Set([...sql.matchAll(/\('([a-z_]+)', '([a-zA-Z_]+)', '[^']*', '[A-Za-z]+'/g)].map((m) => `${m[1]}.${m[2]}`));
    expect(attrs.has('pipe.diameter')).toBe(true);
    const named = CATALOGUE.filter((e) => e.type === 'network' && labelRule(e)?.field);
    expect(named.map((e) => e.name).sort()).toEqual(['ducts', 'waterPipes']);
    for (const e of named) expect(e.objectTypes.some((t) => attrs.has(`${t}.${labelRule(e)!.field}`)), e.name).toBe(true);
  });

  it('the schema check wants a label field for a feature layer with a label threshold, not for a network layer', () => {
    expect(validateEntry({ ...getLayer('futureDemand'), labelMinZoom: 18 }).some((m) => m.startsWith('layer futureDemand: labelField'))).toBe(true);
    expect(validateEntry({ ...getLayer('dp'), labelMinZoom: 18 })).toEqual([]);
  });
});
