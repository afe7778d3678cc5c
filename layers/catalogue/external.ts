// External public services as configuration (spec 3 §7): Dutch national base maps and aerial imagery (PDOK WMTS), a
// Flemish aerial service, and reference WMS/WFS services. Unreachable offline; external layers zoom 10–28.
import type { LayerEntry } from '../types';
import { family, MAP_MAX_ZOOM } from './define';

const bg = family('external', [], { category: 'Background', type: 'image', minZoom: 0, maxZoom: MAP_MAX_ZOOM, defaultVisible: false, styles: ['image'] });
const ext = family('external', [], { category: 'Reference', type: 'image', minZoom: 10, maxZoom: MAP_MAX_ZOOM, defaultVisible: false, styles: ['image'] });
const PDOK = 'https://service.pdok.nl';
const wms = (url: string, layers: string, proxy = false) => ({ kind: 'wms' as const, url, layers, version: '1.3.0', proxy });
const pdok = ['© Kadaster / PDOK'];

export const EXTERNAL_LAYERS: LayerEntry[] = [
  bg({ name: 'brtAchtergrondkaart', geometry: 'polygon', source: { kind: 'wmts', url: `${PDOK}/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:3857/{z}/{x}/{y}.png` }, attributions: pdok, defaultVisible: true }),
  bg({ name: 'brtAchtergrondkaartGrijs', geometry: 'polygon', source: { kind: 'wmts', url: `${PDOK}/brt/achtergrondkaart/wmts/v2_0/grijs/EPSG:3857/{z}/{x}/{y}.png` }, attributions: pdok }),
  bg({ name: 'luchtfoto', geometry: 'polygon', source: { kind: 'wmts', url: `${PDOK}/hwh/luchtfotorgb/wmts/v1_0/Actueel_orthoHR/EPSG:3857/{z}/{x}/{y}.jpeg` }, attributions: pdok }),
  bg({ name: 'luchtfotoInfrarood', geometry: 'polygon', source: { kind: 'wmts', url: `${PDOK}/hwh/luchtfotocir/wmts/v1_0/Actueel_ortho25IR/EPSG:3857/{z}/{x}/{y}.jpeg` }, attributions: pdok }),
  bg({ name: 'luchtfotoVlaanderen', geometry: 'polygon', attributions: ['© Digitaal Vlaanderen'], source: { kind: 'xyz', proxy: true,
    url: 'https://geo.api.vlaanderen.be/OMWRGBMRVL/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=omwrgbmrvl&STYLE=&FORMAT=image/png&TILEMATRIXSET=GoogleMapsVL&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}' } }),
  bg({ name: 'openStreetMap', geometry: 'polygon', source: { kind: 'xyz', url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }, attributions: ['© OpenStreetMap contributors'] }),
  ext({ name: 'kadastraleKaart', geometry: 'polygon', source: wms(`${PDOK}/kadaster/kadastralekaart/wms/v5_0`, 'Kadastralekaart'), attributions: pdok, minZoom: 17 }),
  ext({ name: 'kadastralePercelen', geometry: 'polygon', source: wms(`${PDOK}/kadaster/kadastralekaart/wms/v5_0`, 'Perceel'), attributions: pdok, minZoom: 17 }),
  ext({ name: 'bagAdressen', geometry: 'point', source: wms(`${PDOK}/lv/bag/wms/v2_0`, 'verblijfsobject'), attributions: pdok, minZoom: 18 }),
  ext({ name: 'gemeentegrenzen', geometry: 'polygon', source: wms(`${PDOK}/kadaster/bestuurlijkegebieden/wms/v1_0`, 'Gemeentegebied'), attributions: pdok }),
  ext({ name: 'bestuurlijkeGrenzen', geometry: 'polygon', source: wms(`${PDOK}/kadaster/bestuurlijkegebieden/wms/v1_0`, 'Provinciegebied'), attributions: pdok }),
  ext({ name: 'bodemkaart', geometry: 'polygon', source: wms(`${PDOK}/bzk/bro-bodemkaart/wms/v1_0`, 'view_soil_area'), attributions: pdok, minZoom: 7 }),
  ext({ name: 'bodemonderzoek', geometry: 'point', source: wms('http://services.geodata.nl/bodemloket/wms', 'bodemonderzoeken', true), minZoom: 7 }),
  ext({ name: 'natura2000', geometry: 'polygon', source: wms(`${PDOK}/rvo/natura2000/wms/v1_0`, 'natura2000'), attributions: pdok }),
  ext({ name: 'natuurnetwerk', geometry: 'polygon', source: wms(`${PDOK}/provincies/natuurnetwerk-nederland/wms/v1_0`, 'natuurnetwerk'), attributions: pdok }),
  ext({ name: 'monumenten', geometry: 'polygon', source: wms(`${PDOK}/rce/ps-ch/wms/v1_0`, 'PS.ProtectedSite'), attributions: pdok }),
  ext({ name: 'spoorwegen', geometry: 'line', source: wms(`${PDOK}/prorail/spoorwegen/wms/v1_0`, 'spooras'), attributions: pdok }),
  ext({ name: 'ahnHoogtemodel', geometry: 'polygon', source: wms(`${PDOK}/rws/ahn/wms/v1_0`, 'dtm_05m'), attributions: pdok, minZoom: 0 }),
  ext({ name: 'funderingsrisico', geometry: 'polygon', source: wms('http://geodata.kcaf.nl/wms', 'funderingsrisico', true), minZoom: 7 }),
  ext({ name: 'ontgravingskaart', geometry: 'polygon', source: wms('https://geoservices.bodemloket.nl/wms', 'ontgravingskaart'), minZoom: 7 }),
  ext({ name: 'toepassingskaart', geometry: 'polygon', source: wms('https://geoservices.bodemloket.nl/wms', 'toepassingskaart'), minZoom: 7 }),
  ext({ name: 'netbeheerderOpenData', category: 'ExternalEnexis', geometry: 'line', source: wms('https://gis.enexis.nl/geoserver/wms', 'open_data_netten'), organisations: [7], attributions: ['© Enexis Netbeheer'] }),
  ext({ name: 'leidingregister', category: 'ExternalWfs', type: 'feature', geometry: 'line', styles: ['externalWfs'], source: { kind: 'wfs', url: 'https://geo.leidingregister.nl/wfs', typeName: 'leidingen', version: '2.0.0' } }),
  ext({ name: 'rioleringGwsw', category: 'ExternalWfs', type: 'feature', geometry: 'line', styles: ['externalWfs'], source: { kind: 'wfs', url: 'https://geodata.gwsw.nl/wfs', typeName: 'gwsw:beheer_leiding', version: '2.0.0' } }),
  ext({ name: 'risicokaart', category: 'ExternalWfs', type: 'feature', geometry: 'polygon', styles: ['riskGrid'], source: { kind: 'wfs', url: 'https://services.geodata.nl/risicokaart/wfs', typeName: 'risico_grid', version: '2.0.0' } }),
];
