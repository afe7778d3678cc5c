// GET /api/cocon/{set}/{z}/{x}/{y} for the tile sets of the catalogue (cocon2, asbuilt, tabcabperc; spec 3 §7): a
// 256×256 PNG in web mercator (EPSG:3857, XYZ numbering: y down from the north) drawn from the reference layer of the
// same name with the WMS renderer; a tile with nothing in it is a fully transparent 256×256 PNG. Bad z/x/y → 400
// naming the field; a set without any stored data goes to COCON_UPSTREAM_URL (same path) or answers 503.
import type { FastifyInstance } from 'fastify';
import { requirePolicy } from '../auth/guard';
import { HttpError } from '../auth/messages';
import { MAX_FEATURES } from '../geoserver/query';
import type { GetMap } from '../geoserver/wms-params';
import { REFERENCE_SERVICES } from './layers';
import { layersWithData } from './reference-store';
import { forwardOrFail } from './upstream-source';
import { drawReference } from './wms-routes';

export const TILE_SIZE = 256;
export const MAX_ZOOM = 24;
/** Half the width of the web mercator world in map units. */
const HALF = 20037508.342789244;

/** Checks z/x/y (y may carry a .png suffix); throws 400 naming the field. */
export function parseTile(raw: { z: string; x: string; y: string }): { z: number; x: number; y: number } {
  const int = (field: string, v: string, max: number) => {
    if (!/^\d{1,8}$/.test(v) || Number(v) > max) throw new HttpError(400, 'bad_request', `params/${field} must be a whole number from 0 to ${max} (got '${v.slice(0, 20)}')`);
    return Number(v);
  };
  const z = int('z', raw.z, MAX_ZOOM);
  const n = 2 ** z - 1;
  return { z, x: int('x', raw.x, n), y: int('y', raw.y.replace(/\.png$/i, ''), n) };
}

/** EPSG:3857 bounds [minx, miny, maxx, maxy] of an XYZ tile. */
export function tileBounds(z: number, x: number, y: number): [number, number, number, number] {
  const size = (2 * HALF) / 2 ** z;
  return [-HALF + x * size, HALF - (y + 1) * size, -HALF + (x + 1) * size, HALF - y * size];
}

export function registerCoconTiles(api: FastifyInstance): void {
  for (const set of REFERENCE_SERVICES.tiles.keys()) {
    api.get(`/cocon/${set}/:z/:x/:y`, { onRequest: requirePolicy('network.view') }, async (req, reply) => {
      const t = parseTile(req.params as { z: string; x: string; y: string });
      const viewer = { organisationId: req.user.organisationId };
      if (!(await layersWithData(req.server.deps.db, [set], viewer)).has(set)) {
        return forwardOrFail(req, reply, 'cocon', `/${set}/${t.z}/${t.x}/${t.y}`, [set]);
      }
      const m: GetMap = {
        layers: [set], srs: { crs: 'EPSG:3857', latLon: false }, bbox: tileBounds(t.z, t.x, t.y), width: TILE_SIZE, height: TILE_SIZE,
        transparent: true, background: [0, 0, 0, 0],
        queries: [{ projectId: 0, types: [], boxes: [], count: MAX_FEATURES, startIndex: 0, none: false }],
      };
      return drawReference(req, reply, viewer, m);
    });
  }
}
