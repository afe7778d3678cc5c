// GetFeature as GML 3.1.1 (outputFormat `text/xml; subtype=gml/3.1.1`, WFS 1.1.0 wfs:FeatureCollection): what a
// WFS-T client reads to learn each feature's gml:id (`{table}.{uuid}` for stored features) before it updates or
// deletes it — GDAL fills its gml_id field only from GML. Properties are written in schema order (the fields of
// DescribeFeatureType), the geometry first as `geometry`; urn:ogc:def:crs:EPSG::4326 is written latitude/longitude.
import { converter, convertGeometry } from './crs';
import type { GeoFeature, GeoGeometry } from './geojson';
import type { Params } from './query';
import { xmlEscape as x } from './xml';
import type { Crs } from '../../engine/projection';

export const GML311 = 'text/xml; subtype=gml/3.1.1';
const GML_FORMATS = new Set([GML311, 'text/xml; subtype="gml/3.1.1"', 'application/gml+xml; version=3.1']);

/** True (and the parameter removed, so the JSON checks do not see it) when outputFormat asks for GML 3.1.1. */
export function takeGmlFormat(p: Params): boolean {
  const f = p.get('outputformat');
  if (f === undefined || !GML_FORMATS.has(f.trim().toLowerCase().replace(/\s*;\s*/g, '; '))) return false;
  p.delete('outputformat');
  return true;
}

const coords = (c: number[][], latLon: boolean) => c.map((p) => (latLon ? `${p[1]} ${p[0]}` : `${p[0]} ${p[1]}`)).join(' ');

function geometryGml(g: GeoGeometry, srs: string, latLon: boolean): string {
  const s = srs ? ` srsName="${srs}"` : '';
  const c = g.coordinates as never;
  const ring = (r: number[][]) => `<gml:LinearRing><gml:posList>${coords(r, latLon)}</gml:posList></gml:LinearRing>`;
  const poly = (rings: number[][][], a: string) => `<gml:Polygon${a}><gml:exterior>${ring(rings[0])}</gml:exterior>${rings.slice(1).map((r) => `<gml:interior>${ring(r)}</gml:interior>`).join('')}</gml:Polygon>`;
  switch (g.type) {
    case 'Point': return `<gml:Point${s}><gml:pos>${coords([c], latLon)}</gml:pos></gml:Point>`;
    case 'LineString': return `<gml:LineString${s}><gml:posList>${coords(c, latLon)}</gml:posList></gml:LineString>`;
    case 'Polygon': return poly(c, s);
    case 'MultiPoint': return `<gml:MultiPoint${s}>${(c as number[][]).map((p) => `<gml:pointMember><gml:Point><gml:pos>${coords([p], latLon)}</gml:pos></gml:Point></gml:pointMember>`).join('')}</gml:MultiPoint>`;
    case 'MultiLineString': return `<gml:MultiCurve${s}>${(c as number[][][]).map((l) => `<gml:curveMember><gml:LineString><gml:posList>${coords(l, latLon)}</gml:posList></gml:LineString></gml:curveMember>`).join('')}</gml:MultiCurve>`;
    case 'MultiPolygon': return `<gml:MultiSurface${s}>${(c as number[][][][]).map((p) => `<gml:surfaceMember>${poly(p, '')}</gml:surfaceMember>`).join('')}</gml:MultiSurface>`;
    default: return '';
  }
}

const text = (v: unknown) => x(typeof v === 'object' ? JSON.stringify(v) : String(v));

export interface GmlGroup { name: string; fields: [string, string][]; features: GeoFeature[] }

/** A wfs:FeatureCollection (WFS 1.1.0, GML 3.1.1) of feature groups (one per feature type), in `crs`. */
export function gmlFeatureCollection(product: string, namespace: string, groups: GmlGroup[], crs: Crs): string {
  const conv = converter('EPSG:3857', crs);
  const srs = `urn:ogc:def:crs:EPSG::${crs.slice(5)}`;
  const latLon = crs === 'EPSG:4326';
  const p = x(product);
  const members: string[] = [];
  for (const g of groups) {
    const el = `${p}:${x(g.name)}`;
    for (const f of g.features) {
      const geom = f.geometry ? `<${p}:geometry>${geometryGml(convertGeometry(f.geometry, conv), srs, latLon)}</${p}:geometry>` : '';
      const props = g.fields.map(([n]) => {
        const v = f.properties[n];
        return v === null || v === undefined ? '' : `<${p}:${x(n)}>${text(v)}</${p}:${x(n)}>`;
      }).join('');
      members.push(`<gml:featureMember><${el} gml:id="${x(f.id)}">${geom}${props}</${el}></gml:featureMember>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:${p}="${x(namespace)}" numberOfFeatures="${members.length}" timeStamp="${new Date().toISOString()}">
${members.join('\n')}
</wfs:FeatureCollection>
`;
}
