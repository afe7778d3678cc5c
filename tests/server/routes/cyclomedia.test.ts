// Street-level imagery calls (spec 2 §7: POST /api/cyclomedia/verify, GET /api/cyclomedia/atlas?userId; spec 3 §7:
// GET /api/cyclomedia/surface-types with a bbox) against a fake street-level service on loopback.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestServer, type TestServer, type Api } from '../support/server';
import { fakeUpstream, type FakeUpstream } from './fake-upstream';
import { setExternalConfig } from '../../../server/routes/external-config';

let s: TestServer;
let up: FakeUpstream;
let viewer: Api;
let admin: Api;
let surfaceStatus = 200;
const GOOD = `Basic ${Buffer.from('anna:geheim').toString('base64')}`;
const FC = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { surface: 'asphalt' }, geometry: { type: 'Point', coordinates: [1, 2] } }] };

beforeAll(async () => {
  up = await fakeUpstream({
    '/verify': (req, res) => res.writeHead(req.headers.authorization === GOOD ? 200 : 401, { 'content-type': 'application/json' }).end('{}'),
    '/wfs': (_q, res) => res.writeHead(surfaceStatus, { 'content-type': 'application/json' }).end(JSON.stringify(FC)),
  });
  s = await startTestServer({ demoProject: false });
  viewer = s.api(await s.login('viewer@demo.example'));
  admin = s.api(await s.login('admin@demo.example'));
});
afterAll(async () => { await s?.close(); await up?.close(); });

const userId = async (email: string) => (await s.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0].id;

describe('POST /api/cyclomedia/verify', () => {
  it('needs a session, and 404 cyclomedia_disabled while no service is configured', async () => {
    expect((await s.api().post('/api/cyclomedia/verify', { username: 'anna', password: 'geheim' })).status).toBe(401);
    const r = await viewer.post('/api/cyclomedia/verify', { username: 'anna', password: 'geheim' });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('cyclomedia_disabled');
  });

  it('checks the credentials against the service (HTTP Basic, ApiKey header)', async () => {
    setExternalConfig(s.config, { cyclomedia: { verifyUrl: `${up.url}/verify`, apiKey: 'k-123' } });
    const n = up.seen.length;
    expect((await viewer.post('/api/cyclomedia/verify', { username: 'anna', password: 'geheim' })).body).toEqual({ success: true });
    expect(up.seen[n].headers.apikey).toBe('k-123');
    const r = await viewer.post('/api/cyclomedia/verify', { username: 'anna', password: 'fout' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false });
  });

  it('400 naming the missing or wrong field', async () => {
    let r = await viewer.post('/api/cyclomedia/verify', { username: 'anna' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('password');
    r = await viewer.post('/api/cyclomedia/verify', { username: 5, password: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('username');
  });
});

describe('GET /api/cyclomedia/atlas?userId', () => {
  it('gives the atlas address only once the user has street-level credentials in their settings', async () => {
    setExternalConfig(s.config, { cyclomedia: { atlasUrl: 'https://atlas.example.test/{z}/{x}/{y}.png' } });
    const me = await userId('viewer@demo.example');
    expect((await viewer.get(`/api/cyclomedia/atlas?userId=${me}`)).body).toEqual({ userId: me, atlas: null });
    expect((await viewer.patch('/api/user/settings/cyclomedia', { username: 'anna' })).status).toBe(200);
    expect((await viewer.get(`/api/cyclomedia/atlas?userId=${me}`)).body).toEqual({ userId: me, atlas: 'https://atlas.example.test/{z}/{x}/{y}.png' });
  });

  it('another user: 403 without user.view; 404 for unknown ids and other organisations', async () => {
    const adminId = await userId('admin@demo.example');
    expect((await viewer.get(`/api/cyclomedia/atlas?userId=${adminId}`)).status).toBe(403);
    expect((await admin.get(`/api/cyclomedia/atlas?userId=${await userId('viewer@demo.example')}`)).status).toBe(200);
    expect((await admin.get('/api/cyclomedia/atlas?userId=999999')).status).toBe(404);
    expect((await admin.get(`/api/cyclomedia/atlas?userId=${await userId('engineer@other.example')}`)).status).toBe(404);
  });

  it('400 naming userId when it is missing or not an id', async () => {
    let r = await viewer.get('/api/cyclomedia/atlas');
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('userId');
    r = await viewer.get('/api/cyclomedia/atlas?userId=abc');
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('userId');
  });
});

describe('GET /api/cyclomedia/surface-types', () => {
  it('400 naming bbox when it is missing or malformed', async () => {
    let r = await viewer.get('/api/cyclomedia/surface-types');
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('bbox');
    r = await viewer.get('/api/cyclomedia/surface-types?bbox=1,2,0,4');
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('querystring/bbox');
    r = await viewer.get(`/api/cyclomedia/surface-types?bbox=${encodeURIComponent("1,2,3,4'; DROP TABLE users;--")}`);
    expect(r.status).toBe(400);
  });

  it('reads the surface types WFS for the bbox and answers its FeatureCollection', async () => {
    setExternalConfig(s.config, { cyclomedia: { surfaceTypesUrl: `${up.url}/wfs`, surfaceTypesTypeName: 'cmt:surface' } });
    const n = up.seen.length;
    const r = await viewer.get('/api/cyclomedia/surface-types?bbox=560000,6820000,561000,6821000&typeName=surface_types&outputFormat=application/json');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(FC);
    const q = up.seen[n].query;
    expect(q.get('request')).toBe('GetFeature');
    expect(q.get('typeNames')).toBe('cmt:surface');
    expect(q.get('bbox')).toBe('560000,6820000,561000,6821000,EPSG:3857');
    expect(q.get('outputFormat')).toBe('application/json');
  });

  it("reports 'Not authorized' when the service refuses, 502 when it fails", async () => {
    surfaceStatus = 403;
    let r = await viewer.get('/api/cyclomedia/surface-types?bbox=0,0,10,10');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Not authorized');
    surfaceStatus = 500;
    r = await viewer.get('/api/cyclomedia/surface-types?bbox=0,0,10,10');
    expect(r.status).toBe(502);
    surfaceStatus = 200;
  });
});
