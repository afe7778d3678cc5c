// Route group of the reference-data services (spec 3 §7, issue 12): /api/geodata (WFS 1.1.0), /api/geodata/ows
// (WFS 1.0.0), /api/geodata/wms/ and /api/geodata/tpg/wms (WMS GetMap, GetLegendGraphic), /api/cocon/{layer} (WFS),
// /api/cocon/{cocon2,asbuilt,tabcabperc}/{z}/{x}/{y} (tiles) and POST /api/geodata/import (administrators).
import type { FastifyInstance } from 'fastify';
import { registerCoconTiles } from './cocon-tiles';
import { registerReferenceImport } from './import-route';
import { registerReferenceWfs } from './wfs-routes';
import { registerReferenceWms } from './wms-routes';

export async function geodataRoutes(api: FastifyInstance): Promise<void> {
  registerReferenceWfs(api);
  registerReferenceWms(api);
  registerCoconTiles(api);
  await registerReferenceImport(api);
}
