// Reads of the fttx feature service (spec 3 §7, issue 12): GET /features by type, point hit (x, y within the
// tolerance), area (WKT) and property values; GET /features/{topologyId}; /features/extent; /features/count;
// GET /feature/{id}; GET /{id}/properties; POST /features/uuids. Features are GeoJSON in EPSG:3857 shaped as the
// project WFS read; viewers may read; another organisation gets 404.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clear, fttxWorld, line, pt, put, square, uid, type FttxWorld } from './fttx-fixtures';

let w: FttxWorld;
let ids: Record<string, string>;
beforeAll(async () => { w = await fttxWorld('fttx reads'); }, 180_000);
afterAll(async () => { await w?.ts.close(); });
beforeEach(async () => {
  await clear(w);
  const [capA, capB, capC, trench, area, dp] = await put(w, [
    { type: 'cap', geometry: pt(100, 100), name: 'A', properties: { status: 'connect', DP: 'DP-1' }, topologyId: 'topo-1' },
    { type: 'cap', geometry: pt(103, 100), name: 'B', properties: { status: 'reserve' }, topologyId: 'topo-1' },
    { type: 'cap', geometry: pt(500, 500), name: 'C', properties: { status: 'dontConnect' } },
    { type: 'trench', geometry: line([0, 0], [0, 200]), properties: { cables: { x: 1 } } },
    { type: 'dp_area', geometry: square(1000, 1000, 100), properties: { DP: 'DP-1' } },
    { type: 'dp', geometry: pt(-50, -40), name: 'DP-1', properties: { capacity: 46 } },
  ]);
  ids = { capA, capB, capC, trench, area, dp };
});

const uuidsOf = (r: { body: { features: { properties: { uuid: string } }[] } }) => r.body.features.map((f) => f.properties.uuid);

describe('GET /features', () => {
  it('filters by type (one, a comma list, repeated keys) and answers WFS-shaped EPSG:3857 features', async () => {
    const one = await w.api.get(`${w.base}/features?type=cap`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.type).toBe('FeatureCollection');
    expect(uuidsOf(one).sort()).toEqual([ids.capA, ids.capB, ids.capC].sort());
    const a = one.body.features.find((f: { properties: { uuid: string } }) => f.properties.uuid === ids.capA);
    expect(a.id).toBe(`fttx_feature.${ids.capA}`);
    expect(a.geometry).toEqual({ type: 'Point', coordinates: [100, 100] });
    expect(a.properties).toMatchObject({ type: 'cap', name: 'A', status: 'connect', project_id: w.pid, topology_id: 'topo-1' });
    expect(JSON.parse(a.properties.properties)).toEqual({ status: 'connect', DP: 'DP-1' });
    expect(uuidsOf(await w.api.get(`${w.base}/features?type=dp,dp_area`)).sort()).toEqual([ids.area, ids.dp].sort());
    expect(uuidsOf(await w.api.get(`${w.base}/features?type=dp&type=trench`)).sort()).toEqual([ids.dp, ids.trench].sort());
  });
  it('x and y hit points and lines within the tolerance (default 5 map units), nearest first; polygons when inside', async () => {
    expect(uuidsOf(await w.api.get(`${w.base}/features?x=102&y=100`))).toEqual([ids.capB, ids.capA]);
    expect(uuidsOf(await w.api.get(`${w.base}/features?x=96&y=100`))).toEqual([ids.capA]);
    expect(uuidsOf(await w.api.get(`${w.base}/features?x=110&y=100`))).toEqual([]);
    expect(uuidsOf(await w.api.get(`${w.base}/features?x=110&y=100&tolerance=8`))).toEqual([ids.capB]);
    expect(uuidsOf(await w.api.get(`${w.base}/features?x=4&y=150`))).toEqual([ids.trench]);
    expect(uuidsOf(await w.api.get(`${w.base}/features?x=6&y=150`))).toEqual([]);
    expect(uuidsOf(await w.api.get(`${w.base}/features?x=1050&y=1050`))).toEqual([ids.area]);
    expect(uuidsOf(await w.api.get(`${w.base}/features?x=102&y=100&type=trench`))).toEqual([]);
  });
  it('area (WKT, EPSG:3857) returns the features that intersect it', async () => {
    const wkt = encodeURIComponent('POLYGON((-10 90, 120 90, 120 110, -10 110, -10 90))');
    expect(uuidsOf(await w.api.get(`${w.base}/features?area=${wkt}`)).sort()).toEqual([ids.capA, ids.capB, ids.trench].sort());
    // the trench's box meets the area's box but the line does not cross it
    const off = encodeURIComponent('POLYGON((-10 300, 50 150, 50 310, -10 300))');
    expect(uuidsOf(await w.api.get(`${w.base}/features?area=${off}`))).toEqual([]);
    const p = encodeURIComponent('SRID=3857;POINT(1050 1020)');
    expect(uuidsOf(await w.api.get(`${w.base}/features?area=${p}&type=dp_area`))).toEqual([ids.area]);
  });
  it('propKey and propValues match a stored property (or a fixed column) by text', async () => {
    expect(uuidsOf(await w.api.get(`${w.base}/features?propKey=status&propValues=connect,reserve`)).sort()).toEqual([ids.capA, ids.capB].sort());
    expect(uuidsOf(await w.api.get(`${w.base}/features?propKey=DP&propValues=DP-1`)).sort()).toEqual([ids.capA, ids.area].sort());
    expect(uuidsOf(await w.api.get(`${w.base}/features?propKey=name&propValues=C`))).toEqual([ids.capC]);
  });
  it('bad input is a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['x=1', 'y: required with x'], ['x=a&y=1', 'x: not a number'], ['area=POLYGON((0 0, 1', 'area: not a WKT geometry'],
      ['propValues=a', 'propKey: required with propValues'], ['propKey=status', 'propValues: required'],
      ['x=1&y=1&tolerance=-1', 'tolerance: must be between 0 and 1000'], ['area=SRID%3D4326%3BPOINT(1%202)', 'area: SRID 4326'],
    ];
    for (const [q, msg] of cases) {
      const r = await w.api.get(`${w.base}/features?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.message).toContain(msg);
    }
  });
  it('viewers read; another organisation gets 404', async () => {
    expect((await w.viewer.get(`${w.base}/features?type=cap`)).status).toBe(200);
    expect((await w.other.get(`${w.base}/features?type=cap`)).status).toBe(404);
  });
});

describe('GET /features/{topologyId}', () => {
  it('answers the features of that topology id only', async () => {
    const r = await w.api.get(`${w.base}/features/topo-1`);
    expect(r.status, r.text).toBe(200);
    expect(uuidsOf(r).sort()).toEqual([ids.capA, ids.capB].sort());
    expect(uuidsOf(await w.api.get(`${w.base}/features/nothing`))).toEqual([]);
  });
});

describe('GET /features/extent', () => {
  it('is the box of the project features (optionally of some types), null when there are none', async () => {
    const all = await w.api.get(`${w.base}/features/extent`);
    expect(all.status, all.text).toBe(200);
    expect(all.body).toEqual({ extent: [-50, -40, 1100, 1100], count: 6, crs: 'EPSG:3857' });
    expect((await w.api.get(`${w.base}/features/extent?types=cap`)).body.extent).toEqual([100, 100, 500, 500]);
    expect((await w.api.get(`${w.base}/features/extent?types=vbo`)).body).toMatchObject({ extent: null, count: 0 });
  });
});

describe('GET /features/count', () => {
  it('counts per requested type (0 for types without features) and in all', async () => {
    const r = await w.api.get(`${w.base}/features/count?types=cap,dp,vbo`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ count: 4, types: { cap: 3, dp: 1, vbo: 0 } });
    expect((await w.api.get(`${w.base}/features/count`)).body.count).toBe(6);
  });
});

describe('GET /feature/{id}', () => {
  it('answers one feature; unknown → 404, not a UUID → 400, another organisation → 404', async () => {
    const r = await w.api.get(`${w.base}/feature/${ids.dp}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ type: 'Feature', id: `fttx_feature.${ids.dp}`, geometry: { type: 'Point', coordinates: [-50, -40] } });
    expect(r.body.properties).toMatchObject({ uuid: ids.dp, name: 'DP-1', capacity: 46 });
    expect((await w.api.get(`${w.base}/feature/${uid()}`)).status).toBe(404);
    const bad = await w.api.get(`${w.base}/feature/nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id: not a UUID');
    expect((await w.other.get(`${w.base}/feature/${ids.dp}`)).status).toBe(404);
  });
});

describe('GET /{id}/properties', () => {
  it('answers the stored properties object', async () => {
    const r = await w.api.get(`${w.base}/${ids.trench}/properties`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ cables: { x: 1 } });
    expect((await w.api.get(`${w.base}/${uid()}/properties`)).status).toBe(404);
  });
});

describe('POST /features/uuids', () => {
  it('answers the features of the uuids and names the missing ones', async () => {
    const gone = uid();
    const r = await w.api.post(`${w.base}/features/uuids`, { uuids: [ids.capC, gone, ids.dp] });
    expect(r.status, r.text).toBe(200);
    expect(uuidsOf(r).sort()).toEqual([ids.capC, ids.dp].sort());
    expect(r.body.missing).toEqual([gone]);
  });
  it('400 names the bad item or the missing field', async () => {
    const r = await w.api.post(`${w.base}/features/uuids`, { uuids: [ids.capC, 'x'] });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('uuids[1]: not a UUID');
    expect((await w.api.post(`${w.base}/features/uuids`, {})).body.message).toBe('uuids: required');
  });
});
