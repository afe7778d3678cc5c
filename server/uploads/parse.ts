// Parses an uploaded file into GeoJSON features in their source CRS (spec 3 §5/§9, issue 12). The format is told by
// the CONTENT (zip, SQLite, XML root, JSON), and the file name's extension must agree with it, so a file whose
// extension lies gets a clear 400. Parsers: loaders.gl (zip, Shapefile SHP/DBF, KML, XML, WKB) and sql.js for the
// GeoPackage tables (geopackage.ts, read in batches); GML geometry (incl. Dutch KLIC IMKL deliveries) is read from the loaders.gl XML tree by gml.ts.
import { parse } from '@loaders.gl/core';
import { convertBinaryGeometryToGeometry } from '@loaders.gl/gis';
import { KMLLoader } from '@loaders.gl/kml';
import { DBFLoader, SHPLoader } from '@loaders.gl/shapefile';
import { XMLLoader } from '@loaders.gl/xml';
import { ZipLoader } from '@loaders.gl/zip';
import { XMLValidator } from 'fast-xml-parser';
import type { Geometry } from 'geojson';
import { HttpError } from '../auth/messages';
import { gmlFeatures } from './gml';
import { crsFromWkt } from './crs-wkt';
import { openGeoPackage } from './geopackage';

export { crsFromWkt };

export type UploadFormat = 'geojson' | 'shapefile' | 'kmz' | 'geopackage' | 'kml' | 'gml' | 'imkl';

export interface ParsedFeature { geometry: Geometry | null; properties: Record<string, unknown> }

export interface ParsedUpload {
  format: UploadFormat;
  /** The source CRS as 'EPSG:n' (or a name that normalizeCrs rejects, reported as unknown), null when the file names
   *  none: then the coordinates must be WGS84 (checked by the caller). */
  crs: string | null;
  features: ParsedFeature[];
}

export const badUpload = (msg: string, code = 'bad_upload') => new HttpError(400, code, msg);

/** Extensions each detected format may carry. */
const EXTENSIONS: Record<UploadFormat, string[]> = {
  geojson: ['geojson', 'json'], shapefile: ['zip'], kmz: ['kmz', 'zip'], geopackage: ['gpkg'],
  kml: ['kml', 'xml'], gml: ['gml', 'xml'], imkl: ['gml', 'xml'],
};
const FORMAT_NAME: Record<UploadFormat, string> = {
  geojson: 'GeoJSON', shapefile: 'a zipped Shapefile', kmz: 'KMZ', geopackage: 'a GeoPackage', kml: 'KML', gml: 'GML', imkl: 'KLIC IMKL GML',
};

const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const head = (b: Buffer) => b.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();

function sniff(bytes: Buffer): 'zip' | 'sqlite' | 'xml' | 'json' | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'zip';
  if (bytes.subarray(0, 16).toString('latin1') === 'SQLite format 3\u0000') return 'sqlite';
  const c = head(bytes)[0];
  if (c === '<') return 'xml';
  if (c === '{' || c === '[') return 'json';
  return null;
}

function checkExtension(filename: string, format: UploadFormat): void {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  if (!EXTENSIONS[format].includes(ext)) {
    throw badUpload(`The content of ${filename} is ${FORMAT_NAME[format]}, which does not match its extension .${ext || '?'} (expected .${EXTENSIONS[format].join(' or .')}).`, 'extension_mismatch');
  }
}

/** An upload opened for reading: its format, CRS and feature count, the features in batches. */
export interface UploadReader extends Omit<ParsedUpload, 'features'> {
  count: number;
  /** The features in file order, at most `size` at a time (a GeoPackage is read from the file batch by batch). */
  batches(size: number): AsyncGenerator<ParsedFeature[]>;
  /** Frees the reader when the batches are not read to the end. */
  close(): void;
}

/** Opens the bytes of an upload; throws a 400 HttpError naming the problem. */
export async function openUpload(filename: string, bytes: Buffer): Promise<UploadReader> {
  if (sniff(bytes) === 'sqlite') {
    checkExtension(filename, 'geopackage');
    const g = await openGeoPackage(bytes, filename);
    return { format: 'geopackage', crs: g.crs, count: g.count, batches: g.batches, close: g.close };
  }
  const r = await parseUpload(filename, bytes);
  return {
    format: r.format, crs: r.crs, count: r.features.length, close: () => {},
    async* batches(size: number) { for (let k = 0; k < r.features.length; k += size) yield r.features.slice(k, k + size); },
  };
}

/** Parses the bytes of an upload into all its features; throws a 400 HttpError naming the problem. */
export async function parseUpload(filename: string, bytes: Buffer): Promise<ParsedUpload> {
  const kind = sniff(bytes);
  if (!kind) throw badUpload(`${filename} is not a GeoJSON, zipped Shapefile, GeoPackage, KML or GML file.`, 'unknown_format');
  if (kind === 'json') { const r = parseGeoJson(bytes, filename); checkExtension(filename, r.format); return r; }
  if (kind === 'sqlite') {
    const r = await openUpload(filename, bytes);
    const features: ParsedFeature[] = [];
    for await (const b of r.batches(10_000)) for (const f of b) features.push(f);
    return { format: r.format, crs: r.crs, features };
  }
  if (kind === 'xml') {
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const root = /<(?!\?|!)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(text);
    const format: UploadFormat = root?.[2] === 'kml' ? 'kml' : /FeatureCollectionIMKL|imkl/i.test(text.slice(0, 8192)) ? 'imkl' : 'gml';
    checkExtension(filename, format);
    return format === 'kml' ? parseKml(text, filename) : parseGml(text, filename, format);
  }
  return parseZip(bytes, filename);
}

function parseGeoJson(bytes: Buffer, filename: string): ParsedUpload {
  let doc: unknown;
  try { doc = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')); } catch (e) {
    throw badUpload(`${filename} is not valid JSON: ${(e as Error).message}`, 'malformed');
  }
  const d = doc as { type?: string; features?: unknown; crs?: { properties?: { name?: unknown } }; geometry?: unknown; properties?: unknown };
  let list: unknown[];
  if (d?.type === 'FeatureCollection' && Array.isArray(d.features)) list = d.features;
  else if (d?.type === 'Feature') list = [d];
  else throw badUpload(`${filename} is not a GeoJSON FeatureCollection or Feature.`, 'malformed');
  const features = list.map((f, i) => {
    const x = f as { type?: unknown; geometry?: unknown; properties?: unknown } | null;
    if (!x || x.type !== 'Feature') throw badUpload(`features[${i}].type must be 'Feature'.`, 'malformed');
    if (x.properties != null && (typeof x.properties !== 'object' || Array.isArray(x.properties))) {
      throw badUpload(`features[${i}].properties must be an object.`, 'malformed');
    }
    return { geometry: (x.geometry ?? null) as Geometry | null, properties: (x.properties ?? {}) as Record<string, unknown> };
  });
  const name = d.crs?.properties?.name;
  return { format: 'geojson', crs: typeof name === 'string' ? name : null, features };
}

async function parseZip(bytes: Buffer, filename: string): Promise<ParsedUpload> {
  let files: Record<string, ArrayBuffer>;
  try { files = await parse(ab(bytes), ZipLoader, { worker: false }) as Record<string, ArrayBuffer>; } catch (e) {
    throw badUpload(`${filename} is not a readable zip archive: ${(e as Error).message}`, 'malformed');
  }
  const names = Object.keys(files).filter((n) => !n.startsWith('__MACOSX/') && !n.endsWith('/'));
  const shp = names.filter((n) => /\.shp$/i.test(n));
  const kml = names.find((n) => /\.kml$/i.test(n));
  if (!shp.length && kml) {
    checkExtension(filename, 'kmz');
    const r = await parseKml(new TextDecoder().decode(files[kml]), filename);
    return { ...r, format: 'kmz' };
  }
  checkExtension(filename, 'shapefile');
  if (!shp.length) throw badUpload(`${filename} holds no .shp file (found: ${names.join(', ') || 'nothing'}).`, 'no_shp');
  if (shp.length > 1) throw badUpload(`${filename} holds more than one .shp file (${shp.join(', ')}); upload one layer per zip.`, 'many_shp');
  const base = shp[0].slice(0, -4);
  const side = (ext: string) => names.find((n) => n.toLowerCase() === `${base}.${ext}`.toLowerCase());
  const dbfName = side('dbf'), prjName = side('prj');
  let geometries: unknown[];
  try {
    const r = await parse(files[shp[0]], SHPLoader, { worker: false, shp: { _maxDimensions: 2 } } as never) as { geometries: unknown[] };
    geometries = r.geometries;
  } catch (e) { throw badUpload(`${shp[0]} in ${filename} is not a readable Shapefile: ${(e as Error).message}`, 'malformed'); }
  let rows: Record<string, unknown>[] = [];
  if (dbfName) {
    try {
      const t = await parse(files[dbfName], DBFLoader, { worker: false, dbf: { shape: 'object-row-table' } } as never) as { data: Record<string, unknown>[] };
      rows = t.data;
    } catch (e) { throw badUpload(`${dbfName} in ${filename} is not a readable dBase file: ${(e as Error).message}`, 'malformed'); }
  }
  const crs = prjName ? crsFromWkt(new TextDecoder().decode(files[prjName])) : null;
  const features = geometries.map((g, i) => ({
    geometry: g ? convertBinaryGeometryToGeometry(g as never) as Geometry : null,
    properties: rows[i] ?? {},
  }));
  return { format: 'shapefile', crs, features };
}

async function parseKml(text: string, filename: string): Promise<ParsedUpload> {
  checkXml(text, filename);
  let fc: { features?: { geometry: Geometry | null; properties: Record<string, unknown> }[] };
  try { fc = await parse(text, KMLLoader, { worker: false, kml: { shape: 'geojson-table' } } as never) as typeof fc; } catch (e) {
    throw badUpload(`${filename} is not readable KML: ${(e as Error).message}`, 'malformed');
  }
  if (!fc || !Array.isArray(fc.features)) throw badUpload(`${filename} is not readable KML.`, 'malformed');
  // KML is WGS84 by definition (OGC KML 2.2); drop the styling members togeojson adds.
  const STYLE = new Set(['stroke', 'stroke-opacity', 'stroke-width', 'fill', 'fill-opacity', 'styleUrl', 'styleHash', 'styleMapHash', 'icon']);
  return {
    format: 'kml', crs: 'EPSG:4326',
    features: fc.features.map((f) => ({
      geometry: f.geometry ?? null,
      properties: Object.fromEntries(Object.entries(f.properties ?? {}).filter(([k]) => !STYLE.has(k))),
    })),
  };
}

function checkXml(text: string, filename: string): void {
  const v = XMLValidator.validate(text);
  if (v !== true) throw badUpload(`${filename} is not well-formed XML: ${v.err.msg} (line ${v.err.line}).`, 'malformed');
}

async function parseGml(text: string, filename: string, format: UploadFormat): Promise<ParsedUpload> {
  checkXml(text, filename);
  let tree: Record<string, unknown>;
  try {
    tree = await parse(text, XMLLoader, { worker: false, xml: { removeNSPrefix: false, _fastXML: { parseTagValue: false } } } as never) as Record<string, unknown>;
  } catch (e) { throw badUpload(`${filename} is not well-formed XML: ${(e as Error).message}`, 'malformed'); }
  if (!tree || typeof tree !== 'object' || !Object.keys(tree).length) throw badUpload(`${filename} is not well-formed XML.`, 'malformed');
  let r;
  try { r = gmlFeatures(tree, format === 'imkl'); } catch (e) {
    if (e instanceof HttpError) throw badUpload(`${filename}: ${e.message}`, e.code);
    throw e;
  }
  return { format, crs: r.crs, features: r.features };
}
