// The reference layers our server offers, derived from the layer catalogue (layers/) at start: the WFS typenames read
// from /api/geodata (WFS 1.1.0), /api/geodata/ows (WFS 1.0.0) and /api/cocon/{layer}, the WMS layer names of
// /api/geodata/wms/, and the cocon tile sets of /api/cocon/{set}/{z}/{x}/{y}. One list, so a catalogue entry added
// there is served here without a second table.
import { CATALOGUE } from '../../layers/catalogue';
import type { GeometryName } from '../geoserver/feature-types';

/** Which of our reference services reads a layer. */
export type ReferenceService = 'geodata' | 'geodata-ows' | 'cocon' | 'wms' | 'tiles';

export interface ReferenceLayer {
  source: 'reference';
  /** Layer name in the reference table = typename / WMS layer / tile set. */
  name: string;
  title: string;
  geometry: GeometryName;
}

const GEOM: Record<string, GeometryName> = { point: 'Point', line: 'LineString', polygon: 'Polygon' };
const TILE_RE = /^\/api\/cocon\/([A-Za-z0-9_-]+)\/\{z\}\/\{x\}\/\{y\}$/;

function serviceOf(kind: string, url: string): ReferenceService | undefined {
  if (kind === 'wfs' && url === '/api/geodata') return 'geodata';
  if (kind === 'wfs' && url === '/api/geodata/ows') return 'geodata-ows';
  if (kind === 'wfs' && url === '/api/cocon/{layer}') return 'cocon';
  if (kind === 'wms' && url.startsWith('/api/geodata/wms')) return 'wms';
  if (kind === 'xyz' && TILE_RE.test(url)) return 'tiles';
  return undefined;
}

function build(): Record<ReferenceService, Map<string, ReferenceLayer>> {
  const out: Record<ReferenceService, Map<string, ReferenceLayer>> = {
    geodata: new Map(), 'geodata-ows': new Map(), cocon: new Map(), wms: new Map(), tiles: new Map(),
  };
  for (const e of CATALOGUE) {
    const s = e.source;
    if (!s) continue;
    const service = serviceOf(s.kind, s.url);
    if (!service) continue;
    const names = s.kind === 'wfs' ? [s.typeName] : s.kind === 'wms' ? s.layers.split(',') : [TILE_RE.exec(s.url)![1]];
    for (const n of names.map((x) => x.trim()).filter(Boolean)) {
      if (!out[service].has(n)) out[service].set(n, { source: 'reference', name: n, title: e.name, geometry: GEOM[e.geometry] ?? 'Geometry' });
    }
  }
  return out;
}

/** Reference layers per service, in catalogue order. */
export const REFERENCE_SERVICES = build();

/** Every layer name the reference table may hold (what POST /api/geodata/import accepts). */
export const REFERENCE_LAYER_NAMES: readonly string[] = [...new Set(Object.values(REFERENCE_SERVICES).flatMap((m) => [...m.keys()]))].sort();

/** Extra CQL property of the geodata ows service (spec 3 §7: "optional municipality name filter"). */
export const MUNICIPALITY_FIELD = 'gemeentenaam';
