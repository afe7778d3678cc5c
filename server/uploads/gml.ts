// GML features from the loaders.gl XML tree (prefixed element names, attributes as keys): plain GML 2/3 feature
// collections (featureMember / featureMembers / wfs:member) and Dutch KLIC deliveries (IMKL 2015): every cable, pipe
// or duct element points at its UtilityLink geometry (net:link) and its Utiliteitsnet (net:inNetwork), which carries
// the theme; the network operator is the bronhouder code of the NEN3610 namespace ('nl.imkl-KL1031' → 'KL1031').
import type { Geometry, LineString, Polygon, Position } from 'geojson';
import { HttpError } from '../auth/messages';
import type { ParsedFeature } from './parse';

type Node = Record<string, unknown>;
const local = (k: string) => k.slice(k.indexOf(':') + 1);
const asArray = (v: unknown): unknown[] => (v == null ? [] : Array.isArray(v) ? v : [v]);
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);
const bad = (msg: string) => new HttpError(400, 'bad_upload', msg);

/** The child values of `n` whose local element name is `name`. */
function kids(n: Node, name: string): unknown[] {
  const out: unknown[] = [];
  for (const [k, v] of Object.entries(n)) if (local(k) === name) out.push(...asArray(v));
  return out;
}
const kid = (n: Node, name: string) => kids(n, name)[0];
const text = (v: unknown): string | undefined => {
  if (v == null) return undefined;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (isNode(v)) for (const k of ['#text', 'value', '_text']) if (k in v && typeof v[k] !== 'object') return String(v[k]);
  return undefined;
};
const attr = (n: unknown, name: string): string | undefined => {
  if (!isNode(n)) return undefined;
  for (const [k, v] of Object.entries(n)) if ((k === name || local(k) === name || k === `@_${name}`) && typeof v !== 'object') return String(v);
  return undefined;
};

const GEOMETRY = new Set(['Point', 'LineString', 'LinearRing', 'Polygon', 'MultiPoint', 'MultiLineString', 'MultiCurve', 'MultiSurface',
  'MultiPolygon', 'Curve', 'Surface', 'MultiGeometry', 'CompositeCurve', 'OrientableCurve']);

interface Ctx { srs?: string; dim: number }

/** Reads one GML geometry element (by local name) into GeoJSON. */
function geometry(name: string, n: Node, ctx0: Ctx): { g: Geometry; srs?: string } {
  const srs = attr(n, 'srsName') ?? ctx0.srs;
  const ctx: Ctx = { srs, dim: Number(attr(n, 'srsDimension') ?? ctx0.dim) || 2 };
  const swap = !!srs && /(urn:ogc:def:crs:EPSG:[\d.]*:4326|opengis\.net\/def\/crs\/EPSG\/0\/4326)$/i.test(srs); // lat/lon axis order
  const nums = (s: string) => s.trim().split(/[\s,]+/).filter(Boolean).map(Number);
  const positions = (m: Node): Position[] => {
    let out: Position[] = [];
    const pl = text(kid(m, 'posList'));
    if (pl !== undefined) {
      const d = Number(attr(kid(m, 'posList'), 'srsDimension') ?? ctx.dim) || 2;
      const v = nums(pl);
      for (let i = 0; i + d <= v.length; i += d) out.push([v[i], v[i + 1]]);
    } else if (kids(m, 'pos').length) {
      out = kids(m, 'pos').map((p) => nums(text(p) ?? '').slice(0, 2));
    } else if (text(kid(m, 'coordinates')) !== undefined) {
      out = (text(kid(m, 'coordinates')) ?? '').trim().split(/\s+/).map((t) => t.split(',').slice(0, 2).map(Number));
    } else if (kids(m, 'coord').length) {
      out = kids(m, 'coord').map((c) => [Number(text(kid(c as Node, 'X'))), Number(text(kid(c as Node, 'Y')))]);
    }
    if (!out.length || out.some((p) => p.length < 2 || !p.every(Number.isFinite))) throw bad(`GML ${name}: unreadable coordinates`);
    return swap ? out.map(([a, b]) => [b, a]) : out;
  };
  const sub = (m: unknown): { name: string; node: Node } => {
    if (!isNode(m)) throw bad(`GML ${name}: missing geometry element`);
    for (const [k, v] of Object.entries(m)) if (GEOMETRY.has(local(k)) && isNode(asArray(v)[0])) return { name: local(k), node: asArray(v)[0] as Node };
    throw bad(`GML ${name}: missing geometry element`);
  };
  const ring = (m: unknown): Position[] => positions(sub(m).node);
  const line = (m: Node): Position[] => {
    const lname = name;
    if (local(lname) === 'Curve') {
      const segs = kids(kid(m, 'segments') as Node ?? {}, 'LineStringSegment').concat(kids(kid(m, 'segments') as Node ?? {}, 'Arc'));
      return segs.flatMap((s, i) => positions(s as Node).slice(i ? 1 : 0));
    }
    return positions(m);
  };
  const polygon = (m: Node): Position[][] => {
    const ext = kid(m, 'exterior') ?? kid(m, 'outerBoundaryIs');
    const ints = [...kids(m, 'interior'), ...kids(m, 'innerBoundaryIs')];
    return [ring(ext), ...ints.map(ring)];
  };
  const members = (m: Node, one: string, many: string): { name: string; node: Node }[] => [
    ...kids(m, one).map(sub),
    ...kids(m, many).flatMap((v) => (isNode(v) ? Object.entries(v).flatMap(([k, x]) => asArray(x).map((node) => ({ name: local(k), node: node as Node }))) : [])),
  ];
  const curveCoords = (c: { name: string; node: Node }): Position[] => {
    if (c.name === 'Curve') return (geometry('Curve', c.node, ctx).g as LineString).coordinates;
    if (c.name === 'LineString') return positions(c.node);
    throw bad(`GML ${name}: unsupported member ${c.name}`);
  };
  switch (name) {
    case 'Point': return { srs, g: { type: 'Point', coordinates: positions(n)[0] } };
    case 'LineString': return { srs, g: { type: 'LineString', coordinates: positions(n) } };
    case 'Curve': return { srs, g: { type: 'LineString', coordinates: line(n) } };
    case 'Polygon': return { srs, g: { type: 'Polygon', coordinates: polygon(n) } };
    case 'Surface': {
      const patches = kids(kid(n, 'patches') as Node ?? {}, 'PolygonPatch');
      if (patches.length !== 1) throw bad('GML Surface: only one PolygonPatch is supported');
      return { srs, g: { type: 'Polygon', coordinates: polygon(patches[0] as Node) } };
    }
    case 'MultiPoint': return { srs, g: { type: 'MultiPoint', coordinates: members(n, 'pointMember', 'pointMembers').map((p) => positions(p.node)[0]) } };
    case 'MultiLineString': case 'MultiCurve':
      return { srs, g: { type: 'MultiLineString', coordinates: [...members(n, 'lineStringMember', 'lineStringMembers'), ...members(n, 'curveMember', 'curveMembers')].map(curveCoords) } };
    case 'MultiPolygon': case 'MultiSurface':
      return { srs, g: { type: 'MultiPolygon', coordinates: [...members(n, 'polygonMember', 'polygonMembers'), ...members(n, 'surfaceMember', 'surfaceMembers')].map((p) => (geometry(p.name, p.node, ctx).g as Polygon).coordinates) } };
    default: throw bad(`Unsupported geometry type. (GML ${name})`);
  }
}

/** The first GML geometry below a feature element: [property name, geometry, srsName]. */
function findGeometry(n: Node, ctx: Ctx): { prop: string; g: Geometry; srs?: string } | null {
  for (const [k, v] of Object.entries(n)) {
    for (const child of asArray(v)) {
      if (!isNode(child)) continue;
      for (const [k2, v2] of Object.entries(child)) {
        if (GEOMETRY.has(local(k2)) && isNode(asArray(v2)[0])) {
          const r = geometry(local(k2), asArray(v2)[0] as Node, ctx);
          return { prop: k, ...r };
        }
      }
    }
  }
  return null;
}

/** Simple properties of a feature element: text children, xlink:href references (their last path segment). */
function simpleProps(n: Node, skip: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(n)) {
    const name = local(k);
    if (skip.has(k) || name === 'boundedBy' || name === 'id' && k.startsWith('gml')) continue;
    const first = asArray(v)[0];
    const t = text(first);
    if (t !== undefined) { out[name] = t; continue; }
    const href = attr(first, 'href');
    if (href !== undefined) { out[name] = href.replace(/^.*[/#]/, ''); continue; }
  }
  const id = attr(n, 'id');
  if (id) out.gml_id = id;
  return out;
}

/** The feature elements of a GML document: [element name, node]. */
function featureElements(root: Node): { name: string; node: Node }[] {
  const out: { name: string; node: Node }[] = [];
  const walk = (n: Node, depth: number) => {
    if (depth > 4) return;
    for (const [k, v] of Object.entries(n)) {
      const name = local(k);
      if (name === 'featureMember' || name === 'member' || name === 'featureMembers' || name === 'members') {
        for (const m of asArray(v)) {
          if (!isNode(m)) continue;
          for (const [fk, fv] of Object.entries(m)) for (const node of asArray(fv)) if (isNode(node)) out.push({ name: local(fk), node });
        }
      } else if (isNode(v) && depth === 0) walk(v, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

const IMKL_PIPE = /leiding$|pijpleiding$/i;
const IMKL_CABLE = /kabel$/i;

export function gmlFeatures(tree: Node, imkl: boolean): { crs: string | null; features: ParsedFeature[] } {
  const rootKey = Object.keys(tree).find((k) => isNode(tree[k]) && !k.startsWith('?'));
  const root = rootKey ? tree[rootKey] as Node : tree;
  const rootSrs = attr(kid(kid(root, 'boundedBy') as Node ?? {}, 'Envelope'), 'srsName') ?? attr(root, 'srsName');
  const els = featureElements({ root } as Node);
  if (!els.length) throw bad('The GML holds no features (no featureMember or member elements).');
  const srsSeen = new Set<string>();
  const ctx: Ctx = { srs: rootSrs, dim: 2 };
  const features: ParsedFeature[] = [];
  if (!imkl) {
    for (const e of els) {
      const g = findGeometry(e.node, ctx);
      if (g?.srs) srsSeen.add(g.srs);
      features.push({ geometry: g?.g ?? null, properties: { ...simpleProps(e.node, new Set(g ? [g.prop] : [])), feature_type: e.name } });
    }
  } else {
    const byId = new Map<string, { name: string; node: Node }>();
    for (const e of els) { const id = attr(e.node, 'id'); if (id) byId.set(id, e); }
    const ref = (v: unknown) => { const h = attr(v, 'href'); return h ? byId.get(h.replace(/^#/, '')) : undefined; };
    const operator = (n: Node) => {
      const ns = text(kid(kid(kid(n, 'identificatie') as Node ?? {}, 'NEN3610ID') as Node ?? {}, 'namespace')) ?? attr(n, 'id') ?? '';
      return /imkl-([A-Za-z0-9]+)/.exec(ns)?.[1] ?? null;
    };
    for (const e of els) {
      const links = kids(e.node, 'link');
      if (!links.length) continue;
      const lines: Position[][] = [];
      for (const l of links) {
        const target = ref(l);
        if (!target) throw bad(`IMKL ${e.name} ${attr(e.node, 'id') ?? ''}: net:link ${attr(l, 'href') ?? '?'} does not name a UtilityLink in the file.`);
        const g = findGeometry(target.node, ctx);
        if (!g) continue;
        if (g.srs) srsSeen.add(g.srs);
        if (g.g.type === 'LineString') lines.push(g.g.coordinates);
        else if (g.g.type === 'MultiLineString') lines.push(...g.g.coordinates);
      }
      const net = ref(kid(e.node, 'inNetwork'));
      const thema = net ? (attr(kid(net.node, 'thema'), 'href') ?? text(kid(net.node, 'thema')) ?? '').replace(/^.*[/#]/, '') : null;
      const props = simpleProps(e.node, new Set(Object.keys(e.node).filter((k) => ['link', 'inNetwork', 'identificatie'].includes(local(k)))));
      features.push({
        geometry: lines.length === 0 ? null : lines.length === 1 ? { type: 'LineString', coordinates: lines[0] } : { type: 'MultiLineString', coordinates: lines },
        properties: {
          ...props,
          klic_type: e.name,
          utility: IMKL_CABLE.test(e.name) ? 'cable' : IMKL_PIPE.test(e.name) ? 'pipe' : 'other',
          network_operator: operator(e.node) ?? (net ? operator(net.node) : null),
          theme: thema || null,
        },
      });
    }
    if (!features.length) throw bad('The IMKL file holds no cables or pipes (no elements with net:link).');
  }
  if (srsSeen.size > 1) throw bad(`The GML mixes coordinate systems (${[...srsSeen].join(', ')}).`);
  const crs = [...srsSeen][0] ?? rootSrs ?? null;
  return { crs, features };
}
