// Uploads (spec 1 §7, §8): POST /api/upload/file with multipart field `file` → {success, uuid} or {success: false,
// reason}; size limit and type check; DELETE /api/upload/file/{uuid}; viewers cannot upload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';

let ts: TestServer;
let token: string;

beforeAll(async () => {
  ts = await startTestServer();
  token = await ts.login('engineer@demo.example');
});
afterAll(async () => { await ts?.close(); });

async function upload(name: string, content: string | Uint8Array, field = 'file', tok = token) {
  const fd = new FormData();
  fd.append(field, new Blob([content as BlobPart]), name);
  const r = await fetch(`${ts.url}/api/upload/file`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${tok}` } });
  return { status: r.status, body: await r.json() };
}

describe('upload', () => {
  it('stores a GeoJSON file and returns success with a uuid; DELETE removes it', async () => {
    const r = await upload('trenches.geojson', '{"type":"FeatureCollection","features":[]}');
    expect(r.status).toBe(201);
    expect(r.body.success).toBe(true);
    expect(r.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const row = await ts.db.query<{ filename: string; size: number }>('SELECT filename, size FROM upload WHERE uuid = $1', [r.body.uuid]);
    expect(row.rows[0]).toMatchObject({ filename: 'trenches.geojson', size: 42 });
    const del = await fetch(`${ts.url}/api/upload/file/${r.body.uuid}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(del.status).toBe(200);
    const again = await fetch(`${ts.url}/api/upload/file/${r.body.uuid}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(again.status).toBe(404);
  });

  it('refuses a disallowed type and content that does not match its name, with a reason', async () => {
    const exe = await upload('setup.exe', 'MZ\u0090\u0000');
    expect(exe.status).toBe(415);
    expect(exe.body).toMatchObject({ success: false });
    expect(exe.body.reason).toContain('.exe');
    const fake = await upload('image.png', 'not a png');
    expect(fake.body.success).toBe(false);
    expect(fake.body.reason).toContain('image.png');
    const zip = await upload('klic.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(zip.body.success).toBe(true);
  });

  it('refuses a file over the size limit and a missing file field', async () => {
    const big = await upload('big.csv', 'a,b\n'.repeat(14 * 1024 * 1024)); // 56 MB > 50 MB default
    expect(big.status).toBe(413);
    expect(big.body.success).toBe(false);
    expect(big.body.reason).toContain('larger');
    const wrong = await upload('a.csv', 'a,b', 'other');
    expect(wrong.status).toBe(400);
    expect(wrong.body.reason).toContain('file');
    const n = await ts.db.query<{ n: string }>('SELECT count(*) AS n FROM upload');
    expect(Number(n.rows[0].n)).toBe(1); // only the zip
  });

  it('viewers cannot upload', async () => {
    const viewer = await ts.login('viewer@demo.example');
    const r = await upload('a.csv', 'a,b', 'file', viewer);
    expect(r.status).toBe(403);
  });
});
