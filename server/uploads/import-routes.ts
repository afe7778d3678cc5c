// POST /api/project/{id}/fttx/features {type, fileId, deleteExisting, simplifyTolerance} (spec 3 §7, issue 12): parses
// a file kept by POST /api/upload/file (parse.ts: GeoJSON, zipped Shapefile, GeoPackage, KML/KMZ, GML, KLIC IMKL) and
// stores its features in the project's upload layers (table custom_layer_feature, read by the map through the project
// WFS). CRS: the file's own (spec 3 §9 systems) reprojected to EPSG:3857, or none and WGS84 coordinates only ('
// FeatureCollection must have a CRS property, or contain only WGS84'). Store rules of spec 3 §5. One transaction:
// a bad feature → 400 naming features[i] and the field, nothing stored. deleteExisting replaces the layer's features.
import type { FastifyInstance } from 'fastify';
import { kinks, simplify } from '@turf/turf';
import type { Geometry, Position } from 'geojson';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { useStrictValidation } from '../network/validator';
import { current, projectHook } from '../projects/access';
import { converter } from '../geoserver/crs';
import { GEOMETRY_KINDS, geometryBox, insertFeatures, UUID_RE, type FeatureInput } from '../geoserver/stored-features';
import { normalizeCrs, SUPPORTED_CRS } from '../../engine/projection';
import { SELF_INTERSECTION } from '../routes/demarcation';
import { badUpload, openUpload, type ParsedFeature } from './parse';
import { readUpload } from './content';

export const UPLOAD_TABLE = 'custom_layer_feature';
export const CRS_REQUIRED = 'FeatureCollection must have a CRS property, or contain only WGS84';
export const UNSUPPORTED_GEOMETRY = 'Unsupported geometry type.';
export const MAX_FEATURES = Number(process.env.UPLOAD_MAX_FEATURES ?? 250_000);
const LIMIT = 20037508.342789244;
/** Features read, checked and stored per step (one INSERT each). */
const BATCH = 5000;

type Kind = 'point' | 'line' | 'polygon';
const KIND: Record<string, Kind> = {
  Point: 'point', MultiPoint: 'point', LineString: 'line', MultiLineString: 'line', Polygon: 'polygon', MultiPolygon: 'polygon',
};
interface Target { layer: string; category: string; kinds?: Kind[] }
/** Upload layers of the catalogue (layers/catalogue/fibre-areas.ts) by feature type. `upload` picks the type by geometry. */
export const UPLOAD_TYPES: Record<string, Target> = {
  upload_point: { layer: 'uploadPoints', category: 'Upload', kinds: ['point'] },
  upload_line: { layer: 'uploadLines', category: 'Upload', kinds: ['line'] },
  upload_polygon: { layer: 'uploadPolygons', category: 'Upload', kinds: ['polygon'] },
  klic: { layer: 'uploadKlic', category: 'UploadKlic' },
  road_centre_line: { layer: 'uploadRoadCentreLines', category: 'Upload', kinds: ['line'] },
  parcel: { layer: 'uploadParcels', category: 'Upload', kinds: ['polygon'] },
  building: { layer: 'uploadBuildings', category: 'Upload', kinds: ['polygon'] },
  capex_upload: { layer: 'capexUploads', category: 'Upload', kinds: ['polygon'] },
};
const AUTO = 'upload';
const AUTO_TYPE: Record<Kind, string> = { point: 'upload_point', line: 'upload_line', polygon: 'upload_polygon' };

interface Body { type: string; fileId: string; deleteExisting?: boolean; simplifyTolerance?: number | null }

/** Phase durations of one import for the Server-Timing header (read, parse, check, store summed over the batches;
 *  the upload bench reads it). */
function phases() {
  let t = performance.now();
  const sum: Record<string, number> = { read: 0, parse: 0, check: 0, store: 0 };
  return {
    /** Adds the time since the last lap to a phase. */
    lap(name: keyof typeof sum) { const n = performance.now(); sum[name] += n - t; t = n; },
    header: () => Object.entries(sum).map(([k, v]) => `${k};dur=${v.toFixed(1)}`).join(', '),
  };
}

const featureError = (i: number, field: string, msg: string, code = 'bad_feature') => new HttpError(400, code, `features[${i}].${field}: ${msg}`);

const DEPTH: Record<string, number> = { Point: 0, LineString: 1, MultiPoint: 1, Polygon: 2, MultiLineString: 2, MultiPolygon: 3 };

function mapPositions(g: Geometry, f: (p: Position) => Position): Geometry {
  const walk = (c: unknown, d: number): unknown => (d === 0 ? f(c as Position) : (c as unknown[]).map((x) => walk(x, d - 1)));
  return { type: g.type, coordinates: walk((g as { coordinates: unknown }).coordinates, DEPTH[g.type]) } as Geometry;
}

/** Whether every position of a geometry passes (walks the coordinates without copying them). */
function allPositions(g: Geometry, each: (p: Position) => boolean): boolean {
  const walk = (c: unknown, d: number): boolean => (d === 0 ? each(c as Position) : (c as unknown[]).every((x) => walk(x, d - 1)));
  return walk((g as { coordinates: unknown }).coordinates, DEPTH[g.type]);
}

/** Store rules of spec 3 §5 on the properties: undefined dropped, objects as JSON text. */
function cleanProperties(p: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined || typeof v === 'function') continue;
    if (typeof v === 'bigint') out[k] = Number(v);
    else if (v instanceof Date) out[k] = v.toISOString();
    else if (v !== null && typeof v === 'object') out[k] = JSON.stringify(v);
    else if (typeof v === 'number' && !Number.isFinite(v)) out[k] = null;
    else out[k] = v;
  }
  return out;
}

function checkRings(g: Geometry, i: number): void {
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
  polys.forEach((rings) => rings.forEach((r, j) => {
    if (r.length < 4) throw featureError(i, `geometry.coordinates`, `ring ${j} must have at least 4 positions`);
    const a = r[0], b = r[r.length - 1];
    if (a[0] !== b[0] || a[1] !== b[1]) throw featureError(i, 'geometry.coordinates', `ring ${j} must be closed (first position equals last)`);
  }));
  if (g.type === 'LineString' && g.coordinates.length < 2) throw featureError(i, 'geometry.coordinates', 'a LineString needs at least 2 positions');
}

export async function uploadImportRoutes(api: FastifyInstance): Promise<void> {
  useStrictValidation(api);
  api.post<{ Params: { projectId: number }; Body: Body }>('/project/:projectId/fttx/features', {
    onRequest: requirePolicy('project.create_and_edit'),
    preHandler: projectHook(),
    schema: {
      params: { type: 'object', required: ['projectId'], properties: { projectId: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
      body: {
        type: 'object', required: ['type', 'fileId'], additionalProperties: false,
        properties: {
          type: { type: 'string', enum: [AUTO, ...Object.keys(UPLOAD_TYPES)] },
          fileId: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
          deleteExisting: { type: 'boolean' },
          simplifyTolerance: { type: ['number', 'null'], minimum: 0, maximum: 10000 },
        },
      },
    },
  }, async (req, reply) => {
    const p = current(req);
    const { db } = req.server.deps;
    const timing = phases();
    const { fileId, deleteExisting = false } = req.body;
    const tolerance = req.body.simplifyTolerance ?? 0;
    const row = await readUpload(db, req.user.organisationId, fileId);
    if (!row) throw new HttpError(404, 'not_found', `Upload ${fileId} does not exist.`);
    timing.lap('read');
    const file = await openUpload(row.filename, row.content);
    try {
      if (file.count > MAX_FEATURES) {
        throw new HttpError(413, 'too_many_features', `${row.filename} holds ${file.count} features; at most ${MAX_FEATURES} can be imported at once.`);
      }
      if (!file.count) throw badUpload(`${row.filename} holds no features.`, 'empty');
      // The requested layer; a KLIC delivery goes to the KLIC layer when the caller asked for the generic upload.
      const requested = req.body.type === AUTO && file.format === 'imkl' ? 'klic' : req.body.type;
      let from = 'EPSG:4326';
      if (file.crs != null) {
        try { from = normalizeCrs(file.crs); } catch {
          throw new HttpError(400, 'unknown_crs', `${row.filename} uses the coordinate system '${file.crs}', which is not supported (supported: ${SUPPORTED_CRS.join(', ')}).`);
        }
      }
      const conv = converter(from as never, 'EPSG:3857');
      const check = (f: ParsedFeature, i: number): FeatureInput => {
        let g = mapPositions(f.geometry!, conv);
        if (!allPositions(g, ([x, y]) => Number.isFinite(x) && Number.isFinite(y) && Math.abs(x) <= LIMIT && Math.abs(y) <= LIMIT)) {
          throw featureError(i, 'geometry.coordinates', `outside the map extent after conversion from ${from} (are the coordinates really ${from}?)`);
        }
        checkRings(g, i);
        const kind = KIND[g.type];
        if (tolerance > 0 && kind !== 'point') {
          g = simplify({ type: 'Feature', properties: {}, geometry: g }, { tolerance, highQuality: false }).geometry as Geometry;
        }
        if (kind === 'polygon' && kinks({ type: 'Feature', properties: {}, geometry: g as never }).features.length > 0) {
          throw featureError(i, 'geometry', SELF_INTERSECTION, 'self_intersection');
        }
        const type = requested === AUTO ? AUTO_TYPE[kind] : requested;
        const target = UPLOAD_TYPES[type];
        if (target.kinds && !target.kinds.includes(kind)) {
          throw featureError(i, 'geometry.type', `a ${g.type} does not fit the ${target.layer} layer (${target.kinds.join(', ')} geometries)`, 'wrong_geometry');
        }
        const props = cleanProperties(f.properties);
        const name = ['name', 'Name', 'NAME', 'naam', 'Naam', 'NAAM'].map((k) => props[k]).find((v) => typeof v === 'string' || typeof v === 'number');
        props.source_file = row.filename;
        props.upload_id = fileId;
        const uuid = typeof props.uuid === 'string' ? props.uuid : undefined;
        return { uuid, table: UPLOAD_TABLE, type, layer: target.layer, category: target.category, name: name == null ? null : String(name).slice(0, 255), geometry: g as FeatureInput['geometry'], properties: props };
      };

      const types = requested === AUTO ? Object.values(AUTO_TYPE) : [requested];
      const byType: Record<string, number> = {};
      const layers = new Set<string>();
      let count = 0;
      // One transaction; the file is read, checked and stored a batch at a time, and the first bad feature rolls
      // everything back (all or nothing).
      const { deleted } = await db.tx(async (q) => {
        let deleted = 0;
        if (deleteExisting) {
          deleted = (await q.query('DELETE FROM feature WHERE project_id = $1 AND table_name = $2 AND type = ANY($3::text[])', [p.id, UPLOAD_TABLE, types])).rowCount ?? 0;
        }
        // Uuids taken from the file may repeat or exist already: the first one wins, the rest get new ids.
        const seen = new Set<string>();
        timing.lap('store');
        for await (const batch of file.batches(BATCH)) {
          const k = count;
          timing.lap('parse');
          checkGeometries(batch, k, file.crs == null);
          const items = batch.map((f, i) => check(f, k + i));
          timing.lap('check');
          const wanted = items.map((it) => it.uuid).filter((u): u is string => !!u && UUID_RE.test(u) && !seen.has(u.toLowerCase()));
          if (wanted.length) {
            const taken = await q.query<{ uuid: string }>('SELECT uuid::text AS uuid FROM feature WHERE uuid = ANY($1::uuid[])', [wanted]);
            for (const r of taken.rows) seen.add(r.uuid.toLowerCase());
          }
          for (const it of items) {
            if (!it.uuid) continue;
            const u = it.uuid.toLowerCase();
            if (seen.has(u)) it.uuid = undefined; else seen.add(u);
          }
          try { await insertFeatures(q, p.id, items); } catch (e) {
            const m = /^features\[(\d+)\]/.exec((e as Error).message);
            throw new HttpError(400, 'bad_feature', m ? (e as Error).message.replace(/^features\[(\d+)\]/, (_, n: string) => `features[${k + Number(n)}]`) : (e as Error).message);
          }
          for (const it of items) { byType[it.type] = (byType[it.type] ?? 0) + 1; layers.add(it.layer!); }
          count += items.length;
          timing.lap('store');
        }
        await q.query('UPDATE project SET updated_at = now() WHERE id = $1', [p.id]);
        return { deleted };
      });
      timing.lap('store');
      reply.header('server-timing', timing.header());
      return reply.status(201).send({
        success: true, fileId, filename: row.filename, format: file.format, crs: from, count, deleted, types: byType, layers: [...layers],
      });
    } finally { file.close(); }
  });
}

/** Spec 3 §5 geometry kinds and finite coordinates of one batch (features[k…]); without a CRS, WGS84 coordinates only. */
function checkGeometries(batch: ParsedFeature[], k: number, wgsOnly: boolean): void {
  batch.forEach((f, j) => {
    const i = k + j;
    if (!f.geometry) throw featureError(i, 'geometry', 'missing (every feature needs a geometry)');
    if (!(GEOMETRY_KINDS as readonly string[]).includes(f.geometry.type)) {
      throw featureError(i, 'geometry.type', `${UNSUPPORTED_GEOMETRY} (${f.geometry.type}; supported: ${GEOMETRY_KINDS.join(', ')})`, 'unsupported_geometry');
    }
    try { geometryBox(f.geometry, 'geometry'); } catch (e) { throw featureError(i, 'geometry', (e as Error).message.replace(/^geometry\.?/, '')); }
  });
  if (wgsOnly && !batch.every((f) => allPositions(f.geometry!, ([x, y]) => Math.abs(x) <= 180 && Math.abs(y) <= 90))) {
    throw new HttpError(400, 'crs_required', CRS_REQUIRED);
  }
}
