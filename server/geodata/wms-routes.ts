// The reference-data WMS (spec 3 §7): GET /api/geodata/wms/ (also without the slash) and /api/geodata/tpg/wms —
// GetMap draws the reference table's rows of the LAYERS named (bgt_vegetation, risk_grid, heat_networks, osmm,
// trees_neo, built-up, …, and the WFS reference layers) into a PNG with the project WMS's renderer and parameters;
// GetLegendGraphic draws the layer's swatch. Unknown layer → 400 ServiceException code LayerNotDefined naming it; a
// layer without stored data goes to GEODATA_UPSTREAM_URL (same sub-path and query) or answers 503.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerOwsService, type OwsCall } from '../geoserver/ows-route';
import { layerNotFound, OwsError } from '../geoserver/ows-error';
import { legendCanvas, parseLegendGraphic } from '../geoserver/legend';
import { DEFAULT_COLOR, renderLayers, sendPng, WMS_SERVICE } from '../geoserver/wms';
import { parseGetMap } from '../geoserver/wms-params';
import type { Rgba } from '../geoserver/raster';
import { MUNICIPALITY_FIELD, REFERENCE_SERVICES, type ReferenceLayer } from './layers';
import { layersWithData, pageReference, type Viewer } from './reference-store';
import { forwardOrFail } from './upstream-source';
import { viewerContext, type ReferenceContext } from './wfs-routes';

/** Fixed colour per reference layer (catalogue styles are not applied server-side); others DEFAULT_COLOR. */
export const REFERENCE_COLORS: Record<string, Rgba> = {
  trees_neo: [34, 139, 34, 255], bgt_vegetation: [60, 160, 60, 255], address_objects: [80, 80, 80, 255],
  neighbourhoods: [128, 0, 128, 255], road_sections: [120, 120, 120, 255], water_defences: [0, 105, 148, 255],
  risk_grid: [255, 140, 0, 255], heat_networks: [232, 83, 30, 255], heat_sources: [200, 30, 30, 255],
  built_up: [150, 75, 0, 255], 'built-up': [150, 75, 0, 255], cocon2: [0, 150, 136, 255], asbuilt: [0, 121, 107, 255],
  tabcabperc: [255, 87, 34, 255], cocon_dp: [0, 150, 136, 255], cocon_duct: [0, 121, 107, 255],
};
export const referenceColor = (t: { name: string }): Rgba => REFERENCE_COLORS[t.name] ?? DEFAULT_COLOR;

/** Every reference layer a WMS may draw: the WMS layers of the catalogue and the WFS reference layers. */
const WMS_LAYERS = new Map<string, ReferenceLayer>();
for (const m of [REFERENCE_SERVICES.wms, REFERENCE_SERVICES.geodata, REFERENCE_SERVICES['geodata-ows'], REFERENCE_SERVICES.cocon, REFERENCE_SERVICES.tiles]) {
  for (const [k, v] of m) if (!WMS_LAYERS.has(k)) WMS_LAYERS.set(k, v);
}

function resolveLayer(param: 'LAYERS' | 'LAYER', raw: string): ReferenceLayer {
  const l = WMS_LAYERS.get(raw.includes(':') ? raw.slice(raw.lastIndexOf(':') + 1) : raw);
  if (!l) throw layerNotFound(param, raw);
  return l;
}

/** Draws reference layers into a PNG answer (GetMap, cocon tiles). */
export async function drawReference(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, m: ReturnType<typeof parseGetMap>): Promise<FastifyReply> {
  const db = req.server.deps.db;
  const canvas = await renderLayers<ReferenceLayer>({
    resolve: (n) => resolveLayer('LAYERS', n),
    features: (t, q) => pageReference(db, t.name, viewer, q),
    color: referenceColor,
  }, m);
  return sendPng(reply, m.width, m.height, canvas);
}

async function handle(req: FastifyRequest, reply: FastifyReply, c: OwsCall<ReferenceContext>, subPath: string): Promise<FastifyReply> {
  switch (c.request.toLowerCase()) {
    case 'getmap': case 'map': {
      const m = parseGetMap(c.p, c.version, 0, [MUNICIPALITY_FIELD]);
      const names = [...new Set(m.layers.map((n) => resolveLayer('LAYERS', n).name))];
      const have = await layersWithData(req.server.deps.db, names, c.viewer);
      const lacking = names.filter((n) => !have.has(n));
      if (lacking.length) return forwardOrFail(req, reply, 'geodata', subPath, lacking);
      return drawReference(req, reply, c.viewer, m);
    }
    case 'getlegendgraphic': {
      const l = parseLegendGraphic(c.p);
      const layer = resolveLayer('LAYER', l.layer);
      return sendPng(reply, l.width, l.height, legendCanvas(l.width, l.height, layer.geometry, referenceColor(layer)));
    }
    default:
      throw new OwsError('OperationNotSupported', 'REQUEST', `Operation ${c.request.slice(0, 40)} is not supported (GetMap, GetLegendGraphic).`);
  }
}

export function registerReferenceWms(api: FastifyInstance): void {
  const wms = (path: string, subPath: string) => registerOwsService<ReferenceContext>(api, path, {
    ...WMS_SERVICE, handle: (req, reply, c) => handle(req, reply, c, subPath),
  }, viewerContext);
  wms('/geodata/wms', '/wms');
  wms('/geodata/wms/', '/wms/');
  wms('/geodata/tpg/wms', '/tpg/wms');
}
