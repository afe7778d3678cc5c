// The vector side of the factory's addresses (spec 3 §7, first row): a WFS GetFeature request for a feature/wfst entry
// and one extent (EPSG:3857). Project layers: typename, srsName EPSG:3857, JSON, cql_filter = project_id + type
// filter + BBOX; other WFS sources get the standard `bbox` parameter.
import type { LayerEntry } from '../types';
import type { Extent } from '../loaded-extents';
import { projectCql } from './image';

export interface WfsRequestOptions {
  projectId?: number;
  /** `{product}` of a project layer address (fttx, ghs, hc). */
  product?: string;
  extent: Extent;
}

/** Map units rounded to centimetres: the same extent always gives the same address. */
const num = (v: number) => String(Math.round(v * 100) / 100);

/** The CQL BBOX term of an extent in EPSG:3857. */
export function bboxCql(e: Extent): string {
  return `BBOX(geometry,${e.map(num).join(',')},'EPSG:3857')`;
}

/** GetFeature address of a vector entry for an extent; errors name the layer and what is missing. */
export function wfsFeatureUrl(entry: LayerEntry, o: WfsRequestOptions): string {
  const s = entry.source;
  if (!s || s.kind !== 'wfs') throw new Error(`layer ${entry.name}: source must be wfs`);
  if (!o.extent.every(Number.isFinite) || o.extent[0] > o.extent[2] || o.extent[1] > o.extent[3]) {
    throw new Error(`layer ${entry.name}: extent must be [minX, minY, maxX, maxY] with finite numbers`);
  }
  const params: [string, string][] = [['service', 'WFS']];
  if (s.version) params.push(['version', s.version]);
  params.push(['request', 'GetFeature'], ['typename', s.typeName], ['srsName', 'EPSG:3857'], ['outputFormat', 'application/json']);
  let base = s.url;
  if (s.projectFilter) {
    if (o.projectId === undefined || !Number.isInteger(o.projectId) || o.projectId < 1) {
      throw new Error(`layer ${entry.name}: projectId is required for a project WFS layer`);
    }
    base = base.replace('{projectId}', String(o.projectId)).replace('{product}', o.product ?? 'fttx');
    params.push(['cql_filter', `${projectCql(o.projectId, entry.featureTypes)} AND ${bboxCql(o.extent)}`]);
  } else {
    base = base.replace('{layer}', s.typeName);
    params.push(['bbox', `${o.extent.map(num).join(',')},EPSG:3857`]);
  }
  return `${base}${base.includes('?') ? '&' : '?'}${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}
