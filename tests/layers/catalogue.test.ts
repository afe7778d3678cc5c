// The catalogue as data: schema check, every layer spec 3 names, opacity and draw-order defaults, zoom ranges and
// label thresholds of spec 3 §9, and the 34 map-view contexts with their default layer sets.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { CATALOGUE, getLayer, findLayer } from 'layers/catalogue';
import { validateCatalogue, validateEntry } from 'layers/catalogue/schema';
import { CATEGORY_ICONS } from 'layers/catalogue/categories';
import { CONTEXT_DEFAULTS, MAP_CONTEXTS } from 'layers/catalogue/contexts';
import { CATEGORIES } from 'layers/types';
import { DRAW_LEVEL, DRAW_ORDER, ductDrawOrder } from 'layers/draw-order';

/** Spec 3 §2 names → catalogue layer names. */
const SPEC_NAMES: Record<string, string[]> = {
  ap: ['ap'], cap: ['cap'], dp: ['dp'], fdp: ['fdp'], oap: ['oap'], handhole: ['handhole'], accessCarrier: ['accessCarrier'],
  ducts: ['ducts'], 'duct joints': ['ductJoints', 'microDuctJoints'],
  'cables (ap-to-dp, ap-to-oap, oap-to-dp, dp-to-ka)': ['cableApToDp', 'cableApToOap', 'cableOapToDp', 'cableDpToKa'],
  'city ring / backhaul': ['cityRing'], conduit: ['conduit'], edges: ['edges'], waypoints: ['waypoints'], phases: ['phases'],
  'trenches (reserved, drilling type, coverage type)': ['trenches', 'trenchesReserved', 'trenchesDrillingType', 'trenchesCoverageType'],
  traces: ['traces'], 'quality-assurance lines': ['qaLines'], 'combi/solo lines': ['combiLines'],
  areas: ['areas', 'apAreas', 'oapAreas', 'dpAreas'], 'shaping areas': ['shaping'], 'points of interest': ['pointsOfInterest'],
  'as-built variants': ['asBuilt', 'asBuiltCocon', 'asBuiltCabinetUsage', 'asBuiltDp', 'asBuiltPop', 'asBuiltSlack', 'asBuiltDuct', 'asBuiltDrilling'],
  uploads: ['uploadPoints', 'uploadLines', 'uploadPolygons', 'uploadKlic'], 'directive shapes': ['directiveShapes'],
  'demarcation areas': ['projectDemarcation', 'revisionDemarcation'], 'points of presence': ['pop'], 'future demand points': ['futureDemand'],
  'customer living units': ['lu'], 'internal routes': ['internalRoutes'],
  'heat (pipe, cap, lu, substation, starting point)': ['heatPipes', 'heatCaps', 'heatLu', 'heatSubstations', 'heatStartingPoints'],
  'heat sources, connections': ['heatSources', 'heatConnections'], 'heat capex': ['heatCapexPipes', 'heatCapexCaps'],
  'water (branch points, valves, fire hydrants, service points, pipes, section hulls)': ['waterBranchPoints', 'waterValves', 'waterFireHydrants', 'waterServicePoints', 'waterPipes', 'waterSectionHulls'],
  'low voltage (cap, customer cable, joint, lu, main cable, msr, msr area, trench)': ['lvCaps', 'lvCustomerCables', 'lvJoints', 'lvLu', 'lvMainCables', 'lvMsr', 'lvMsrAreas', 'lvTrenches'],
  'energy-system assets': ['esdlAssets'], geotrace: ['geotraceNetwork'],
  'general (notes, dimensioning lines, clashes, analyses, user location, highlights)': ['notes', 'dimensioningLines', 'clashes', 'analyses', 'userLocation', 'highlights'],
  'geodata WMS (bgt vegetation, labels, line-oriented, risk grid, heat networks, osmm, bg_belgium, las, trees_neo, osm_roads_germany, built-up, bgt_eigendom, bgt_geulbedekking)':
    ['bgtVegetation', 'bgtLabels', 'bgtLineOriented', 'riskGridImage', 'heatNetworks', 'osmm', 'bgBelgium', 'las', 'treesNeoImage', 'osmRoadsGermany', 'builtUp', 'bgtEigendom', 'bgtGeulbedekking'],
  'geodata WFS (address objects, neighbourhoods, road sections, water defences, risk grid, trees)': ['addressObjects', 'neighbourhoods', 'roadSections', 'waterDefences', 'riskGrid', 'trees'],
  'external public services': ['brtAchtergrondkaart', 'luchtfoto', 'luchtfotoVlaanderen', 'kadastralePercelen', 'kadastraleKaart', 'bagAdressen', 'luchtfotoInfrarood', 'gemeentegrenzen', 'bodemkaart', 'bodemonderzoek', 'natura2000', 'natuurnetwerk', 'monumenten', 'spoorwegen', 'bestuurlijkeGrenzen', 'ahnHoogtemodel', 'funderingsrisico', 'ontgravingskaart', 'toepassingskaart', 'netbeheerderOpenData', 'leidingregister', 'rioleringGwsw', 'risicokaart'],
  'street-level surface types': ['streetLevelSurfaceTypes'],
};

describe('layer catalogue', () => {
  it('passes the schema check (every field of every entry)', () => {
    expect(validateCatalogue(CATALOGUE)).toEqual([]);
    expect(CATALOGUE.length).toBeGreaterThan(120);
  });

  it('the schema check rejects a bad entry naming the field', () => {
    const bad = { ...getLayer('dp'), opacity: 2, type: 'vector' as never, styles: ['nope'] };
    const errs = validateEntry(bad);
    expect(errs).toContain('layer dp: opacity must be in (0, 1]');
    expect(errs.some((e) => e.startsWith('layer dp: type'))).toBe(true);
    expect(errs).toContain('layer dp: styles names unknown style nope');
    expect(validateCatalogue([getLayer('dp'), getLayer('dp')])).toContain('layer dp: name is not unique');
  });

  for (const [spec, names] of Object.entries(SPEC_NAMES)) {
    it(`contains every layer spec 3 names: ${spec}`, () => {
      for (const n of names) expect(findLayer(n), n).toBeDefined();
    });
  }

  it('an unknown layer raises the LayerRepository error', () => {
    expect(() => getLayer('nope')).toThrow('Layer nope not found in LayerRepository');
  });

  it('every category has an icon except Other, and entries use only the spec categories', () => {
    for (const c of CATEGORIES) expect(CATEGORY_ICONS[c] === null).toBe(c === 'Other');
    expect(new Set(CATALOGUE.map((e) => e.category)).size).toBeGreaterThanOrEqual(8);
  });

  it('opacity defaults: 0.5 areas, 0.85 reference and upload layers, 1 otherwise', () => {
    expect(getLayer('dpAreas').opacity).toBe(0.5);
    expect(getLayer('phases').opacity).toBe(0.5);
    expect(getLayer('bgtVegetation').opacity).toBe(0.85);
    expect(getLayer('riskGrid').opacity).toBe(0.85);
    expect(getLayer('uploadLines').opacity).toBe(0.85);
    expect(getLayer('uploadKlic').opacity).toBe(0.85);
    expect(getLayer('dp').opacity).toBe(1);
    expect(getLayer('trenches').opacity).toBe(1);
    for (const e of CATALOGUE) {
      if (e.category === 'Reference' || e.category === 'Upload' || e.category === 'UploadKlic') expect(e.opacity, e.name).toBe(0.85);
    }
  });

  it('draw order: points 100×high above lines 100×medium above default 100×low above shapes 100×very low; duct levels', () => {
    expect(DRAW_ORDER).toEqual({ points: 1100, lines: 800, default: 500, shapes: 200 });
    expect(DRAW_LEVEL).toEqual({ VeryLow: 2, Low: 5, Medium: 8, High: 11, VeryHigh: 15 });
    expect(getLayer('dp').drawOrder).toBe(1100);
    expect(getLayer('edges').drawOrder).toBe(800);
    expect(getLayer('dpAreas').drawOrder).toBe(200);
    expect(getLayer('bgtVegetation').drawOrder).toBe(500);
    expect(getLayer('ducts').drawOrder).toBe(ductDrawOrder('Medium'));
    expect(getLayer('trenches').drawOrder).toBeLessThan(getLayer('ducts').drawOrder);
    expect(getLayer('ducts').drawOrder).toBeLessThan(getLayer('cableApToDp').drawOrder);
  });

  it('zoom ranges of spec 3 §9', () => {
    const z = (n: string) => [getLayer(n).minZoom, getLayer(n).maxZoom];
    expect(z('bgtVegetation')).toEqual([19, 28]);
    expect(z('bgtLabels')).toEqual([17, 28]);
    expect(z('cadastral')).toEqual([17, 28]);
    expect(z('addressObjects')).toEqual([18, 28]);
    expect(z('neighbourhoods')).toEqual([12, 28]);
    expect(z('roadSections')).toEqual([15, 28]);
    expect(z('streetLevelSurfaceTypes')).toEqual([16, 28]);
    expect(z('waterBoards')[0]).toBe(0);
    expect([0, 7]).toContain(getLayer('foundation').minZoom);
    expect([0, 7]).toContain(getLayer('soil').minZoom);
    expect([13, 18]).toContain(getLayer('trenches').minZoom);
    expect([13, 18]).toContain(getLayer('trenchesDrillingType').minZoom);
    expect(z('kadastralePercelen')[1]).toBe(28);
    for (const e of CATALOGUE.filter((x) => x.group === 'external' && x.category !== 'Background' && x.minZoom >= 10)) expect(e.maxZoom).toBe(28);
    for (const e of CATALOGUE.filter((x) => x.category === 'Network' && x.type !== 'image' && x.group !== 'general')) {
      expect(e.maxZoom, e.name).toBe(24);
      expect([8, 11, 13, 14, 16, 18], e.name).toContain(e.minZoom);
    }
    // image/vector switch: heat pipes at 16, heat caps at 18
    expect(getLayer('heatPipesImage').maxZoom).toBe(16);
    expect(getLayer('heatPipes').minZoom).toBe(16);
    expect(getLayer('heatCapsImage').maxZoom).toBe(18);
    expect(getLayer('heatCaps').minZoom).toBe(18);
  });

  it('label thresholds of spec 3 §9', () => {
    const l = (n: string) => getLayer(n).labelMinZoom;
    for (const n of ['pop', 'oap', 'accessCarrier']) expect(l(n), n).toBe(17);
    for (const n of ['dp', 'ducts', 'ductJoints']) expect(l(n), n).toBe(18);
    for (const n of ['cap', 'microDuctJoints']) expect(l(n), n).toBe(19);
    for (const n of ['clashes', 'analyses']) expect(l(n), n).toBe(16);
    for (const n of ['heatPipes', 'heatCapexPipes', 'waterPipes']) expect(l(n), n).toBe(21);
  });

  it('network layers name the network object types that feed them', () => {
    expect(getLayer('dp').objectTypes).toContain('splicebox');
    expect(getLayer('trenches').objectTypes).toContain('trench');
    expect(getLayer('waterValves').objectTypes).toEqual(['valve']);
    for (const e of CATALOGUE.filter((x) => x.type === 'network')) expect(e.objectTypes.length, e.name).toBeGreaterThan(0);
  });

  it("network object type names exist in the server's object type catalogue (021_catalogue.sql)", () => {
    const sql = readFileSync('server/migrations/021_catalogue.sql', 'utf8');
    const known = new Set([...sql.matchAll(/\(\d+, '[a-z_]+', '([a-z_]+)', \d+, '[a-z]+'\)/g)].map((m) => m[1]));
    expect(known.has('splicebox')).toBe(true);
    for (const e of CATALOGUE) for (const t of e.objectTypes) expect(known.has(t), `${e.name}: ${t}`).toBe(true);
  });

  it('the PDOK background services are configured as WMTS with attributions', () => {
    const brt = getLayer('brtAchtergrondkaart');
    expect(brt.source).toMatchObject({ kind: 'wmts' });
    expect(brt.source && 'url' in brt.source && brt.source.url).toContain('service.pdok.nl/brt/achtergrondkaart/wmts');
    expect(brt.attributions.join()).toContain('PDOK');
    expect(getLayer('luchtfoto').source).toMatchObject({ kind: 'wmts' });
  });

  it('has all 34 map-view contexts, each with a default layer set of catalogue layers', () => {
    expect(MAP_CONTEXTS).toHaveLength(34);
    expect(MAP_CONTEXTS).toContain('geotraceRouteDetermination');
    expect(MAP_CONTEXTS).toContain('ghpNetwork');
    for (const c of MAP_CONTEXTS) {
      const names = Object.keys(CONTEXT_DEFAULTS[c]);
      expect(names.length, c).toBeGreaterThan(0);
      for (const n of names) expect(findLayer(n), `${c}: ${n}`).toBeDefined();
    }
  });
});
