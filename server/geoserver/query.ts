// The KVP parameters of the project WFS (case-insensitive names, as OGC requires): service, version, request and the
// GetFeature query (typeNames, srsName, outputFormat, resultType, count/maxFeatures, startIndex, bbox, cql_filter).
// Every value is checked here; a bad one becomes a 400 ExceptionReport naming the parameter.
import { parseCql } from './cql';
import { bboxToStorage, parseSrs, STORAGE_CRS, type Srs } from './crs';
import { invalid, missing, OwsError } from './ows-error';

export type Params = Map<string, string>;
export type Box = [number, number, number, number];

/** The resolved filter and page of a GetFeature. */
export interface Query {
  projectId: number;
  /** Type filters (each an IN list; all must hold). */
  types: string[][];
  /** Boxes in EPSG:3857 (all must intersect). */
  boxes: Box[];
  /** Property conditions (field, allowed values) of services that offer extra CQL fields (reference data). */
  props?: [string, string[]][];
  count: number;
  startIndex: number;
  /** The filter names another project_id: nothing can match. */
  none: boolean;
}

export interface GetFeature { typeNames: string[]; srs: Srs; hits: boolean; query: Query }

/** Most features one GetFeature returns (larger counts are cut to it; page on with startIndex). */
export const MAX_FEATURES = 50000;
export const VERSIONS = ['2.0.0', '2.0.2', '1.1.0', '1.0.0'] as const;
const JSON_FORMATS = new Set(['application/json', 'json', 'application/geo+json', 'geojson', 'application/json; subtype=geojson', 'application/vnd.geo+json']);
const REFUSED = ['filter', 'featureid', 'resourceid', 'sortby', 'storedquery_id'];

/** Lower-cased parameter map; a parameter given twice is refused. */
export function readParams(query: unknown): Params {
  const out: Params = new Map();
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const key = k.toLowerCase();
    if (Array.isArray(v) || out.has(key)) throw invalid(k, 'given more than once');
    out.set(key, String(v ?? ''));
  }
  return out;
}

export function parseVersion(p: Params): string {
  const v = p.get('version') ?? p.get('acceptversions')?.split(',').find((x) => (VERSIONS as readonly string[]).includes(x.trim()))?.trim();
  if (v === undefined) return '2.0.0';
  if (!(VERSIONS as readonly string[]).includes(v)) {
    throw new OwsError('VersionNegotiationFailed', p.has('version') ? 'version' : 'acceptVersions', `WFS version ${v} is not supported (${VERSIONS.join(', ')}).`);
  }
  return v;
}

function nonNegativeInt(p: Params, name: string): number | undefined {
  const v = p.get(name);
  if (v === undefined) return undefined;
  if (!/^\d{1,9}$/.test(v.trim())) throw invalid(name, `'${v.slice(0, 40)}' is not a non-negative integer`);
  return Number(v);
}

function parseBboxParam(p: Params, srs: Srs): Box | undefined {
  const v = p.get('bbox');
  if (v === undefined) return undefined;
  const parts = v.split(',').map((s) => s.trim());
  if (parts.length !== 4 && parts.length !== 5) throw invalid('bbox', 'expected minx,miny,maxx,maxy[,crs]');
  const n = parts.slice(0, 4).map(Number);
  if (!n.every(Number.isFinite) || parts.slice(0, 4).some((s) => s === '')) throw invalid('bbox', 'corners must be numbers');
  const bsrs = parts[4] ? parseSrs('bbox', parts[4]) : srs;
  if (n[0] > n[2] || n[1] > n[3]) throw invalid('bbox', 'minimum is greater than maximum');
  return bboxToStorage('bbox', { minx: n[0], miny: n[1], maxx: n[2], maxy: n[3] }, bsrs);
}

/** `fields`: extra property names the service's CQL accepts (see parseCql). */
export function parseGetFeature(p: Params, projectId: number, fields: readonly string[] = []): GetFeature {
  for (const r of REFUSED) {
    if (p.has(r)) throw invalid(r, 'is not supported by this service; use cql_filter (project_id, type, BBOX) or bbox');
  }
  const rawTypes = p.get('typenames') ?? p.get('typename');
  if (!rawTypes || !rawTypes.trim()) throw missing('typeNames');
  const typeNames = rawTypes.split(',').map((s) => s.trim()).filter(Boolean);
  if (typeNames.length > 50) throw invalid('typeNames', 'at most 50 feature types per request');
  const srs = p.has('srsname') ? parseSrs('srsName', p.get('srsname')!) : { crs: STORAGE_CRS, latLon: false };
  const fmt = p.get('outputformat');
  if (fmt !== undefined && !JSON_FORMATS.has(fmt.trim().toLowerCase())) {
    throw invalid('outputFormat', `'${fmt.slice(0, 60)}' is not offered; use application/json`);
  }
  const rt = (p.get('resulttype') ?? 'results').toLowerCase();
  if (rt !== 'results' && rt !== 'hits') throw invalid('resultType', "must be 'results' or 'hits'");
  const count = nonNegativeInt(p, 'count') ?? nonNegativeInt(p, 'maxfeatures') ?? MAX_FEATURES;
  const query: Query = {
    projectId, types: [], boxes: [], count: Math.min(count, MAX_FEATURES), startIndex: nonNegativeInt(p, 'startindex') ?? 0, none: false,
  };
  const box = parseBboxParam(p, srs);
  if (box) query.boxes.push(box);
  const cql = p.get('cql_filter');
  if (cql !== undefined && cql.trim() !== '') {
    const f = parseCql(cql, fields);
    if (f.projectIds.some((id) => id !== projectId)) query.none = true;
    query.types.push(...f.types);
    if (f.props) query.props = f.props;
    for (const b of f.bboxes) {
      query.boxes.push(bboxToStorage('cql_filter', b, b.crs ? parseSrs('cql_filter', b.crs) : { crs: STORAGE_CRS, latLon: false }));
    }
  }
  return { typeNames, srs, hits: rt === 'hits', query };
}
