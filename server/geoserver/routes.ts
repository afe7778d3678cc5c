// GET /api/project/{id}/geoserver/{product}/ows — the project's own WFS (spec 3 §7, first row): GetCapabilities,
// DescribeFeatureType and GetFeature (application/json, EPSG:3857 by default) over the stored network and the stored
// map features. Bearer session required (network.view); another organisation's project → 403 'Not authorized';
// unknown project → 404; bad parameters → 400 OWS ExceptionReport naming the parameter.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProjectRow } from '../projects/access';
import { capabilitiesXml, hitsXml } from './capabilities';
import { converter, storageToWgs84 } from './crs';
import { networkFields, schemaXml, type SchemaType } from './describe';
import { projectFeatureTypes, resolveType, type FeatureType } from './feature-types';
import { featureCollection, type GeoFeature } from './geojson';
import { attributeTypes, countNetwork, pageNetwork } from './network-features';
import { exceptionReport, OwsError } from './ows-error';
import { parseGetFeature, parseVersion, type Params, type Query } from './query';
import { countStored, pageStored, storedFields } from './stored-features';
import { registerWms } from './wms';
import { registerOwsRoute } from './ows-route';
import type { Queryable } from '../db/db';

/** Extent used when a project has no data yet: the Netherlands in EPSG:3857. */
export const DEFAULT_EXTENT: [number, number, number, number] = [368000, 6560000, 802000, 7100000];

async function projectExtent(db: Queryable, projectId: number): Promise<[number, number, number, number]> {
  const r = await db.query<{ x1: number | null; y1: number | null; x2: number | null; y2: number | null }>(
    `SELECT min(x1) AS x1, min(y1) AS y1, max(x2) AS x2, max(y2) AS y2 FROM (
       SELECT (bbox[1])[0] AS x1, (bbox[1])[1] AS y1, (bbox[0])[0] AS x2, (bbox[0])[1] AS y2 FROM network_object
        WHERE project_id = $1 AND bbox IS NOT NULL
       UNION ALL
       SELECT (box[1])[0], (box[1])[1], (box[0])[0], (box[0])[1] FROM feature WHERE project_id = $1) e`, [projectId]);
  const e = r.rows[0];
  return e && e.x1 !== null ? [Number(e.x1), Number(e.y1), Number(e.x2), Number(e.y2)] : DEFAULT_EXTENT;
}

async function countOf(db: Queryable, t: FeatureType, q: Query): Promise<number> {
  if (q.none) return 0;
  return t.source === 'network' ? countNetwork(db, t, q) : countStored(db, t, q);
}

async function getFeature(req: FastifyRequest, reply: FastifyReply, p: Params, project: ProjectRow, version: string) {
  const db = req.server.deps.db;
  const gf = parseGetFeature(p, project.id);
  const all = await projectFeatureTypes(db, project.project_type_id, project.family);
  const types = gf.typeNames.map((n) => resolveType(all, p.has('typenames') ? 'typeNames' : 'typeName', n));
  const q = gf.query;
  let skip = q.startIndex, left = q.count, matched = 0;
  const features: GeoFeature[] = [];
  for (const t of types) {
    const n = await countOf(db, t, q);
    matched += n;
    if (gf.hits || n === 0) continue;
    if (skip >= n) { skip -= n; continue; }
    if (left > 0) {
      const page = { ...q, startIndex: skip, count: left };
      const got = t.source === 'network'
        ? await pageNetwork(db, t, page, (await attributeTypes(db, t)).byKey)
        : await pageStored(db, t, page);
      features.push(...got);
      left -= got.length;
    }
    skip = 0;
  }
  if (gf.hits) return reply.type('application/xml; charset=utf-8').send(hitsXml(version, matched));
  return reply.type('application/json; charset=utf-8')
    .send(featureCollection(features, matched, gf.srs.crs, converter('EPSG:3857', gf.srs.crs)));
}

async function describe(req: FastifyRequest, reply: FastifyReply, p: Params, project: ProjectRow, version: string, product: string) {
  const db = req.server.deps.db;
  const all = await projectFeatureTypes(db, project.project_type_id, project.family);
  const raw = p.get('typenames') ?? p.get('typename');
  const types = raw && raw.trim()
    ? raw.split(',').map((s) => s.trim()).filter(Boolean).map((n) => resolveType(all, p.has('typenames') ? 'typeNames' : 'typeName', n))
    : all.listed;
  const schemas: SchemaType[] = [];
  for (const t of types) {
    const fields = t.source === 'network'
      ? networkFields(t.geometry, (await attributeTypes(db, t)).fields)
      : await storedFields(db, project.id, t.table);
    schemas.push({ name: t.name, geometry: t.geometry, fields });
  }
  return reply.type('text/xml; subtype=gml/3.2; charset=utf-8').send(schemaXml(version, product, schemas));
}

async function capabilities(req: FastifyRequest, reply: FastifyReply, project: ProjectRow, version: string, product: string) {
  const db = req.server.deps.db;
  const all = await projectFeatureTypes(db, project.project_type_id, project.family);
  const url = `${req.protocol}://${req.headers.host ?? 'localhost'}${req.url.split('?')[0]}`;
  const xml = capabilitiesXml({
    version: version.startsWith('2.') ? '2.0.0' : '1.1.0', url, product, projectName: project.name, types: all.listed,
    wgs84: storageToWgs84(await projectExtent(db, project.id)),
  });
  return reply.type('application/xml; charset=utf-8').send(xml);
}

export async function geoserverRoutes(api: FastifyInstance): Promise<void> {
  registerWms(api);
  registerOwsRoute(api, '/project/:projectId/geoserver/:product/ows', {
    name: 'WFS', param: (n) => n, version: parseVersion, defaultVersion: '2.0.0',
    async handle(req, reply, { p, project, product, version, request }) {
      switch (request.toLowerCase()) {
        case 'getcapabilities': return capabilities(req, reply, project, version, product);
        case 'describefeaturetype': return describe(req, reply, p, project, version, product);
        case 'getfeature': return getFeature(req, reply, p, project, version);
        default:
          throw new OwsError('OperationNotSupported', 'request', `Operation ${request.slice(0, 40)} is not supported (GetCapabilities, DescribeFeatureType, GetFeature).`);
      }
    },
    report: (reply, e, version) => reply.status(e.status).type('application/xml; charset=utf-8').send(exceptionReport(e, version.startsWith('1.') ? '1.1.0' : '2.0.0')),
  });
}
