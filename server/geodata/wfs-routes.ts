// The reference-data WFS (spec 3 §7): GET /api/geodata (WFS 1.1.0: address objects, neighbourhoods, road sections,
// water defences, risk grid, trees_neo), GET /api/geodata/ows (WFS 1.0.0: heat sources, connections, heat-exchange
// stations; CQL `gemeentenaam` = municipality filter) and GET /api/cocon/{layer} (cocon dp, pop, slack, duct, drilling;
// typename = the path's layer; srsname EPSG:28992 for the national projection). The same request code as the project
// WFS (geoserver/routes.ts handleWfs: capabilities, schema, GetFeature with bbox, cql BBOX, srsName, count, hits) over
// the reference table; a layer without stored data goes to the configured upstream or answers 503.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_EXTENT, handleWfs, WFS_SERVICE, type WfsSource } from '../geoserver/routes';
import { registerOwsService } from '../geoserver/ows-route';
import { invalid, layerNotFound, OwsError } from '../geoserver/ows-error';
import { MUNICIPALITY_FIELD, REFERENCE_SERVICES, type ReferenceLayer, type ReferenceService } from './layers';
import { countReference, layersWithData, pageReference, referenceExtent, referenceFields, type Viewer } from './reference-store';
import { forwardOrFail, type SourceFamily } from './upstream-source';

export interface ReferenceContext { viewer: Viewer }

/** The caller's organisation (reference rows: shared plus own). */
export async function viewerContext(req: FastifyRequest): Promise<ReferenceContext> {
  return { viewer: { organisationId: req.user.organisationId } };
}

export interface SourceOptions {
  service: ReferenceService;
  product: string;
  title: string;
  family: SourceFamily;
  /** Path under the family's upstream base that this request is forwarded to. */
  subPath: string;
}

/** One reference service as a WFS source for the caller. */
export function referenceSource(req: FastifyRequest, viewer: Viewer, o: SourceOptions): WfsSource<ReferenceLayer> {
  const db = req.server.deps.db;
  const layers = REFERENCE_SERVICES[o.service];
  return {
    product: o.product, title: o.title, projectId: 0,
    cqlFields: o.service === 'geodata-ows' ? [MUNICIPALITY_FIELD] : [],
    types: async () => ({ listed: [...layers.values()], byName: layers }),
    count: (t, q) => countReference(db, t.name, viewer, q),
    page: (t, q) => pageReference(db, t.name, viewer, q),
    fields: (t) => referenceFields(db, t.name, viewer),
    extent: async () => (await referenceExtent(db, [...layers.keys()], viewer)) ?? DEFAULT_EXTENT,
    async beforeRead(types: ReferenceLayer[], reply: FastifyReply) {
      const names = [...new Set(types.map((t) => t.name))];
      const have = await layersWithData(db, names, viewer);
      const lacking = names.filter((n) => !have.has(n));
      return lacking.length ? forwardOrFail(req, reply, o.family, o.subPath, lacking) : undefined;
    },
  };
}

const LAYER_RE = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export function registerReferenceWfs(api: FastifyInstance): void {
  const wfs = (path: string, o: SourceOptions) => registerOwsService(api, path, {
    ...WFS_SERVICE,
    handle: (req, reply, { viewer, p, version, request }) => handleWfs(req, reply, referenceSource(req, viewer, o), { p, version, request }),
  }, viewerContext);
  wfs('/geodata', { service: 'geodata', product: 'geodata', title: 'Reference data', family: 'geodata', subPath: '' });
  wfs('/geodata/ows', { service: 'geodata-ows', product: 'geodata', title: 'Heat reference data', family: 'geodata', subPath: '/ows' });

  // /api/cocon/{layer}: the path names the layer; a typename, when given, must name the same layer.
  registerOwsService<ReferenceContext & { layer: string }>(api, '/cocon/:layer', {
    ...WFS_SERVICE,
    handle(req, reply, { viewer, layer, p, version, request }) {
      const param = p.has('typenames') ? 'typeNames' : 'typeName';
      const raw = p.get('typenames') ?? p.get('typename');
      if (raw === undefined || raw.trim() === '') p.set('typename', layer);
      else if (raw.split(',').some((n) => n.trim().replace(/^.*:/, '') !== layer)) {
        throw invalid(param, `must name the layer of the path (${layer}), got '${raw.slice(0, 60)}'`);
      }
      return handleWfs(req, reply, referenceSource(req, viewer, { service: 'cocon', product: 'cocon', title: 'Cocon as-built', family: 'cocon', subPath: `/${layer}` }), { p, version, request });
    },
  }, async (req) => {
    const { layer } = req.params as { layer: string };
    if (!LAYER_RE.test(layer) || !REFERENCE_SERVICES.cocon.has(layer)) {
      const e = layerNotFound('layer', layer.slice(0, 64));
      throw new OwsError(e.code, e.locator, `${e.message} (cocon layers: ${[...REFERENCE_SERVICES.cocon.keys()].join(', ')})`, 404);
    }
    return { ...(await viewerContext(req)), layer };
  });
}
