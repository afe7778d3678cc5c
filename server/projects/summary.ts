// Project summaries for the dashboard and the management dashboard, for a whole page of projects in three queries
// (not one call per row): step name, size (network object count), extent and a coarse occupancy grid of the network
// (the row's map thumbnail), owner, and the last save (time and user, from the event log's PROJECT_SAVED entries).
// The network part scans the project's objects, so it is kept per process by project and network_version (every
// network write bumps it) and recomputed only for projects whose network changed (or after NETWORK_PART_TTL_MS, for
// writers that do not bump the version); bench/project-summary.bench.ts measures both.
import type { Queryable } from '../db/db';
import { PROJECT_SAVED } from './event-log';
import { GRID_COLUMNS, GRID_ROWS, type ProjectSummary } from '../../common/project-summary';

export { GRID_COLUMNS, GRID_ROWS, type ProjectSummary };

type NetworkPart = Pick<ProjectSummary, 'objectCount' | 'extent' | 'cells'>;
export const NETWORK_PART_TTL_MS = 10 * 60_000;
const networkParts = new WeakMap<object, Map<number, { version: string; at: number; part: NetworkPart }>>();

/** Drops the kept network parts of a database (benches measure the cold list with it). */
export function forgetNetworkParts(q: object): void { networkParts.delete(q); }

interface Row { id: number; version: string | number; step_name: string | null; owner_id: number | null; owner_name: string | null; saved_at: Date | string | null; saved_by: number | null; saved_name: string | null }
interface ExtentRow { project_id: number; n: string; minx: number | null; miny: number | null; maxx: number | null; maxy: number | null }

export async function projectSummaries(q: Queryable, ids: number[]): Promise<Map<number, ProjectSummary>> {
  const out = new Map<number, ProjectSummary>();
  if (!ids.length) return out;
  const base = await q.query<Row>(
    `SELECT p.id, p.network_version AS version, s.name AS step_name, p.created_by AS owner_id, o.name AS owner_name,
            ls.created_at AS saved_at, ls.user_id AS saved_by, su.name AS saved_name
       FROM project p
       LEFT JOIN state s ON s.project_type_id = p.project_type_id AND s.step = p.step
       LEFT JOIN users o ON o.id = p.created_by
       LEFT JOIN LATERAL (SELECT e.created_at, e.user_id FROM event_log e WHERE e.project_id = p.id AND e.type = $2
                           ORDER BY e.id DESC LIMIT 1) ls ON true
       LEFT JOIN users su ON su.id = ls.user_id
      WHERE p.id = ANY($1::int[])`, [ids, PROJECT_SAVED]);
  const cache = networkParts.get(q) ?? new Map<number, { version: string; at: number; part: NetworkPart }>();
  networkParts.set(q, cache);
  const now = Date.now();
  const fresh = (r: Row) => { const c = cache.get(r.id); return c && c.version === String(r.version) && now - c.at < NETWORK_PART_TTL_MS ? c.part : undefined; };
  const stale = base.rows.filter((r) => !fresh(r));
  const computed = await networkPartsOf(q, stale.map((r) => r.id));
  for (const r of stale) cache.set(r.id, { version: String(r.version), at: now, part: computed.get(r.id) ?? { objectCount: 0, extent: null, cells: [] } });
  for (const r of base.rows) {
    const n = fresh(r)!;
    out.set(r.id, {
      stepName: r.step_name, ...n,
      owner: r.owner_id !== null ? { id: r.owner_id, name: r.owner_name ?? '' } : null,
      lastSaved: r.saved_at ? { at: new Date(r.saved_at).toISOString(), userId: r.saved_by, userName: r.saved_name } : null,
    });
  }
  return out;
}

/** Object count, extent and occupancy grid of the projects' networks (two scans of their network objects). */
async function networkPartsOf(q: Queryable, ids: number[]): Promise<Map<number, NetworkPart>> {
  const out = new Map<number, NetworkPart>();
  if (!ids.length) return out;
  // box subscripts: [0] is the upper-right corner, [1] the lower-left; [0]/[1] of a point are x/y
  const ext = await q.query<ExtentRow>(
    `SELECT project_id, count(*) AS n, min((bbox[1])[0]) AS minx, min((bbox[1])[1]) AS miny, max((bbox[0])[0]) AS maxx, max((bbox[0])[1]) AS maxy
       FROM network_object WHERE project_id = ANY($1::int[]) AND scenario_id IS NULL GROUP BY project_id`, [ids]);
  const extents = new Map(ext.rows.map((r) => [r.project_id, r]));
  const withExtent = ext.rows.filter((r) => r.minx !== null);
  const cells = new Map<number, number[]>();
  if (withExtent.length) {
    // Occupancy: the centre of each object's box, binned into the grid over the project's extent.
    const g = await q.query<{ project_id: number; cell: number }>(
      `WITH e AS (SELECT * FROM unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::float8[]) AS t(pid, minx, miny, maxx, maxy))
       SELECT DISTINCT n.project_id,
              (LEAST($7 - 1, GREATEST(0, floor((e.maxy - ((n.bbox[0])[1] + (n.bbox[1])[1]) / 2) / GREATEST(e.maxy - e.miny, 1e-9) * $7)::int)) * $6
               + LEAST($6 - 1, GREATEST(0, floor((((n.bbox[0])[0] + (n.bbox[1])[0]) / 2 - e.minx) / GREATEST(e.maxx - e.minx, 1e-9) * $6)::int))) AS cell
         FROM network_object n JOIN e ON e.pid = n.project_id
        WHERE n.scenario_id IS NULL AND n.bbox IS NOT NULL`,
      [withExtent.map((r) => r.project_id), withExtent.map((r) => Number(r.minx)), withExtent.map((r) => Number(r.miny)),
        withExtent.map((r) => Number(r.maxx)), withExtent.map((r) => Number(r.maxy)), GRID_COLUMNS, GRID_ROWS]);
    for (const r of g.rows) {
      const list = cells.get(r.project_id) ?? [];
      list.push(Number(r.cell));
      cells.set(r.project_id, list);
    }
  }
  for (const id of ids) {
    const e = extents.get(id);
    out.set(id, {
      objectCount: Number(e?.n ?? 0),
      extent: e && e.minx !== null ? [Number(e.minx), Number(e.miny), Number(e.maxx), Number(e.maxy)] : null,
      cells: (cells.get(id) ?? []).sort((a, b) => a - b),
    });
  }
  return out;
}

/** Adds `summary` to each project of a list answer. */
export async function withSummaries<T extends { id: number }>(q: Queryable, list: T[]): Promise<(T & { summary: ProjectSummary | null })[]> {
  const s = await projectSummaries(q, list.map((p) => p.id));
  return list.map((p) => ({ ...p, summary: s.get(p.id) ?? null }));
}
