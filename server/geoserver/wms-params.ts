// The KVP parameters of a project WMS GetMap (1.3.0; 1.1.1's SRS and axis order accepted): LAYERS, STYLES, CRS/SRS,
// BBOX, WIDTH, HEIGHT, FORMAT, TRANSPARENT, BGCOLOR and CQL_FILTER (the WFS subset: project_id, type, BBOX; one
// filter for all layers or one per layer separated by ';'). Every value is checked; a bad one is a 400 naming it.
import { parseCql } from './cql';
import { bboxToStorage, parseSrs, STORAGE_CRS, type Srs } from './crs';
import { invalid, missing, OwsError } from './ows-error';
import { MAX_FEATURES, type Box, type Params, type Query } from './query';
import type { Rgba } from './raster';

export const WMS_VERSIONS = ['1.3.0', '1.1.1', '1.1.0'] as const;
/** Largest WIDTH / HEIGHT of a GetMap. */
export const MAX_SIZE = 2048;
const PNG_FORMATS = new Set(['image/png', 'png', 'image/png8', 'image/png; mode=8bit', 'image/png;mode=8bit']);

export interface GetMap {
  layers: string[];
  /** CRS of BBOX and of the picture. */
  srs: Srs;
  /** BBOX as x/y (easting/northing, or lon/lat) in `srs`. */
  bbox: Box;
  width: number;
  height: number;
  transparent: boolean;
  background: Rgba;
  /** One query per layer (project, types, boxes in EPSG:3857 — the tile window not yet added). */
  queries: Query[];
}

export function parseWmsVersion(p: Params): string {
  const v = p.get('version') ?? p.get('wmtver') ?? '1.3.0';
  if (!(WMS_VERSIONS as readonly string[]).includes(v.trim())) {
    throw new OwsError('VersionNegotiationFailed', 'VERSION', `WMS version ${v.slice(0, 20)} is not supported (${WMS_VERSIONS.join(', ')}).`);
  }
  return v.trim();
}

function size(p: Params, name: 'WIDTH' | 'HEIGHT'): number {
  const v = p.get(name.toLowerCase());
  if (v === undefined || v.trim() === '') throw missing(name);
  if (!/^\d{1,9}$/.test(v.trim())) throw invalid(name, `'${v.slice(0, 40)}' is not a positive integer`);
  const n = Number(v);
  if (n < 1 || n > MAX_SIZE) throw invalid(name, `must be between 1 and ${MAX_SIZE} pixels (got ${n})`);
  return n;
}

function parseCrs(p: Params, version: string): { srs: Srs; name: string } {
  const name = p.has('crs') ? 'CRS' : 'SRS';
  const raw = p.get('crs') ?? p.get('srs');
  if (raw === undefined || raw.trim() === '') throw missing(version === '1.3.0' ? 'CRS' : 'SRS');
  if (/^CRS:84$/i.test(raw.trim())) return { srs: { crs: 'EPSG:4326', latLon: false }, name };
  const srs = parseSrs(name, raw);
  // WMS 1.3.0 reads EPSG:4326 as latitude/longitude (the EPSG axis order); 1.1.1 as longitude/latitude.
  if (srs.crs === 'EPSG:4326' && version === '1.3.0' && !/CRS84$/i.test(raw.trim())) return { srs: { ...srs, latLon: true }, name };
  return { srs, name };
}

function parseBbox(p: Params, srs: Srs): Box {
  const v = p.get('bbox');
  if (v === undefined || v.trim() === '') throw missing('BBOX');
  const parts = v.split(',').map((s) => s.trim());
  if (parts.length !== 4) throw invalid('BBOX', 'expected minx,miny,maxx,maxy');
  const n = parts.map(Number);
  if (parts.some((s) => s === '') || !n.every(Number.isFinite)) throw invalid('BBOX', 'corners must be numbers');
  if (n[0] >= n[2] || n[1] >= n[3]) throw invalid('BBOX', 'minimum must be less than maximum');
  return srs.latLon ? [n[1], n[0], n[3], n[2]] : [n[0], n[1], n[2], n[3]];
}

function parseBoolean(p: Params, name: string, dflt: boolean): boolean {
  const v = p.get(name.toLowerCase());
  if (v === undefined || v.trim() === '') return dflt;
  if (/^true$/i.test(v.trim())) return true;
  if (/^false$/i.test(v.trim())) return false;
  throw invalid(name, `'${v.slice(0, 20)}' is not TRUE or FALSE`);
}

function parseBgColor(p: Params): [number, number, number] {
  const v = p.get('bgcolor');
  if (v === undefined || v.trim() === '') return [255, 255, 255];
  const m = /^(?:0x|#)?([0-9a-f]{6})$/i.exec(v.trim());
  if (!m) throw invalid('BGCOLOR', `'${v.slice(0, 20)}' is not a colour 0xRRGGBB`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Splits CQL_FILTER on ';' outside quoted strings (GeoServer: one filter per layer). */
export function splitFilters(src: string): string[] {
  const out: string[] = [];
  let cur = '', quoted = false;
  for (const ch of src) {
    if (ch === "'") quoted = !quoted;
    if (ch === ';' && !quoted) { out.push(cur); cur = ''; continue; }
    cur += ch;
  }
  out.push(cur);
  return out;
}

function queryOf(cql: string | undefined, projectId: number, fields: readonly string[]): Query {
  const q: Query = { projectId, types: [], boxes: [], count: MAX_FEATURES, startIndex: 0, none: false };
  if (cql === undefined || cql.trim() === '') return q;
  const f = parseCql(cql, fields);
  if (f.projectIds.some((id) => id !== projectId)) q.none = true;
  q.types.push(...f.types);
  if (f.props) q.props = f.props;
  for (const b of f.bboxes) {
    q.boxes.push(bboxToStorage('cql_filter', b, b.crs ? parseSrs('cql_filter', b.crs) : { crs: STORAGE_CRS, latLon: false }));
  }
  return q;
}

/** `fields`: extra property names CQL_FILTER may compare (reference data, see parseCql). */
export function parseGetMap(p: Params, version: string, projectId: number, fields: readonly string[] = []): GetMap {
  const rawLayers = p.get('layers');
  if (!rawLayers || !rawLayers.trim()) throw missing('LAYERS');
  const layers = rawLayers.split(',').map((s) => s.trim());
  if (layers.some((l) => l === '')) throw invalid('LAYERS', 'empty layer name in the list');
  if (layers.length > 20) throw invalid('LAYERS', 'at most 20 layers per request');
  const styles = p.get('styles');
  if (styles !== undefined && styles.trim() !== '' && styles.split(',').length !== layers.length) {
    throw new OwsError('InvalidParameterValue', 'STYLES', `Parameter STYLES: ${styles.split(',').length} styles given for ${layers.length} layers`);
  }
  const format = p.get('format');
  if (format === undefined || format.trim() === '') throw missing('FORMAT');
  if (!PNG_FORMATS.has(format.trim().toLowerCase())) throw invalid('FORMAT', `'${format.slice(0, 40)}' is not offered; use image/png`);
  const { srs } = parseCrs(p, version);
  const bbox = parseBbox(p, srs);
  const width = size(p, 'WIDTH'), height = size(p, 'HEIGHT');
  const transparent = parseBoolean(p, 'TRANSPARENT', false);
  const bg = parseBgColor(p);
  const cql = p.get('cql_filter');
  const parts = cql === undefined ? [] : splitFilters(cql);
  if (parts.length > 1 && parts.length !== layers.length) {
    throw invalid('CQL_FILTER', `${parts.length} filters given for ${layers.length} layers (one filter, or one per layer separated by ';')`);
  }
  const queries = layers.map((_, i) => queryOf(parts.length > 1 ? parts[i] : parts[0], projectId, fields));
  return { layers, srs, bbox, width, height, transparent, background: transparent ? [0, 0, 0, 0] : [bg[0], bg[1], bg[2], 255], queries };
}
