// The SQL of the statistics (issue 16): everything is aggregated in the database over the network tables, for one
// project or all projects of an organisation at once (never a whole network loaded into JS). Lengths are ground metres:
// the stored planar edge length (EPSG:3857 map units) scaled at the edge's mid latitude, as the map's capex does
// (engine/mercator groundLength); a path's length is the sum of its edges'.
import type { Queryable } from '../db/db';

/** Ground length of an edge row `e` in metres (mercator scale at the centre of its bounding box). */
const EDGE_METRES = `coalesce(e.length, 0) * coalesce(cos(2 * atan(exp(((e.bbox[0])[1] + (e.bbox[1])[1]) / 2 / 6378137.0)) - pi() / 2), 1)`;

/**
 * One row per project, object type, existing flag and trench tag set: instance count and length. `tags` are the
 * instance's values and 'true' attribute names that name one of `costNames` (the trench cost entries), only for
 * object types named in `trenchTypes` (null otherwise), so rows stay few however many trenches there are.
 */
export interface LineGroup {
  project_id: number; object_type_id: number; name: string; geometry_kind: string; existing: boolean; tags: string[] | null;
  count: number; length: number;
}

export async function lineGroups(q: Queryable, projectIds: readonly number[], trenchTypes: readonly string[], costNames: readonly string[]): Promise<LineGroup[]> {
  if (!projectIds.length) return [];
  const r = await q.query<LineGroup>(`
    WITH el AS (
      SELECT e.project_id, e.id, ${EDGE_METRES} AS m FROM network_object e WHERE e.project_id = ANY($1::int[]) AND e.kind = 'edge'
    ), pl AS (
      SELECT pe.project_id, pe.path_id AS id, sum(el.m) AS m
        FROM path_edge pe JOIN el ON el.project_id = pe.project_id AND el.id = pe.edge_id
       WHERE pe.project_id = ANY($1::int[]) GROUP BY 1, 2
    ), inst AS (
      SELECT i.project_id, i.object_type_id, ot.name, ot.geometry_kind, coalesce(el.m, pl.m, 0) AS m,
        EXISTS (SELECT 1 FROM attribute_value x WHERE x.project_id = i.project_id AND x.object_instance_id = i.id
                  AND lower(x.attribute_type_name) = 'existing' AND lower(trim(x.value)) = 'true') AS existing,
        CASE WHEN ot.name = ANY($2::text[]) THEN (
          SELECT coalesce(array_agg(DISTINCT t.tag ORDER BY t.tag), '{}'::text[]) FROM (
            SELECT trim(a.value) AS tag FROM attribute_value a
             WHERE a.project_id = i.project_id AND a.object_instance_id = i.id AND trim(a.value) = ANY($3::text[])
            UNION
            SELECT a.attribute_type_name FROM attribute_value a
             WHERE a.project_id = i.project_id AND a.object_instance_id = i.id AND lower(trim(a.value)) = 'true'
               AND a.attribute_type_name = ANY($3::text[])) t) END AS tags
        FROM object_instance i JOIN object_type ot ON ot.id = i.object_type_id
        LEFT JOIN el ON el.project_id = i.project_id AND el.id = i.network_object_id
        LEFT JOIN pl ON pl.project_id = i.project_id AND pl.id = i.network_object_id
       WHERE i.project_id = ANY($1::int[])
    )
    SELECT project_id, object_type_id, name, geometry_kind, existing, tags, count(*)::int AS count, sum(m)::float8 AS length
      FROM inst GROUP BY project_id, object_type_id, name, geometry_kind, existing, tags
     ORDER BY project_id, object_type_id`, [projectIds, trenchTypes, costNames]);
  return r.rows.map((x) => ({ ...x, length: Number(x.length) }));
}

/** Network objects per project and kind (node, edge, path). */
export async function objectCounts(q: Queryable, projectIds: readonly number[]): Promise<{ project_id: number; kind: string; count: number }[]> {
  if (!projectIds.length) return [];
  return (await q.query<{ project_id: number; kind: string; count: number }>(
    `SELECT project_id, kind, count(*)::int AS count FROM network_object WHERE project_id = ANY($1::int[]) GROUP BY 1, 2 ORDER BY 1, 2`,
    [projectIds])).rows;
}

export interface ValidationRow { project_id: number; validators: number; passed: number; results: number; results_passed: number; ran_at: Date | string | null }

/** The stored validation outcomes per project (validation_run): validators run and passed, results and passed. */
export async function validationRates(q: Queryable, projectIds: readonly number[]): Promise<ValidationRow[]> {
  if (!projectIds.length) return [];
  return (await q.query<ValidationRow>(
    `SELECT project_id, count(*)::int AS validators, count(*) FILTER (WHERE passed)::int AS passed,
            sum(results)::int AS results, sum(results_passed)::int AS results_passed, max(ran_at) AS ran_at
       FROM validation_run WHERE project_id = ANY($1::int[]) GROUP BY 1`, [projectIds])).rows;
}

export interface ProjectRowStat {
  id: number; name: string; organisation_id: number; project_type_id: number; family: string; step: number;
  step_name: string | null; steps: number; settings: Record<string, unknown> | null; updated_at: Date | string;
}

/** The projects (not deleted) of an organisation, or the ones named, with their step, step count and stored settings. */
export async function projectRows(q: Queryable, where: { organisationId: number } | { projectId: number }): Promise<ProjectRowStat[]> {
  const [cond, arg] = 'projectId' in where ? ['p.id = $1', where.projectId] : ['p.organisation_id = $1 AND NOT p.deleted', where.organisationId];
  return (await q.query<ProjectRowStat>(
    `SELECT p.id, p.name, p.organisation_id, p.project_type_id, pt.family, p.step, p.updated_at, s.settings,
            (SELECT st.name FROM state st WHERE st.project_type_id = p.project_type_id AND st.step = p.step) AS step_name,
            (SELECT count(*)::int FROM state st WHERE st.project_type_id = p.project_type_id) AS steps
       FROM project p JOIN project_type pt ON pt.id = p.project_type_id
       LEFT JOIN fttx_settings s ON s.project_id = p.id
      WHERE ${cond} ORDER BY p.id`, [arg])).rows;
}
