// GET /api/project/{id}/geoserver/{product}/wms — the project's own WMS (spec 3 §7, "Tiled image layer"): GetMap
// draws the features of the named layers (the WFS feature types: same names, same CQL_FILTER subset, same reads) into
// a PNG in plain TypeScript; GetLegendGraphic draws a layer's swatch (legend.ts). Same access rules as the ows route;
// bad parameters → 400 ServiceExceptionReport naming it. The renderer (renderLayers) also serves server/geodata.
import proj4 from 'proj4';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CRS_DEFS } from '../../engine/projection';
import type { ProjectRow } from '../projects/access';
import { bboxToStorage, STORAGE_CRS } from './crs';
import { projectFeatureTypes, resolveType, type FeatureType } from './feature-types';
import type { GeoFeature } from './geojson';
import { pageNetwork } from './network-features';
import { OwsError } from './ows-error';
import { encodePng } from './png';
import { legendCanvas, parseLegendGraphic } from './legend';
import { readParams, type Query } from './query';
import { Canvas, drawGeometry, Mask, type DrawStyle, type Pixel, type Rgba } from './raster';
import { pageStored } from './stored-features';
import { parseGetMap, parseWmsVersion, type GetMap } from './wms-params';
import { registerOwsRoute } from './ows-route';
import { xmlEscape } from './xml';

/** Stroke half width and point radius in pixels (lines ~2 px wide, points ~7 px across). */
export const DRAW: DrawStyle = { lineHalfWidth: 1, pointRadius: 3 };

/** Fixed colour per feature type (bare typename or catalogue layer name); others get DEFAULT_COLOR. */
export const LAYER_COLORS: Record<string, Rgba> = {
  pipe: [232, 83, 30, 255], // heat pipes: red-orange
  heatPipes: [232, 83, 30, 255],
  cap: [139, 0, 0, 255], // heat caps / customer connections: dark red
  heatCaps: [139, 0, 0, 255],
  lu: [128, 128, 128, 255],
  substation: [139, 0, 0, 255],
  starting_point: [220, 20, 60, 255],
  ducts: [0, 128, 0, 255],
  trenches: [139, 90, 43, 255],
};
export const DEFAULT_COLOR: Rgba = [0, 92, 230, 255];

export function layerColor(t: FeatureType): Rgba {
  return LAYER_COLORS[t.name] ?? DEFAULT_COLOR;
}

/** WMS ServiceExceptionReport (1.3.0 namespace; 1.1.1 without), code refined from the parameter it names. */
export function serviceException(e: OwsError, version: string): string {
  let code: string = e.code;
  if (e.code === 'InvalidParameterValue' && /^(CRS|SRS)$/.test(e.locator)) code = 'InvalidCRS';
  else if (e.code === 'InvalidParameterValue' && /^LAYERS?$/.test(e.locator)) code = 'LayerNotDefined';
  else if (e.code === 'InvalidParameterValue' && e.locator === 'STYLES') code = 'StyleNotDefined';
  else if (e.code === 'InvalidParameterValue' && e.locator === 'FORMAT') code = 'InvalidFormat';
  const ns = version === '1.3.0' ? ' xmlns="http://www.opengis.net/ogc"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<ServiceExceptionReport version="${xmlEscape(version)}"${ns}>
  <ServiceException code="${code}" locator="${xmlEscape(e.locator)}">${xmlEscape(e.message)}</ServiceException>
</ServiceExceptionReport>
`;
}

/** Storage (EPSG:3857) position → pixel of the picture (x right, y down). */
export function pixelMapper(m: Pick<GetMap, 'srs' | 'bbox' | 'width' | 'height'>): Pixel {
  const [x1, y1, x2, y2] = m.bbox;
  const sx = m.width / (x2 - x1), sy = m.height / (y2 - y1);
  const crs = m.srs.crs;
  if (crs === STORAGE_CRS || crs === 'EPSG:900913' || CRS_DEFS[crs] === CRS_DEFS[STORAGE_CRS]) {
    return (p) => [(p[0] - x1) * sx, (y2 - p[1]) * sy];
  }
  const t = proj4(CRS_DEFS[STORAGE_CRS], CRS_DEFS[crs]);
  return (p) => { const q = t.forward([p[0], p[1]]); return [(q[0] - x1) * sx, (y2 - q[1]) * sy]; };
}

/** What a WMS draws: its layer names resolved to types, their features for a query, and a colour per type. */
export interface MapSource<T> {
  resolve(name: string): T;
  features(t: T, q: Query): Promise<GeoFeature[]>;
  color(t: T): Rgba;
}

/** Renders a GetMap of any source into an RGBA canvas (each layer a coverage mask composited in its colour). */
export async function renderLayers<T>(src: MapSource<T>, m: GetMap): Promise<Canvas> {
  const types = m.layers.map((n) => src.resolve(n));
  const [bx1, by1, bx2, by2] = bboxToStorage('BBOX', { minx: m.bbox[0], miny: m.bbox[1], maxx: m.bbox[2], maxy: m.bbox[3] }, { crs: m.srs.crs, latLon: false });
  // Widen the window by the symbol size so a point or line just outside the tile still paints its edge pixels.
  const margin = (DRAW.pointRadius + 2) * Math.max((bx2 - bx1) / m.width, (by2 - by1) / m.height);
  const window: [number, number, number, number] = [bx1 - margin, by1 - margin, bx2 + margin, by2 + margin];
  const canvas = new Canvas(m.width, m.height, m.background);
  const toPixel = pixelMapper(m);
  for (let i = 0; i < types.length; i++) {
    const q = { ...m.queries[i], boxes: [...m.queries[i].boxes, window] };
    const features = q.none ? [] : await src.features(types[i], q);
    if (!features.length) continue;
    const mask = new Mask(m.width, m.height);
    for (const f of features) drawGeometry(mask, f.geometry, toPixel, DRAW);
    canvas.composite(mask.m, src.color(types[i]));
  }
  return canvas;
}

/** Renders a project GetMap into an RGBA canvas (exported for tests and benches). */
export async function renderGetMap(req: FastifyRequest, project: ProjectRow, m: GetMap): Promise<Canvas> {
  const db = req.server.deps.db;
  const all = await projectFeatureTypes(db, project.project_type_id, project.family);
  return renderLayers<FeatureType>({
    resolve: (n) => resolveType(all, 'LAYERS', n),
    // Attribute typing does not matter for drawing, so the attribute-type lookup is skipped (empty map).
    features: (t, q) => (t.source === 'network' ? pageNetwork(db, t, q, new Map()) : pageStored(db, t, q)),
    color: layerColor,
  }, m);
}

/** The PNG answer of a rendered picture. */
export function sendPng(reply: FastifyReply, width: number, height: number, canvas: Canvas): FastifyReply {
  return reply.type('image/png').header('cache-control', 'private, no-cache').send(encodePng(width, height, canvas.data));
}

async function getMap(req: FastifyRequest, reply: FastifyReply, project: ProjectRow, version: string) {
  const m = parseGetMap(readParams(req.query), version, project.id);
  return sendPng(reply, m.width, m.height, await renderGetMap(req, project, m));
}

/** The WMS service shape (name, version rules, ServiceExceptionReport) shared by every WMS route. */
export const WMS_SERVICE = {
  name: 'WMS' as const, param: (n: string) => n.toUpperCase(), version: parseWmsVersion, defaultVersion: '1.3.0',
  report(reply: FastifyReply, e: OwsError, version: string) {
    const type = version === '1.3.0' ? 'text/xml; charset=utf-8' : 'application/vnd.ogc.se_xml; charset=utf-8';
    return reply.status(e.status).type(type).send(serviceException(e, version));
  },
};

export function registerWms(api: FastifyInstance): void {
  registerOwsRoute(api, '/project/:projectId/geoserver/:product/wms', {
    ...WMS_SERVICE,
    async handle(req, reply, { project, version, request, p }) {
      switch (request.toLowerCase()) {
        case 'getmap': case 'map': return getMap(req, reply, project, version);
        case 'getlegendgraphic': {
          const l = parseLegendGraphic(p);
          const t = resolveType(await projectFeatureTypes(req.server.deps.db, project.project_type_id, project.family), 'LAYER', l.layer);
          return sendPng(reply, l.width, l.height, legendCanvas(l.width, l.height, t.geometry, layerColor(t)));
        }
        default:
          throw new OwsError('OperationNotSupported', 'REQUEST', `Operation ${request.slice(0, 40)} is not supported (GetMap, GetLegendGraphic).`);
      }
    },
  });
}
