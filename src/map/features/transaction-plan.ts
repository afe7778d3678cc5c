// The feature transaction's pure planner (spec 3 §7 "Feature transaction (write)", §9): inserts, updates and deletes
// grouped per table, the tables in their fixed order (substation, starting point, cap and its shape, lu and pipe, then
// the other stored tables), each table's operations in chunks of 50, every chunk one WFS 1.1.0 wfs:Transaction (GML
// 3.1.1 geometries in EPSG:3857). Inserts keep the uuid they were generated with. The answer's
// wfs:InsertResults give the inserted ids in order; a fid of 'none' is ignored.
import type { Geometry3857, StoredFeature } from './stored-feature';

export type FeatureOp =
  | { kind: 'insert'; feature: StoredFeature }
  /** `values`: columns (name, layer, category, type, topology_id) or `properties` (the whole object) or `geometry`. */
  | { kind: 'update'; table: string; uuid: string; values: Record<string, unknown> }
  | { kind: 'delete'; table: string; uuid: string };

export const CHUNK_SIZE = 50;
/** Table order of a transaction: pipe-network tables first (what later tables refer to), then the others. */
export const TABLE_ORDER = ['substation', 'starting_point', 'cap', 'starting_point_shape', 'lu', 'pipe',
  'fttx_feature', 'heat_feature', 'esdl_asset', 'esdl_area', 'esdl_port', 'custom_layer_feature', 'external', 'note'] as const;

export interface TransactionChunk { table: string; ops: FeatureOp[]; xml: string }

export const tableOfOp = (op: FeatureOp): string => (op.kind === 'insert' ? op.feature.table : op.table);

/** Groups per table in TABLE_ORDER (unknown tables after them, in the order they first appear) and cuts each
 *  table's operations (kept in their order) in chunks of CHUNK_SIZE. */
export function planChunks(ops: readonly FeatureOp[], product: string, size = CHUNK_SIZE): TransactionChunk[] {
  const byTable = new Map<string, FeatureOp[]>();
  for (const op of ops) {
    const t = tableOfOp(op);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(t)) throw new Error(`Feature type ${t} is not a supported WFST feature type`);
    const list = byTable.get(t);
    if (list) list.push(op); else byTable.set(t, [op]);
  }
  const rank = (t: string) => { const i = (TABLE_ORDER as readonly string[]).indexOf(t); return i < 0 ? TABLE_ORDER.length : i; };
  const tables = [...byTable.keys()].sort((a, b) => rank(a) - rank(b));
  const out: TransactionChunk[] = [];
  for (const t of tables) {
    const list = byTable.get(t)!;
    for (let i = 0; i < list.length; i += size) {
      const part = list.slice(i, i + size);
      out.push({ table: t, ops: part, xml: transactionXml(part, product) });
    }
  }
  return out;
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const num = (n: unknown) => { if (typeof n !== 'number' || !Number.isFinite(n)) throw new Error('geometry: invalid position'); return String(n); };
const pos = (p: unknown) => { const a = p as number[]; return `${num(a[0])} ${num(a[1])}`; };
const posList = (c: unknown) => (c as unknown[]).map(pos).join(' ');
const ring = (c: unknown) => `<gml:LinearRing><gml:posList>${posList(c)}</gml:posList></gml:LinearRing>`;
const polygon = (c: unknown, srs: string) => {
  const [outer, ...inner] = c as unknown[];
  return `<gml:Polygon${srs}><gml:exterior>${ring(outer)}</gml:exterior>${inner.map((r) => `<gml:interior>${ring(r)}</gml:interior>`).join('')}</gml:Polygon>`;
};

/** A GeoJSON geometry (EPSG:3857) as GML 3.1.1. */
export function gml(g: Geometry3857): string {
  const srs = ' srsName="EPSG:3857"';
  const c = g.coordinates as unknown[];
  switch (g.type) {
    case 'Point': return `<gml:Point${srs}><gml:pos>${pos(c)}</gml:pos></gml:Point>`;
    case 'LineString': return `<gml:LineString${srs}><gml:posList>${posList(c)}</gml:posList></gml:LineString>`;
    case 'Polygon': return polygon(c, srs);
    case 'MultiPoint': return `<gml:MultiPoint${srs}>${c.map((p) => `<gml:pointMember><gml:Point><gml:pos>${pos(p)}</gml:pos></gml:Point></gml:pointMember>`).join('')}</gml:MultiPoint>`;
    case 'MultiLineString': return `<gml:MultiLineString${srs}>${c.map((l) => `<gml:lineStringMember><gml:LineString><gml:posList>${posList(l)}</gml:posList></gml:LineString></gml:lineStringMember>`).join('')}</gml:MultiLineString>`;
    case 'MultiPolygon': return `<gml:MultiPolygon${srs}>${c.map((p) => `<gml:polygonMember>${polygon(p, '')}</gml:polygonMember>`).join('')}</gml:MultiPolygon>`;
    default: throw new Error('Unsupported geometry type.');
  }
}

const NAME_RE = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const el = (name: string, v: unknown) => (v === null || v === undefined ? '' : `<${name}>${escapeXml(text(v))}</${name}>`);

function insertXml(f: StoredFeature, product: string): string {
  const p = `${product}:`;
  // the properties go as one JSON text (typed values kept); no further elements are sent
  return `<wfs:Insert><${p}${f.table}>${el(p + 'uuid', f.uuid)}${el(p + 'type', f.type)}${el(p + 'layer', f.layer)}${el(p + 'category', f.category)}`
    + `${el(p + 'name', f.name)}${el(p + 'topology_id', f.topologyId)}${el(p + 'properties', JSON.stringify(f.properties))}`
    + `<${p}geometry>${gml(f.geometry)}</${p}geometry></${p}${f.table}></wfs:Insert>`;
}

const filter = (table: string, uuid: string) => `<ogc:Filter><ogc:FeatureId fid="${escapeXml(`${table}.${uuid}`)}"/></ogc:Filter>`;

function updateXml(table: string, uuid: string, values: Record<string, unknown>, product: string): string {
  const props = Object.entries(values).map(([k, v]) => {
    if (!NAME_RE.test(k)) throw new Error(`property name '${k}' is not a valid element name`);
    const value = k === 'geometry' ? gml(v as Geometry3857) : escapeXml(k === 'properties' ? JSON.stringify(v ?? {}) : text(v));
    return `<wfs:Property><wfs:Name>${k}</wfs:Name>${v === null ? '' : `<wfs:Value>${value}</wfs:Value>`}</wfs:Property>`;
  }).join('');
  return `<wfs:Update typeName="${product}:${table}">${props}${filter(table, uuid)}</wfs:Update>`;
}

/** One wfs:Transaction document for these operations (of one table). */
export function transactionXml(ops: readonly FeatureOp[], product: string): string {
  if (!NAME_RE.test(product)) throw new Error(`product '${product}' is not a valid namespace prefix`);
  const body = ops.map((op) => op.kind === 'insert' ? insertXml(op.feature, product)
    : op.kind === 'update' ? updateXml(op.table, op.uuid, op.values, product)
      : `<wfs:Delete typeName="${product}:${op.table}">${filter(op.table, op.uuid)}</wfs:Delete>`).join('');
  return '<?xml version="1.0" encoding="UTF-8"?>'
    + `<wfs:Transaction service="WFS" version="1.1.0" xmlns:wfs="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc"`
    + ` xmlns:gml="http://www.opengis.net/gml" xmlns:${product}="${product}">${body}</wfs:Transaction>`;
}

const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** An OWS ExceptionReport in an answer: its texts, or null. */
export function exceptionText(xml: string): string | null {
  if (!/ExceptionReport/.test(xml)) return null;
  const texts = [...xml.matchAll(/<(?:\w+:)?ExceptionText>([\s\S]*?)<\/(?:\w+:)?ExceptionText>/g)].map((m) => unescapeXml(m[1].trim()));
  return texts.join('; ') || 'ExceptionReport';
}

/** The inserted ids of a wfs:TransactionResponse, in order, without the '{table}.' prefix; 'none' ignored. Throws
 *  the exception text of an ExceptionReport. */
export function insertedIds(xml: string): string[] {
  const ex = exceptionText(xml);
  if (ex !== null) throw new Error(ex);
  const block = /<(?:\w+:)?InsertResults\b[^>]*>([\s\S]*?)<\/(?:\w+:)?InsertResults>/.exec(xml)?.[1] ?? '';
  const out: string[] = [];
  for (const m of block.matchAll(/<(?:\w+:)?FeatureId\b[^>]*\bfid\s*=\s*["']([^"']*)["']/g)) {
    const fid = unescapeXml(m[1]);
    if (!fid || fid === 'none') continue;
    out.push(fid.includes('.') ? fid.slice(fid.lastIndexOf('.') + 1) : fid);
  }
  return out;
}
