// Demo reference data (shared with every organisation) around the demo project in Utrecht Leidsche Rijn, so the
// reference layers show something offline: trees (trees_neo), address objects, a neighbourhood, road sections, heat
// sources (with gemeentenaam for the municipality filter), cocon distribution points and ducts, and as-built lines for
// the cocon tiles. EPSG:3857 map units from the demo network's origin (engine UTRECHT). Idempotent: skipped when demo
// rows exist.
import type { Db } from '../db/db';
import { UTRECHT } from '../../engine/generate';
import { insertReference, type ReferenceInput } from '../geodata/reference-store';

const [OX, OY] = UTRECHT;
const at = (dx: number, dy: number): number[] => [Math.round((OX + dx) * 100) / 100, Math.round((OY + dy) * 100) / 100];
const point = (dx: number, dy: number) => ({ type: 'Point', coordinates: at(dx, dy) });
const line = (...p: [number, number][]) => ({ type: 'LineString', coordinates: p.map(([x, y]) => at(x, y)) });

/** The demo reference rows (exported for tests). */
export function demoReferenceFeatures(): ReferenceInput[] {
  const out: ReferenceInput[] = [];
  const streets = ['Grauwaartsingel', 'Rijnzathe', 'Vleutensebaan'];
  for (let i = 0; i < 8; i++) {
    out.push({ layer: 'trees_neo', name: `Boom ${i + 1}`, properties: { boomsoort: i % 2 ? 'Tilia' : 'Quercus', hoogte: 6 + i, gemeentenaam: 'Utrecht' }, geometry: point(70 + i * 130, 65) });
    out.push({ layer: 'address_objects', name: `${streets[i % 3]} ${i + 1}`, properties: { openbare_ruimte: streets[i % 3], huisnummer: i + 1, postcode: '3541AB', gemeentenaam: 'Utrecht' }, geometry: point(40 + i * 130, 95) });
  }
  out.push({ layer: 'neighbourhoods', name: 'Leidsche Rijn Centrum', properties: { buurtnaam: 'Leidsche Rijn Centrum', buurtcode: 'BU03441234', gemeentenaam: 'Utrecht' },
    geometry: { type: 'Polygon', coordinates: [[at(-50, -50), at(1650, -50), at(1650, 1650), at(-50, 1650), at(-50, -50)]] } });
  streets.forEach((s, i) => out.push({ layer: 'road_sections', name: s, properties: { stt_naam: s, wegbeheerder: 'G', gemeentenaam: 'Utrecht' }, geometry: line([0, i * 520], [1560, i * 520]) }));
  out.push({ layer: 'heat_sources', name: 'Restwarmte Lage Weide', properties: { bron: 'restwarmte', vermogen_mw: 12, gemeentenaam: 'Utrecht' }, geometry: point(900, 900) });
  out.push({ layer: 'heat_sources', name: 'WKO Vleuten', properties: { bron: 'wko', vermogen_mw: 3, gemeentenaam: 'Vleuten-De Meern' }, geometry: point(300, 1300) });
  for (let i = 0; i < 4; i++) out.push({ layer: 'cocon_dp', name: `DP-${101 + i}`, properties: { status: 'as-built', capacity: 48 }, geometry: point(130 + i * 390, 260) });
  out.push({ layer: 'cocon_duct', name: 'Duct 1', properties: { diameter_mm: 40 }, geometry: line([130, 260], [1300, 260]) });
  out.push({ layer: 'cocon2', name: 'Cocon trace', properties: {}, geometry: line([130, 255], [1300, 255], [1300, 780]) });
  out.push({ layer: 'asbuilt', name: 'As-built trace', properties: {}, geometry: line([0, 520], [1560, 520]) });
  return out;
}

export async function seedDemoReference(db: Db): Promise<void> {
  const done = await db.query(`SELECT 1 FROM reference_feature WHERE source = 'demo' LIMIT 1`);
  if (done.rows.length) return;
  await db.tx((q) => insertReference(q, null, 'demo', demoReferenceFeatures()));
}
