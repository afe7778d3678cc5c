// Upload type check: allowed extensions (reference data, KLIC deliveries, drawings, images) and a content sniff so a
// file's bytes match what its name claims.
export const MAX_UPLOAD_BYTES = Number(process.env.UPLOAD_MAX_BYTES ?? 50 * 1024 * 1024);

const starts = (b: Buffer, sig: number[]) => sig.every((x, i) => b[i] === x);
const text = (b: Buffer) => !b.subarray(0, 4096).includes(0);
const firstChar = (b: Buffer) => b.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart()[0];

const ZIP = [0x50, 0x4b, 0x03, 0x04];
export const FILE_TYPES: Record<string, { mime: string; sniff: (b: Buffer) => boolean }> = {
  geojson: { mime: 'application/geo+json', sniff: (b) => text(b) && ['{', '['].includes(firstChar(b)) },
  json: { mime: 'application/json', sniff: (b) => text(b) && ['{', '['].includes(firstChar(b)) },
  zip: { mime: 'application/zip', sniff: (b) => starts(b, ZIP) },
  kmz: { mime: 'application/vnd.google-earth.kmz', sniff: (b) => starts(b, ZIP) },
  gpkg: { mime: 'application/geopackage+sqlite3', sniff: (b) => b.subarray(0, 16).toString('latin1') === 'SQLite format 3\u0000' },
  xml: { mime: 'application/xml', sniff: (b) => text(b) && firstChar(b) === '<' },
  gml: { mime: 'application/gml+xml', sniff: (b) => text(b) && firstChar(b) === '<' },
  kml: { mime: 'application/vnd.google-earth.kml+xml', sniff: (b) => text(b) && firstChar(b) === '<' },
  csv: { mime: 'text/csv', sniff: text },
  dxf: { mime: 'image/vnd.dxf', sniff: text },
  prj: { mime: 'text/plain', sniff: text },
  pdf: { mime: 'application/pdf', sniff: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  png: { mime: 'image/png', sniff: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47]) },
  jpg: { mime: 'image/jpeg', sniff: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  jpeg: { mime: 'image/jpeg', sniff: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  tif: { mime: 'image/tiff', sniff: (b) => starts(b, [0x49, 0x49, 0x2a, 0x00]) || starts(b, [0x4d, 0x4d, 0x00, 0x2a]) },
  tiff: { mime: 'image/tiff', sniff: (b) => starts(b, [0x49, 0x49, 0x2a, 0x00]) || starts(b, [0x4d, 0x4d, 0x00, 0x2a]) },
};

/** The mime type of an acceptable file, or the reason it is refused. */
export function checkFile(filename: string, bytes: Buffer): { mime: string } | { reason: string } {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  const t = ext ? FILE_TYPES[ext] : undefined;
  if (!t) return { reason: `file type .${ext ?? '?'} is not allowed (allowed: ${Object.keys(FILE_TYPES).join(', ')})` };
  if (!bytes.length) return { reason: 'the file is empty' };
  if (!t.sniff(bytes)) return { reason: `the content of ${filename} is not a valid .${ext} file` };
  return { mime: t.mime };
}
