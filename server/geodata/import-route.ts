// POST /api/geodata/import {layer, fileId, deleteExisting?, shared?} — fills the reference table from a file kept by
// POST /api/upload/file (parsed by server/uploads/parse.ts: GeoJSON, zipped Shapefile, GeoPackage, KML/KMZ, GML),
// reprojected from the file's CRS (or WGS84 when it names none) to EPSG:3857. Administrators (policy admin.view,
// docs/roles.md) import for their own organisation; `shared: true` (rows for everyone) needs admin.settings (root).
// One transaction: a bad feature → 400 naming features[i], nothing stored. deleteExisting replaces the layer's rows
// of the same owner first.
import type { FastifyInstance } from 'fastify';
import { hasPolicy, requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { useStrictValidation } from '../network/validator';
import { converter, convertGeometry } from '../geoserver/crs';
import type { GeoGeometry } from '../geoserver/geojson';
import { GEOMETRY_KINDS } from '../geoserver/stored-features';
import { normalizeCrs, SUPPORTED_CRS, type Crs } from '../../engine/projection';
import { badUpload, parseUpload, type ParsedUpload } from '../uploads/parse';
import { CRS_REQUIRED, MAX_FEATURES } from '../uploads/import-routes';
import { REFERENCE_LAYER_NAMES } from './layers';
import { insertReference, type ReferenceInput } from './reference-store';

interface Body { layer: string; fileId: string; deleteExisting?: boolean; shared?: boolean }

const isWgs84 = (g: GeoGeometry): boolean => {
  const walk = (c: unknown): boolean => (Array.isArray(c) && typeof c[0] === 'number'
    ? Math.abs(c[0]) <= 180 && Math.abs(Number(c[1])) <= 90 : Array.isArray(c) && c.every(walk));
  return walk(g.coordinates);
};

/** The source CRS of a parsed file (WGS84 when it names none and its coordinates fit). */
function sourceCrs(parsed: ParsedUpload, filename: string): Crs {
  if (parsed.crs == null) {
    if (!parsed.features.every((f) => f.geometry && isWgs84(f.geometry as GeoGeometry))) throw new HttpError(400, 'crs_required', CRS_REQUIRED);
    return 'EPSG:4326';
  }
  try { return normalizeCrs(parsed.crs); } catch {
    throw new HttpError(400, 'unknown_crs', `${filename} uses the coordinate system '${parsed.crs}', which is not supported (supported: ${SUPPORTED_CRS.join(', ')}).`);
  }
}

export async function registerReferenceImport(api: FastifyInstance): Promise<void> {
  useStrictValidation(api);
  api.post<{ Body: Body }>('/geodata/import', {
    onRequest: requirePolicy('admin.view'),
    schema: {
      body: {
        type: 'object', required: ['layer', 'fileId'], additionalProperties: false,
        properties: {
          layer: { type: 'string', enum: [...REFERENCE_LAYER_NAMES] },
          fileId: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
          deleteExisting: { type: 'boolean' },
          shared: { type: 'boolean' },
        },
      },
    },
  }, async (req, reply) => {
    const { layer, fileId, deleteExisting = false, shared = false } = req.body;
    if (shared && !hasPolicy(req.user, 'admin.settings')) {
      throw new HttpError(403, 'forbidden', 'body/shared: only root may import reference data shared with every organisation');
    }
    const db = req.server.deps.db;
    const row = (await db.query<{ filename: string; content: Uint8Array }>(
      'SELECT filename, content FROM upload WHERE organisation_id = $1 AND uuid = $2', [req.user.organisationId, fileId])).rows[0];
    if (!row) throw new HttpError(404, 'not_found', `Upload ${fileId} does not exist.`);
    const parsed = await parseUpload(row.filename, Buffer.from(row.content));
    if (!parsed.features.length) throw badUpload(`${row.filename} holds no features.`, 'empty');
    if (parsed.features.length > MAX_FEATURES) {
      throw new HttpError(413, 'too_many_features', `${row.filename} holds ${parsed.features.length} features; at most ${MAX_FEATURES} can be imported at once.`);
    }
    parsed.features.forEach((f, i) => {
      if (!f.geometry || !(GEOMETRY_KINDS as readonly string[]).includes(f.geometry.type)) {
        throw new HttpError(400, 'unsupported_geometry', `features[${i}].geometry: missing or not one of ${GEOMETRY_KINDS.join(', ')}`);
      }
    });
    const from = sourceCrs(parsed, row.filename);
    const conv = converter(from, 'EPSG:3857');
    const items: ReferenceInput[] = parsed.features.map((f) => {
      const props = JSON.parse(JSON.stringify(f.properties ?? {})) as Record<string, unknown>;
      const name = ['name', 'naam', 'Name', 'NAAM'].map((k) => props[k]).find((v) => typeof v === 'string' || typeof v === 'number');
      return { layer, name: name == null ? null : String(name).slice(0, 255), properties: props, geometry: convertGeometry(f.geometry as GeoGeometry, conv) };
    });
    const owner = shared ? null : req.user.organisationId;
    const { deleted, count } = await db.tx(async (q) => {
      const deleted = deleteExisting
        ? (await q.query('DELETE FROM reference_feature WHERE layer = $1 AND organisation_id IS NOT DISTINCT FROM $2::integer', [layer, owner])).rowCount ?? 0
        : 0;
      try {
        return { deleted, count: await insertReference(q, owner, `upload:${fileId}`, items) };
      } catch (e) {
        if (/^features\[\d+\]/.test((e as Error).message)) throw new HttpError(400, 'bad_feature', (e as Error).message);
        throw e;
      }
    });
    return reply.status(201).send({ success: true, layer, fileId, filename: row.filename, format: parsed.format, crs: from, count, deleted, organisationId: owner });
  });
}
