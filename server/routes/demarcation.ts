// POST /api/project/{id}/{type}/update-project-demarcation-area {geometry} (spec 2 §7): replaces the project's
// demarcation area — the stored `project_demarcation` feature of the projectDemarcation layer (fttx_feature, EPSG:3857
// map units) — with a Polygon or MultiPolygon. {type} names the project's type (key, code or id). Rings must be closed
// with ≥ 4 positions, and polygons must not self-intersect ('Polygon should not self intersect.', spec 2 §5).
import type { FastifyInstance } from 'fastify';
import { kinks } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { useStrictValidation } from '../network/validator';
import { current, projectHook } from '../projects/access';
import { insertFeatures } from '../geoserver/stored-features';

export const DEMARCATION = { table: 'fttx_feature', type: 'project_demarcation', layer: 'projectDemarcation' } as const;
export const SELF_INTERSECTION = 'Polygon should not self intersect.';
/** Web Mercator bounds (EPSG:3857 map units). */
const LIMIT = 20037508.342789244;

type Pos = number[];
const bad = (field: string, what: string) => new HttpError(400, 'bad_request', `${field} ${what}`);

function checkRing(ring: unknown, field: string): void {
  if (!Array.isArray(ring) || ring.length < 4) throw bad(field, 'must be a ring of at least 4 positions');
  ring.forEach((p: unknown, i) => {
    if (!Array.isArray(p) || p.length < 2 || p.length > 3 || !p.every((n) => typeof n === 'number' && Number.isFinite(n))) {
      throw bad(`${field}/${i}`, 'must be a position [x, y]');
    }
    if (Math.abs(p[0]) > LIMIT || Math.abs(p[1]) > LIMIT) throw bad(`${field}/${i}`, 'is outside the EPSG:3857 extent');
  });
  const a = ring[0] as Pos, b = ring[ring.length - 1] as Pos;
  if (a[0] !== b[0] || a[1] !== b[1]) throw bad(field, 'must be closed (first position equals last)');
}

function checkPolygon(rings: unknown, field: string): void {
  if (!Array.isArray(rings) || rings.length < 1) throw bad(field, 'must be a list of rings');
  rings.forEach((r, i) => checkRing(r, `${field}/${i}`));
}

/** Checks a demarcation geometry; throws a 400 naming the field, or 'Polygon should not self intersect.'. */
export function checkDemarcation(g: Polygon | MultiPolygon): void {
  const field = 'body/geometry/coordinates';
  if (g.type === 'Polygon') checkPolygon(g.coordinates, field);
  else {
    if (!Array.isArray(g.coordinates) || g.coordinates.length < 1) throw bad(field, 'must be a list of polygons');
    g.coordinates.forEach((p, i) => checkPolygon(p, `${field}/${i}`));
  }
  const k = kinks({ type: 'Feature', properties: {}, geometry: g });
  if (k.features.length > 0) throw new HttpError(400, 'self_intersection', SELF_INTERSECTION);
}

interface Body { geometry: Polygon | MultiPolygon }

export async function demarcationRoutes(api: FastifyInstance): Promise<void> {
  useStrictValidation(api);
  api.post<{ Params: { projectId: number; type: string }; Body: Body }>('/project/:projectId/:type/update-project-demarcation-area', {
    onRequest: requirePolicy('project.create_and_edit'),
    preHandler: projectHook(),
    schema: {
      params: {
        type: 'object', required: ['projectId', 'type'],
        properties: { projectId: { type: 'integer', minimum: 1, maximum: 2147483647 }, type: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,60}$' } },
      },
      body: {
        type: 'object', required: ['geometry'], additionalProperties: false,
        properties: {
          geometry: {
            type: 'object', required: ['type', 'coordinates'],
            properties: { type: { type: 'string', enum: ['Polygon', 'MultiPolygon'] }, coordinates: { type: 'array', maxItems: 10_000 } },
          },
        },
      },
    },
  }, async (req) => {
    const p = current(req);
    const { db } = req.server.deps;
    const t = (await db.query<{ id: number; code: string; key: string }>('SELECT id, code, key FROM project_type WHERE id = $1', [p.project_type_id])).rows[0];
    const given = req.params.type.toLowerCase();
    if (!t || ![String(t.id), t.code.toLowerCase(), t.key.toLowerCase()].includes(given)) {
      throw bad('params/type', `'${req.params.type}' is not the type of project ${p.id} (${t?.key ?? p.project_type_id})`);
    }
    const geometry = req.body.geometry;
    checkDemarcation(geometry);
    const clean = { type: geometry.type, coordinates: geometry.coordinates } as Polygon | MultiPolygon;
    const uuid = await db.tx(async (q) => {
      await q.query('DELETE FROM feature WHERE project_id = $1 AND table_name = $2 AND type = $3', [p.id, DEMARCATION.table, DEMARCATION.type]);
      const [id] = await insertFeatures(q, p.id, [{
        table: DEMARCATION.table, type: DEMARCATION.type, layer: DEMARCATION.layer, name: p.name, geometry: clean, properties: {},
      }]);
      await q.query('UPDATE project SET updated_at = now() WHERE id = $1', [p.id]);
      return id;
    });
    return { uuid, projectId: p.id, type: DEMARCATION.type, geometry: clean };
  });
}
