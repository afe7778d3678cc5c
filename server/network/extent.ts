// GET /api/project/{projectId}/network_object/extent (not shown in the spec): how many network objects the project
// has and the box they cover, in map units. The map uses it to choose between loading the whole network and loading
// it by area (large projects), and to open a project without a stored view on its network. The answer is kept in the
// per-process network cache (cache.ts) and in the database (network_extent, migration 063: for every app process and
// after a restart) under the project's network version (bumped by every network write): at 10⁶ edges the count and
// box scan 2.4 M rows (≈ 300–650 ms) and sat on the open's critical path (issue 15). After a write the first call
// scans again.
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import { cached, databaseId, etagOf, networkVersion, remember } from './cache';
import { requirePolicy } from '../auth/guard';
import { current, projectHook } from '../projects/access';
import { projectParams } from './schemas';

/** How the last call was answered (tests). */
export const lastExtent = { how: 'read' as 'read' | 'kept' | 'stored' };

interface ExtentRow { count: string | number; minx: number | null; miny: number | null; maxx: number | null; maxy: number | null }

export async function networkExtentRoutes(api: FastifyInstance): Promise<void> {
  api.get<{ Params: { projectId: number }; Querystring: { scenarioId?: number } }>('/project/:projectId/network_object/extent', {
    onRequest: requirePolicy('network.view'), preHandler: projectHook(),
    schema: { params: projectParams, querystring: { type: 'object', additionalProperties: false, properties: { scenarioId: { type: 'integer' } } } },
  }, async (req, reply) => {
    const { db } = req.server.deps;
    const pid = current(req).id;
    const scen = req.query.scenarioId;
    const key = `${pid}|extent|${scen ?? ''}`;
    const version = await networkVersion(db, pid);
    reply.type('application/json');
    const hit = cached(db, key, version);
    lastExtent.how = hit ? 'kept' : 'read';
    if (hit) return reply.send(hit.body);
    const scope = scen === undefined ? '' : String(scen);
    const keep = async (data: { count: number; bbox: number[] | null }) => {
      const body = Buffer.from(JSON.stringify({ data }));
      remember(db, key, { version, etag: etagOf(await databaseId(db), pid, version, `extent|${scen ?? ''}`), body });
      return reply.send(body);
    };
    const stored = (await db.query<{ count: string | number; bbox: number[] | null }>(
      'SELECT count, bbox FROM network_extent WHERE project_id = $1 AND scope = $2 AND version = $3', [pid, scope, version])).rows[0];
    if (stored) { lastExtent.how = 'stored'; return keep({ count: Number(stored.count), bbox: stored.bbox?.map(Number) ?? null }); }
    // box subscripts: [0] is the upper-right corner, [1] the lower-left; [0]/[1] of a point are x/y
    const r = await db.query<ExtentRow>(
      `SELECT count(*) AS count, min((bbox[1])[0]) AS minx, min((bbox[1])[1]) AS miny, max((bbox[0])[0]) AS maxx, max((bbox[0])[1]) AS maxy
         FROM network_object WHERE project_id = $1 AND ${scen === undefined ? 'scenario_id IS NULL' : '(scenario_id IS NULL OR scenario_id = $2)'}`,
      scen === undefined ? [pid] : [pid, scen]);
    const row = r.rows[0];
    const bbox = row && row.minx !== null ? [row.minx, row.miny, row.maxx, row.maxy].map(Number) : null;
    const count = Number(row?.count ?? 0);
    // kept under the version read before the scan: a write in between only makes the next call read again (a later
    // version never matches it); a newer version's row is never replaced by an older one
    await db.query(`INSERT INTO network_extent (project_id, scope, version, count, bbox) VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT (project_id, scope) DO UPDATE SET version = excluded.version, count = excluded.count, bbox = excluded.bbox
      WHERE network_extent.version < excluded.version`, [pid, scope, version, count, bbox]);
    return keep({ count, bbox });
  });
}

/** Forgets the stored extents (benchmarks: a first open after a write). */
export async function clearStoredExtents(db: Queryable): Promise<void> {
  await db.query('DELETE FROM network_extent');
}
