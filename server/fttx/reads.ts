// Reads of the fttx feature service (spec 3 §7 under /api/project/{id}/fttx): features by type, by point hit (x, y,
// tolerance), by area (WKT) and by property values; by topology id; one feature; its properties; a list of uuids;
// the extent and the count per type. Answers are GeoJSON features in EPSG:3857 shaped as the project WFS read.
import type { FastifyInstance } from 'fastify';
import { readOpts, topologyOpts, projectId } from './access';
import { distanceTo, HIT_TOLERANCE, intersects, MAX_TOLERANCE, parseArea } from './geometry';
import { collection, FTTX_TABLE, rowOr404, rowsByUuid, selectRows, toFeature, type Row } from './rows';
import { bad, bodyOf, listParam, numberParam, uuidList, uuidOf } from './validate';

type Query = Record<string, unknown>;

/** SQL filter and exact test of GET /features from its query (all given filters apply together). */
function featureFilter(query: Query) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (v: unknown) => { params.push(v); return `$${params.length + 1}`; };
  const types = listParam(query.type, 'type');
  if (types) where.push(`type = ANY(${add(types)}::text[])`);
  let point: { p: number[]; tol: number } | undefined;
  if (query.x !== undefined || query.y !== undefined) {
    if (query.y === undefined) throw bad('y', 'required with x');
    if (query.x === undefined) throw bad('x', 'required with y');
    const p = [numberParam(query.x, 'x'), numberParam(query.y, 'y')];
    const tol = query.tolerance === undefined ? HIT_TOLERANCE : numberParam(query.tolerance, 'tolerance');
    if (tol < 0 || tol > MAX_TOLERANCE) throw bad('tolerance', `must be between 0 and ${MAX_TOLERANCE} map units`);
    where.push(`box && ${add(`(${p[0] + tol},${p[1] + tol}),(${p[0] - tol},${p[1] - tol})`)}::box`);
    point = { p, tol };
  } else if (query.tolerance !== undefined) throw bad('tolerance', 'only with x and y');
  let area: ReturnType<typeof parseArea> | undefined;
  if (query.area !== undefined) {
    if (typeof query.area !== 'string' || !query.area.trim()) throw bad('area', 'must be WKT geometry text');
    area = parseArea(query.area);
    where.push(`box && ${add(area.box)}::box`);
  }
  if (query.propValues !== undefined && query.propKey === undefined) throw bad('propKey', 'required with propValues');
  if (query.propKey !== undefined) {
    if (typeof query.propKey !== 'string' || !query.propKey || query.propKey.length > 200) throw bad('propKey', 'must be a property name');
    const values = listParam(query.propValues, 'propValues', true);
    // Fixed columns (name, layer, category, topology_id) or a key of the stored properties, compared as text.
    const col = ['name', 'layer', 'category', 'topology_id', 'type'].includes(query.propKey) ? query.propKey : `properties->>${add(query.propKey)}`;
    where.push(`${col} = ANY(${add(values)}::text[])`);
  }
  const exact = (g: Row['geometry']) => (!point || distanceTo(point.p, g) <= point.tol) && (!area || intersects(g, area.geometry));
  return { where: where.join(' AND ') || 'true', params, exact, point };
}

export async function readRoutes(api: FastifyInstance): Promise<void> {
  const base = '/project/:projectId/fttx';

  api.get<{ Querystring: Query }>(`${base}/features`, readOpts(), async (req) => {
    const f = featureFilter(req.query);
    let rows = (await selectRows(req.server.deps.db, projectId(req), f.where, f.params)).filter((r) => f.exact(r.geometry));
    if (f.point) {
      const p = f.point.p;
      const d = new Map(rows.map((r) => [r.uuid, distanceTo(p, r.geometry)]));
      rows = rows.sort((a, b) => d.get(a.uuid)! - d.get(b.uuid)! || a.uuid.localeCompare(b.uuid));
    }
    return collection(rows);
  });

  api.get<{ Querystring: Query }>(`${base}/features/extent`, readOpts(), async (req) => {
    const types = listParam(req.query.types, 'types');
    const r = await req.server.deps.db.query<{ n: string; minx: number | null; miny: number | null; maxx: number | null; maxy: number | null }>(
      `SELECT count(*) AS n, min((box[1])[0]) AS minx, min((box[1])[1]) AS miny, max((box[0])[0]) AS maxx, max((box[0])[1]) AS maxy
         FROM feature WHERE project_id = $1 AND table_name = '${FTTX_TABLE}' ${types ? 'AND type = ANY($2::text[])' : ''}`,
      types ? [projectId(req), types] : [projectId(req)]);
    const row = r.rows[0];
    const extent = row && row.minx !== null ? [row.minx, row.miny, row.maxx, row.maxy].map(Number) : null;
    return { extent, count: Number(row?.n ?? 0), crs: 'EPSG:3857' };
  });

  api.get<{ Querystring: Query }>(`${base}/features/count`, readOpts(), async (req) => {
    const types = listParam(req.query.types, 'types');
    const r = await req.server.deps.db.query<{ type: string; n: string }>(
      `SELECT type, count(*) AS n FROM feature WHERE project_id = $1 AND table_name = '${FTTX_TABLE}'
         ${types ? 'AND type = ANY($2::text[])' : ''} GROUP BY type ORDER BY type`, types ? [projectId(req), types] : [projectId(req)]);
    const byType: Record<string, number> = Object.fromEntries((types ?? []).map((t) => [t, 0]));
    for (const x of r.rows) byType[x.type] = Number(x.n);
    return { count: Object.values(byType).reduce((a, b) => a + b, 0), types: byType };
  });

  api.get<{ Params: { topologyId: string } }>(`${base}/features/:topologyId`, topologyOpts(), async (req) =>
    collection(await selectRows(req.server.deps.db, projectId(req), 'topology_id = $2', [req.params.topologyId])));

  api.get<{ Params: { id: string } }>(`${base}/feature/:id`, readOpts(true), async (req) =>
    toFeature(await rowOr404(req.server.deps.db, projectId(req), uuidOf(req.params.id, 'id'))));

  api.get<{ Params: { id: string } }>(`${base}/:id/properties`, readOpts(true), async (req) => {
    const row: Row = await rowOr404(req.server.deps.db, projectId(req), uuidOf(req.params.id, 'id'));
    return row.props;
  });

  api.post(`${base}/features/uuids`, readOpts(), async (req) => {
    const uuids = uuidList(bodyOf(req.body).uuids, 'uuids', { allowEmpty: true });
    const rows = await rowsByUuid(req.server.deps.db, projectId(req), uuids);
    const found = new Set(rows.map((r) => r.uuid));
    return { ...collection(rows), missing: uuids.filter((u) => !found.has(u)) };
  });
}
