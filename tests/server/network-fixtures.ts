// Fixtures for the project/network server tests: small networks in the wire shape of engine/types.ts and a
// database dump used to prove that a rejected call changed nothing, and a server with a project of the demo engineer.
import type { NetworkObject } from '../../engine/types';
import type { Db } from '../../server/db/db';
import { startTestServer, type Api, type TestServer } from './support/server';

export const node = (id: string, x: number, y: number, extra: Partial<NetworkObject> = {}): NetworkObject =>
  ({ id, projectId: undefined as unknown as number, node: { geometry: { type: 'Point', coordinates: [x, y] } }, ...extra });

export const edge = (id: string, from: string, to: string, coords: [number, number][], extra: Partial<NetworkObject> = {}): NetworkObject =>
  ({ id, projectId: undefined as unknown as number, edge: { geometry: { type: 'LineString', coordinates: coords }, fromNodeId: from, toNodeId: to }, ...extra });

export const path = (id: string, steps: [string, string, string][]): NetworkObject =>
  ({ id, projectId: undefined as unknown as number, pathEdges: steps.map(([pe, e, s]) => ({ id: pe, pathId: id, edgeId: e, startNodeId: s })) });

/** Strips the undefined projectId so the body is what a client sends. */
export const wire = (objs: NetworkObject[]) => JSON.parse(JSON.stringify(objs)) as NetworkObject[];

/** A line a—b—c (two edges) and a path over both. Ids are prefixed so tests do not collide. */
export function line(p: string): NetworkObject[] {
  return wire([
    node(`${p}a`, 0, 0), node(`${p}b`, 10, 0), node(`${p}c`, 20, 0),
    edge(`${p}ab`, `${p}a`, `${p}b`, [[0, 0], [10, 0]]), edge(`${p}bc`, `${p}b`, `${p}c`, [[10, 0], [20, 0]]),
    path(`${p}p`, [[`${p}pe1`, `${p}ab`, `${p}a`], [`${p}pe2`, `${p}bc`, `${p}b`]]),
  ]);
}

const TABLES = ['project', 'network_object', 'path_edge', 'object_instance', 'attribute_value', 'relation', 'event_log',
  'project_property_value', 'fttx_settings', 'capex_rule_set', 'profile', 'upload', 'project_in_use'];

/** A text dump of the project-side tables (row order fixed), for before/after comparisons. */
export async function dump(db: Db): Promise<string> {
  const out: string[] = [];
  for (const t of TABLES) {
    const cols = t === 'upload' ? 'organisation_id, uuid, filename, size' : '*';
    const r = await db.query(`SELECT ${cols} FROM ${t}`);
    out.push(t + ':' + r.rows.map((x) => JSON.stringify(x)).sort().join('\n'));
  }
  return out.join('\n\n');
}

/** A test server, the demo engineer's API and a new fibre project of theirs holding `objs` (wire shape). */
export async function engineerProject(name: string, objs: NetworkObject[]): Promise<{ ts: TestServer; api: Api; pid: number }> {
  const ts = await startTestServer();
  const api = ts.api(await ts.login('engineer@demo.example'));
  const pid = (await api.post('/api/project', { name, projectTypeId: 10 })).body.id as number;
  const r = await api.post(`/api/project/${pid}/network_object`, wire(objs));
  if (r.status !== 201) throw new Error(`network of ${name}: ${r.status} ${r.text}`);
  return { ts, api, pid };
}
