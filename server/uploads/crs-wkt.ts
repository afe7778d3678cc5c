// The EPSG code named by a WKT coordinate system definition (a Shapefile's .prj, a GeoPackage's gpkg_spatial_ref_sys).
/** The EPSG code of a .prj / GeoPackage WKT definition (by AUTHORITY, else the ESRI names GDAL writes). */
export function crsFromWkt(wkt: string): string {
  const auth = /^(?:PROJCS|GEOGCS|PROJCRS|GEOGCRS)\[[^]*AUTHORITY\["EPSG","?(\d+)"?\]\]\s*$/i.exec(wkt.trim())
    ?? /ID\["EPSG",(\d+)\]\]\s*$/i.exec(wkt.trim());
  if (auth) return `EPSG:${auth[1]}`;
  const name = /^(?:PROJCS|GEOGCS|PROJCRS|GEOGCRS)\["([^"]+)"/i.exec(wkt.trim())?.[1] ?? wkt.trim().slice(0, 60);
  const n = name.replace(/[\s/]+/g, '_').toLowerCase();
  if (/rd_new|amersfoort_rd/.test(n)) return 'EPSG:28992';
  if (/^(gcs_)?wgs_?(19)?84$/.test(n)) return 'EPSG:4326';
  if (/wgs_1984_utm_zone_32n/.test(n)) return 'EPSG:32632';
  if (/web_mercator|pseudo[-_]mercator/.test(n)) return 'EPSG:3857';
  return name;
}
