// The image side of the factory: a catalogue entry of type image → a MapLibre raster source and layer. WMS with
// SERVICE/REQUEST/LAYERS/STYLES/TRANSPARENT (+ CQL_FILTER project_id and type for project layers), WMTS/XYZ tiles,
// and tiles through /api/proxy where the entry says so (spec 3 §7).
import type { LayerSpecification, RasterSourceSpecification, RequestParameters } from 'maplibre-gl';
import type { LayerEntry } from '../types';

export interface ImageLayerOptions {
  projectId?: number;
  product?: string;
  visible?: boolean;
  opacity?: number;
  /** The street-level atlas tile address (`atlas` of GET /api/cyclomedia/atlas?userId) for `addressFrom` sources. */
  atlas?: string | null;
}

export interface ImageLayerSpec {
  sourceId: string;
  source: RasterSourceSpecification;
  layer: LayerSpecification;
  drawOrder: number;
}

const PLACEHOLDERS = /%7B(z|x|y|bbox-epsg-3857)%7D/g;
const enc = (v: string) => encodeURIComponent(v).replace(PLACEHOLDERS, '{$1}');

/** CQL filter of a project layer: project_id plus a type filter (single value or list). */
export function projectCql(projectId: number, types: readonly string[] = []): string {
  if (!Number.isInteger(projectId)) throw new Error('projectId must be an integer for a project layer');
  const q = (t: string) => `'${t.replace(/'/g, "''")}'`;
  const typeFilter = types.length === 0 ? '' : types.length === 1 ? ` AND type=${q(types[0])}` : ` AND type IN (${types.map(q).join(',')})`;
  return `project_id=${projectId}${typeFilter}`;
}

function fill(url: string, o: ImageLayerOptions): string {
  return url.replace('{projectId}', String(o.projectId ?? '')).replace('{product}', o.product ?? 'fttx');
}

/** WMS GetMap tile template with MapLibre's {bbox-epsg-3857} placeholder. */
export function wmsTileUrl(entry: LayerEntry, o: ImageLayerOptions = {}): string {
  const s = entry.source;
  if (!s || s.kind !== 'wms') throw new Error(`layer ${entry.name}: source must be wms`);
  const version = s.version ?? '1.3.0';
  const params: [string, string][] = [
    ['SERVICE', 'WMS'], ['VERSION', version], ['REQUEST', 'GetMap'], ['LAYERS', s.layers], ['STYLES', s.styles ?? ''],
    ['FORMAT', 'image/png'], ['TRANSPARENT', 'TRUE'], [version === '1.3.0' ? 'CRS' : 'SRS', 'EPSG:3857'],
    ['WIDTH', '256'], ['HEIGHT', '256'], ['BBOX', '{bbox-epsg-3857}'],
  ];
  if (s.projectFilter) {
    if (o.projectId === undefined) throw new Error(`layer ${entry.name}: projectId is required for a project WMS layer`);
    params.push(['CQL_FILTER', projectCql(o.projectId, entry.featureTypes)]);
  }
  const base = fill(s.url, o);
  return `${base}${base.includes('?') ? '&' : '?'}${params.map(([k, v]) => `${k}=${enc(v)}`).join('&')}`;
}

/** Through the proxy: /api/proxy?url=<target>; the target also travels in headers (see proxyTransformRequest). */
export function proxied(url: string): string {
  return `/api/proxy?url=${enc(url)}`;
}

/** The call giving a run-time tile address (`addressFrom`), e.g. `/api/cyclomedia/atlas?userId=5`. */
export function addressRequest(entry: LayerEntry, userId: number): string {
  const s = entry.source;
  if (!s || s.kind === 'wfs' || s.kind === 'wms' || !s.addressFrom) throw new Error(`layer ${entry.name}: source has no addressFrom`);
  if (!Number.isInteger(userId) || userId < 1) throw new Error(`layer ${entry.name}: userId must be a positive integer`);
  return `${s.addressFrom}?userId=${userId}`;
}

/** The atlas address of a GET /api/cyclomedia/atlas answer (`{userId, atlas}`), or null when the user has none. */
export function atlasOf(body: unknown): string | null {
  const a = (body as { atlas?: unknown } | null)?.atlas;
  return typeof a === 'string' && a.trim() !== '' ? a.trim() : null;
}

function runtimeAddress(entry: LayerEntry, o: ImageLayerOptions): string {
  const a = o.atlas;
  if (!a) throw new Error(`layer ${entry.name}: atlas is required (the address from GET /api/cyclomedia/atlas)`);
  if (!/\{z\}/.test(a) || !/\{x\}/.test(a) || !/\{y\}/.test(a)) throw new Error(`layer ${entry.name}: atlas must be a tile address with {z}, {x} and {y}`);
  return a;
}

export function tileUrl(entry: LayerEntry, o: ImageLayerOptions = {}): string {
  const s = entry.source;
  if (!s || s.kind === 'wfs') throw new Error(`layer ${entry.name}: image source required`);
  const url = s.kind === 'wms' ? wmsTileUrl(entry, o) : s.addressFrom ? runtimeAddress(entry, o) : fill(s.url, o);
  return s.proxy ? proxied(url) : url;
}

export function createImageLayer(entry: LayerEntry, o: ImageLayerOptions = {}): ImageLayerSpec {
  if (entry.type !== 'image') throw new Error(`layer ${entry.name}: type must be image for a raster layer`);
  const s = entry.source!;
  const sourceId = `src-${entry.name}`;
  const source: RasterSourceSpecification = {
    type: 'raster', tiles: [tileUrl(entry, o)], tileSize: s.kind !== 'wfs' && 'tileSize' in s && s.tileSize ? s.tileSize : 256,
    minzoom: 0, maxzoom: 22, attribution: entry.attributions.join(' · ') || undefined,
  };
  const visible = o.visible ?? entry.defaultVisible;
  const layer: LayerSpecification = {
    id: entry.name, type: 'raster', source: sourceId, minzoom: entry.minZoom, maxzoom: entry.maxZoom,
    layout: { visibility: visible ? 'visible' : 'none' },
    paint: { 'raster-opacity': o.opacity ?? entry.opacity },
    metadata: { drawOrder: entry.drawOrder, category: entry.category },
  };
  return { sourceId, source, layer, drawOrder: entry.drawOrder };
}

/**
 * MapLibre transformRequest for proxied tiles: the target URL and request type go in headers, with the bearer token
 * and the header that keeps the loading overlay away.
 */
export function proxyTransformRequest(token: string | null) {
  return (url: string, resourceType?: string): RequestParameters => {
    const i = url.indexOf('/api/proxy?url=');
    if (i < 0) return { url };
    const target = decodeURIComponent(url.slice(i + '/api/proxy?url='.length));
    const headers: Record<string, string> = {
      'X-Proxy-Target-Url': target, 'X-Proxy-Request-Type': resourceType === 'Tile' ? 'image' : String(resourceType ?? 'image'),
      'X-Bypass-Loading': 'true', Accept: 'image/png',
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    return { url, headers };
  };
}
