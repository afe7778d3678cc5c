// GeoPackage reading for uploads (OGC GeoPackage 1.x, issue 12): sql.js (SQLite in WASM, its wasm file from
// node_modules) opens the file; the feature tables of gpkg_contents with their geometry column and srs are read, the
// GP blob header skipped and the WKB decoded by loaders.gl's WKBLoader. Rows are read in batches from a stepping
// statement, so an import of 10⁵ features holds one batch of GeoJSON at a time, not the whole file as objects.
import { createRequire } from 'node:module';
import { WKBLoader } from '@loaders.gl/wkt';
import initSqlJs from 'sql.js';
import type { Geometry } from 'geojson';
import { badUpload, type ParsedFeature } from './parse';
import { crsFromWkt } from './crs-wkt';

let SQL: Promise<Awaited<ReturnType<typeof initSqlJs>>> | undefined;
function sqlJs() {
  if (!SQL) {
    const wasm = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');
    SQL = initSqlJs({ locateFile: () => wasm });
  }
  return SQL;
}

/** The WKB of a GeoPackage geometry blob (GP header: magic, version, flags, srs_id, envelope; OGC GeoPackage §2.1.3). */
function gpkgWkb(blob: Uint8Array): Uint8Array | null {
  if (blob[0] !== 0x47 || blob[1] !== 0x50) throw new Error('not a GeoPackage geometry blob');
  const flags = blob[3];
  if (flags & 0x10) return null; // empty geometry
  const env = [0, 32, 48, 48, 64][(flags >> 1) & 0x07];
  if (env === undefined) throw new Error('bad envelope indicator');
  return blob.subarray(8 + env);
}

const parseWkb = (WKBLoader as unknown as { parseSync: (b: ArrayBuffer, o: unknown) => Geometry }).parseSync;
const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

export interface GeoPackageReader {
  crs: string;
  /** Number of features in all feature tables. */
  count: number;
  /** The features in table order, `size` at a time; closes the file when done. */
  batches(size: number): AsyncGenerator<ParsedFeature[]>;
  /** Closes the file (also when the batches were not read to the end). */
  close(): void;
}

/** Opens a GeoPackage; throws a 400 naming the problem when it is no GeoPackage, has no feature table or mixes CRSs. */
export async function openGeoPackage(bytes: Buffer, filename: string): Promise<GeoPackageReader> {
  const SQLm = await sqlJs();
  let db: InstanceType<typeof SQLm.Database>;
  try { db = new SQLm.Database(bytes); } catch (e) { throw badUpload(`${filename} is not a readable GeoPackage: ${(e as Error).message}`, 'malformed'); }
  let open = true;
  const close = () => { if (open) { open = false; db.close(); } };
  const q = (sql: string) => {
    const st = db.prepare(sql);
    const out: Record<string, unknown>[] = [];
    try { while (st.step()) out.push(st.getAsObject()); } finally { st.free(); }
    return out;
  };
  try {
    let layers: Record<string, unknown>[];
    try {
      layers = q(`SELECT c.table_name AS t, g.column_name AS col, s.organization AS org, s.organization_coordsys_id AS code, s.definition AS def
        FROM gpkg_contents c JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
        LEFT JOIN gpkg_spatial_ref_sys s ON s.srs_id = g.srs_id WHERE c.data_type = 'features' ORDER BY c.table_name`);
    } catch (e) { throw badUpload(`${filename} is an SQLite file but not a GeoPackage (${(e as Error).message}).`, 'malformed'); }
    if (!layers.length) throw badUpload(`${filename} holds no feature table.`, 'empty');
    const crsOf = (l: Record<string, unknown>) => (String(l.org ?? '').toUpperCase() === 'EPSG' ? `EPSG:${l.code}` : crsFromWkt(String(l.def ?? l.code)));
    const crs = crsOf(layers[0]);
    const other = layers.find((l) => crsOf(l) !== crs);
    if (other) throw badUpload(`${filename}: the feature tables use different coordinate systems (${crs}, ${crsOf(other)}).`, 'mixed_crs');
    const quote = (name: unknown) => `"${String(name).replace(/"/g, '""')}"`;
    const count = layers.reduce((n, l) => n + Number(q(`SELECT count(*) AS n FROM ${quote(l.t)}`)[0].n), 0);

    async function* batches(size: number): AsyncGenerator<ParsedFeature[]> {
      let index = 0;
      try {
        for (const l of layers) {
          const table = String(l.t), col = String(l.col);
          const st = db.prepare(`SELECT * FROM ${quote(table)}`);
          try {
            let batch: ParsedFeature[] = [];
            while (st.step()) {
              const row = st.getAsObject();
              const blob = row[col];
              let geometry: Geometry | null = null;
              if (blob instanceof Uint8Array) {
                try {
                  const wkb = gpkgWkb(blob);
                  geometry = wkb ? parseWkb(ab(wkb), { wkb: { shape: 'geojson-geometry' } }) : null;
                } catch (e) { throw badUpload(`features[${index}].geometry: unreadable GeoPackage geometry in table ${table} (${(e as Error).message}).`, 'malformed'); }
              }
              const properties: Record<string, unknown> = {};
              for (const [k, v] of Object.entries(row)) if (k !== col && k !== 'fid' && !(v instanceof Uint8Array)) properties[k] = v;
              if (layers.length > 1) properties.layer_name = table;
              batch.push({ geometry, properties });
              index++;
              if (batch.length >= size) { yield batch; batch = []; }
            }
            if (batch.length) yield batch;
          } finally { if (open) st.free(); }
        }
      } finally { close(); }
    }
    return { crs, count, batches, close };
  } catch (e) { close(); throw e; }
}
