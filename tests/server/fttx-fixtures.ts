// Fixtures of the fttx feature-service tests (issue 12, spec 3 §7): a server with a fibre project of the demo
// engineer, APIs of the engineer, the viewer and the other organisation's engineer, and features stored through the
// real writer (insertFeatures) in EPSG:3857 map units.
import { insertFeatures, type FeatureInput } from '../../server/geoserver/stored-features';
import { startTestServer, type Api, type TestServer } from './support/server';

export interface FttxWorld {
  ts: TestServer; api: Api; viewer: Api; other: Api; pid: number;
  /** The fttx base path of the project: /api/project/{pid}/fttx */
  base: string;
}

export async function fttxWorld(name: string): Promise<FttxWorld> {
  const ts = await startTestServer();
  const api = ts.api(await ts.login('engineer@demo.example'));
  const viewer = ts.api(await ts.login('viewer@demo.example'));
  const other = ts.api(await ts.login('engineer@other.example'));
  const pid = (await api.post('/api/project', { name, projectTypeId: 10 })).body.id as number;
  return { ts, api, viewer, other, pid, base: `/api/project/${pid}/fttx` };
}

let n = 0;
/** A fresh UUID that sorts by creation order (easier to read in failures). */
export const uid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export const pt = (x: number, y: number) => ({ type: 'Point' as const, coordinates: [x, y] });
export const line = (...c: [number, number][]) => ({ type: 'LineString' as const, coordinates: c });
export const square = (x: number, y: number, s: number) =>
  ({ type: 'Polygon' as const, coordinates: [[[x, y], [x + s, y], [x + s, y + s], [x, y + s], [x, y]]] });

/** Stores fttx features (type and geometry required; uuid given or new) and returns their uuids. */
export async function put(w: FttxWorld, items: (Partial<FeatureInput> & Pick<FeatureInput, 'type' | 'geometry'>)[]): Promise<string[]> {
  return insertFeatures(w.ts.db, w.pid, items.map((f) => ({ uuid: uid(), ...f })));
}

/** The stored properties of one feature, read from the table. */
export async function stored(w: FttxWorld, uuid: string): Promise<Record<string, unknown> | undefined> {
  const r = await w.ts.db.query<{ properties: Record<string, unknown> | string }>('SELECT properties FROM feature WHERE uuid = $1', [uuid]);
  const p = r.rows[0]?.properties;
  return typeof p === 'string' ? JSON.parse(p) as Record<string, unknown> : p;
}

export async function countOf(w: FttxWorld, type?: string): Promise<number> {
  const r = await w.ts.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM feature WHERE project_id = $1 AND table_name = 'fttx_feature'
    ${type ? 'AND type = $2' : ''}`, type ? [w.pid, type] : [w.pid]);
  return Number(r.rows[0].n);
}

export const clear = (w: FttxWorld) => w.ts.db.query('DELETE FROM feature WHERE project_id = $1', [w.pid]);
