// GML geometries of a WFS-T request (GML 3.1.1 / 3.2, GML 2 coordinates accepted) as GeoJSON in EPSG:3857: Point,
// LineString, Polygon, MultiPoint, MultiCurve/MultiLineString (of LineStrings), MultiSurface/MultiPolygon (of
// Polygons); anything else is 'Unsupported geometry type.'. srsName (inherited by members) is EPSG:3857 when absent;
// EPSG:4326/28992/32632/900913 are converted with the engine's proj4 definitions. `urn:ogc:def:crs:EPSG::4326` and
// `http://www.opengis.net/def/crs/EPSG/0/4326` are read latitude/longitude, `EPSG:4326` longitude/latitude.
import { converter, parseSrs, STORAGE_CRS, type Convert } from './crs';
import type { GeoGeometry } from './geojson';
import { StoreRuleError, UNSUPPORTED_GEOMETRY } from './wfst-store-rules';
import { child, childrenNamed, type XNode } from './wfst-xml';

interface Ctx { conv: Convert; latLon: boolean; dim: number }

const convCache = new Map<string, Convert>();

function srsContext(srsName: string | undefined, parent: Ctx | undefined, dimAttr: string | undefined): Ctx {
  const dim = dimAttr ? Number(dimAttr) : parent?.dim ?? 2;
  if (!srsName) return parent ? { ...parent, dim } : { conv: cachedConverter('EPSG:3857'), latLon: false, dim };
  let name = srsName.trim();
  let latLon = false;
  const url = /^https?:\/\/www\.opengis\.net\/(?:def\/crs\/EPSG\/[\d.]+\/|gml\/srs\/epsg\.xml#)(\d+)$/i.exec(name);
  if (url) { latLon = !name.includes('epsg.xml#'); name = `EPSG:${url[1]}`; }
  const xurn = /^urn:x-ogc:def:crs:EPSG:[\d.]*:(\d+)$/i.exec(name);
  if (xurn) name = `urn:ogc:def:crs:EPSG::${xurn[1]}`;
  let srs;
  try { srs = parseSrs('srsName', name); } catch { throw new StoreRuleError('geometry.srsName', `unsupported coordinate system '${srsName.slice(0, 80)}'`); }
  return { conv: cachedConverter(srs.crs), latLon: (latLon && srs.crs === 'EPSG:4326') || srs.latLon, dim };
}

function cachedConverter(crs: string): Convert {
  let c = convCache.get(crs);
  if (!c) { c = converter(crs as never, STORAGE_CRS); convCache.set(crs, c); }
  return c;
}

function numbers(text: string): number[] {
  const parts = text.trim().split(/\s+/);
  const out = parts.map(Number);
  if (!text.trim() || out.some((n) => !Number.isFinite(n))) throw new StoreRuleError('geometry', `invalid coordinates '${text.slice(0, 60)}'`);
  return out;
}

function position(xy: number[], ctx: Ctx): number[] {
  return ctx.conv(ctx.latLon ? [xy[1], xy[0]] : [xy[0], xy[1]]);
}

/** The positions of a Point/LineString/LinearRing element (pos, posList, coordinates or coord). */
function positions(n: XNode, ctx: Ctx): number[][] {
  const list = child(n, 'posList');
  if (list) {
    const dim = list.attrs.srsDimension ? Number(list.attrs.srsDimension) : ctx.dim;
    const v = numbers(list.text);
    if (dim < 2 || v.length % dim) throw new StoreRuleError('geometry', `posList length ${v.length} does not fit dimension ${dim}`);
    const out: number[][] = [];
    for (let i = 0; i < v.length; i += dim) out.push(position([v[i], v[i + 1]], ctx));
    return out;
  }
  const pos = childrenNamed(n, 'pos');
  if (pos.length) return pos.map((p) => { const v = numbers(p.text); if (v.length < 2) throw new StoreRuleError('geometry', 'a pos needs two numbers'); return position(v, ctx); });
  const coords = child(n, 'coordinates');
  if (coords) {
    const cs = coords.attrs.cs ?? ',', ts = coords.attrs.ts ?? ' ';
    return coords.text.trim().split(ts === ' ' ? /\s+/ : ts).map((t) => {
      const v = t.split(cs).map(Number);
      if (v.length < 2 || !Number.isFinite(v[0]) || !Number.isFinite(v[1])) throw new StoreRuleError('geometry', `invalid coordinates '${t.slice(0, 40)}'`);
      return position(v, ctx);
    });
  }
  const coord = childrenNamed(n, 'coord');
  if (coord.length) return coord.map((c) => position([Number(child(c, 'X')?.text), Number(child(c, 'Y')?.text)], ctx));
  throw new StoreRuleError('geometry', `${n.name} has no coordinates`);
}

function ring(boundary: XNode | undefined, ctx: Ctx): number[][] {
  const r = boundary && child(boundary, 'LinearRing');
  if (!r) throw new StoreRuleError('geometry', 'a polygon boundary must be a LinearRing');
  return positions(r, srsContext(r.attrs.srsName, ctx, r.attrs.srsDimension));
}

function polygon(n: XNode, ctx: Ctx): number[][][] {
  const outer = child(n, 'exterior') ?? child(n, 'outerBoundaryIs');
  return [ring(outer, ctx), ...n.children.filter((c) => c.name === 'interior' || c.name === 'innerBoundaryIs').map((b) => ring(b, ctx))];
}

/** Members of a multi geometry: `{one}Member` elements and `{one}Members` lists, each holding `kind` elements. */
function members(n: XNode, one: string[], kind: string): XNode[] {
  const out: XNode[] = [];
  for (const c of n.children) {
    if (one.includes(c.name)) out.push(...c.children);
    else if (one.some((o) => c.name === `${o}s`)) out.push(...c.children);
  }
  for (const m of out) if (m.name !== kind) throw new StoreRuleError('geometry', UNSUPPORTED_GEOMETRY);
  return out;
}

/** A GML geometry element → GeoJSON in EPSG:3857 (throws StoreRuleError naming 'geometry'); `defaultSrs` is the
 *  srsName of an enclosing wfs:Insert (used when the geometry names none). */
export function gmlGeometry(n: XNode, defaultSrs?: string): GeoGeometry {
  return geometryIn(n, defaultSrs ? srsContext(defaultSrs, undefined, undefined) : undefined);
}

function geometryIn(n: XNode, parent?: Ctx): GeoGeometry {
  const ctx = srsContext(n.attrs.srsName, parent, n.attrs.srsDimension);
  const sub = (m: XNode) => srsContext(m.attrs.srsName, ctx, m.attrs.srsDimension);
  switch (n.name) {
    case 'Point': {
      const p = positions(n, ctx);
      if (p.length !== 1) throw new StoreRuleError('geometry', 'a Point has one position');
      return { type: 'Point', coordinates: p[0] };
    }
    case 'LineString': return { type: 'LineString', coordinates: positions(n, ctx) };
    case 'Polygon': return { type: 'Polygon', coordinates: polygon(n, ctx) };
    case 'MultiPoint': return { type: 'MultiPoint', coordinates: members(n, ['pointMember'], 'Point').map((m) => positions(m, sub(m))[0]) };
    case 'MultiCurve':
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: members(n, ['curveMember', 'lineStringMember'], 'LineString').map((m) => positions(m, sub(m))) };
    case 'MultiSurface':
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: members(n, ['surfaceMember', 'polygonMember'], 'Polygon').map((m) => polygon(m, sub(m))) };
    default: throw new StoreRuleError('geometry', UNSUPPORTED_GEOMETRY);
  }
}
