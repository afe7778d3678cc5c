// GET /api/project/{id}/geoserver/{product}/ows — the project's own WFS (spec 3 §7, first row): GetCapabilities,
// DescribeFeatureType and GetFeature (application/json, EPSG:3857 by default) over the stored network and the stored
// map features. Bearer session required (network.view); another organisation's project → 403 'Not authorized';
// unknown project → 404; bad parameters → 400 OWS ExceptionReport naming the parameter. GetFeature also writes GML
// 3.1.1 (wfst-gml-write.ts); POST on the same path is the WFS-T Transaction (wfst-route.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProjectRow } from '../projects/access';
import { capabilitiesXml, hitsXml, namespaceUri } from './capabilities';
import { converter, storageToWgs84 } from './crs';
import { networkFields, schemaXml, type SchemaType } from './describe';
import { projectFeatureTypes, resolveType, type FeatureType, type GeometryName, type ProjectTypes } from './feature-types';
import { featureCollection, type GeoFeature } from './geojson';
import { attributeTypes, countNetwork, pageNetwork } from './network-features';
import { exceptionReport, OwsError } from './ows-error';
import { parseGetFeature, parseVersion, type Params, type Query } from './query';
import { countStored, pageStored, storedFields } from './stored-features';
import { registerWms } from './wms';
import { registerOwsRoute } from './ows-route';
import { registerWfsTransaction } from './wfst-route';
import { GML311, gmlFeatureCollection, takeGmlFormat, type GmlGroup } from './wfst-gml-write';
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

/** A feature type any WFS source offers (the project's network/stored types, the reference layers of server/geodata). */
export interface WfsType { name: string; title: string; geometry: GeometryName }

/** What one WFS serves: its types and reads. The project WFS and the reference-data WFS share every request below. */
export interface WfsSource<T extends WfsType> {
  product: string;
  /** Title of the service in the capabilities (written as `{title} ({product})`). */
  title: string;
  /** The project id `project_id=` in a CQL filter must name (0: none — reference data has no project). */
  projectId: number;
  /** Extra property names the CQL filter may compare (parseCql). */
  cqlFields?: readonly string[];
  types(): Promise<{ listed: T[]; byName: Map<string, T> }>;
  count(t: T, q: Query): Promise<number>;
  page(t: T, q: Query): Promise<GeoFeature[]>;
  fields(t: T): Promise<[string, string][]>;
  extent(): Promise<[number, number, number, number]>;
  /** Writable through the WFS-T Transaction (advertised in the capabilities). */
  transactional?: boolean;
  /** Called with the resolved types of a GetFeature before reading; may answer the request itself (returns the reply). */
  beforeRead?(types: T[], reply: FastifyReply): Promise<FastifyReply | undefined>;
}

function typeNamesOf<T extends WfsType>(all: { byName: Map<string, T> }, p: Params, raw: string[]): T[] {
  return raw.map((n) => resolveType(all, p.has('typenames') ? 'typeNames' : 'typeName', n));
}

async function getFeature<T extends WfsType>(reply: FastifyReply, p: Params, src: WfsSource<T>, version: string) {
  const gml = takeGmlFormat(p);
  const gf = parseGetFeature(p, src.projectId, src.cqlFields);
  const types = typeNamesOf(await src.types(), p, gf.typeNames);
  const groups: GmlGroup[] = [];
  if (src.beforeRead) {
    const answered = await src.beforeRead(types, reply);
    if (answered) return answered;
  }
  const q = gf.query;
  let skip = q.startIndex, left = q.count, matched = 0;
  const features: GeoFeature[] = [];
  for (const t of types) {
    const n = q.none ? 0 : await src.count(t, q);
    matched += n;
    if (gf.hits || n === 0) continue;
    if (skip >= n) { skip -= n; continue; }
    if (left > 0) {
      const got = await src.page(t, { ...q, startIndex: skip, count: left });
      features.push(...got);
      if (gml) groups.push({ name: t.name, fields: await src.fields(t), features: got });
      left -= got.length;
    }
    skip = 0;
  }
  if (gf.hits) return reply.type('application/xml; charset=utf-8').send(hitsXml(version, matched));
  if (gml) return reply.type(`${GML311}; charset=utf-8`).send(gmlFeatureCollection(src.product, namespaceUri(src.product), groups, gf.srs.crs));
  return reply.type('application/json; charset=utf-8')
    .send(featureCollection(features, matched, gf.srs.crs, converter('EPSG:3857', gf.srs.crs)));
}

async function describe<T extends WfsType>(reply: FastifyReply, p: Params, src: WfsSource<T>, version: string) {
  const all = await src.types();
  const raw = p.get('typenames') ?? p.get('typename');
  const types = raw && raw.trim() ? typeNamesOf(all, p, raw.split(',').map((s) => s.trim()).filter(Boolean)) : all.listed;
  const schemas: SchemaType[] = [];
  for (const t of types) schemas.push({ name: t.name, geometry: t.geometry, fields: await src.fields(t) });
  return reply.type('text/xml; subtype=gml/3.2; charset=utf-8').send(schemaXml(version, src.product, schemas));
}

async function capabilities<T extends WfsType>(req: FastifyRequest, reply: FastifyReply, src: WfsSource<T>, version: string) {
  const url = `${req.protocol}://${req.headers.host ?? 'localhost'}${req.url.split('?')[0]}`;
  const xml = capabilitiesXml({
    version: version.startsWith('2.') ? '2.0.0' : '1.1.0', url, product: src.product, projectName: src.title,
    types: (await src.types()).listed, wgs84: storageToWgs84(await src.extent()), transaction: src.transactional,
  });
  return reply.type('application/xml; charset=utf-8').send(xml);
}

/** Answers one WFS request (GetCapabilities, DescribeFeatureType, GetFeature) from `src`. */
export async function handleWfs<T extends WfsType>(req: FastifyRequest, reply: FastifyReply, src: WfsSource<T>, q: { p: Params; version: string; request: string }): Promise<FastifyReply> {
  switch (q.request.toLowerCase()) {
    case 'getcapabilities': return capabilities(req, reply, src, q.version);
    case 'describefeaturetype': return describe(reply, q.p, src, q.version);
    case 'getfeature': return getFeature(reply, q.p, src, q.version);
    default:
      throw new OwsError('OperationNotSupported', 'request', `Operation ${q.request.slice(0, 40)} is not supported (GetCapabilities, DescribeFeatureType, GetFeature).`);
  }
}

/** The WFS service shape (name, version rules, ExceptionReport) shared by every WFS route. */
export const WFS_SERVICE = {
  name: 'WFS' as const, param: (n: string) => n, version: parseVersion, defaultVersion: '2.0.0',
  report: (reply: FastifyReply, e: OwsError, version: string) => reply.status(e.status).type('application/xml; charset=utf-8').send(exceptionReport(e, version.startsWith('1.') ? '1.1.0' : '2.0.0')),
};

/** The project's network and stored features as a WFS source. */
export function projectSource(db: Queryable, project: ProjectRow, product: string): WfsSource<FeatureType> {
  let types: Promise<ProjectTypes> | undefined;
  return {
    product, title: project.name, projectId: project.id, transactional: true,
    types: () => (types ??= projectFeatureTypes(db, project.project_type_id, project.family)),
    count: (t, q) => (t.source === 'network' ? countNetwork(db, t, q) : countStored(db, t, q)),
    page: async (t, q) => (t.source === 'network' ? pageNetwork(db, t, q, (await attributeTypes(db, t)).byKey) : pageStored(db, t, q)),
    fields: async (t) => (t.source === 'network' ? networkFields(t.geometry, (await attributeTypes(db, t)).fields) : storedFields(db, project.id, t.table)),
    extent: () => projectExtent(db, project.id),
  };
}

export async function geoserverRoutes(api: FastifyInstance): Promise<void> {
  registerWms(api);
  registerWfsTransaction(api, '/project/:projectId/geoserver/:product/ows');
  registerOwsRoute(api, '/project/:projectId/geoserver/:product/ows', {
    ...WFS_SERVICE,
    handle: (req, reply, { p, project, product, version, request }) =>
      handleWfs(req, reply, projectSource(req.server.deps.db, project, product), { p, version, request }),
  });
}
