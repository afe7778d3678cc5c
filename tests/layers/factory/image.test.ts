// The image factory: WMS parameters (STYLES, LAYERS, CQL_FILTER project_id + type, TRANSPARENT), WMTS/XYZ tiles,
// /api/proxy for proxied services, MapLibre raster source + layer with zoom range and opacity.
import { describe, it, expect } from 'vitest';
import { addressRequest, atlasOf, createImageLayer, projectCql, proxyTransformRequest, wmsTileUrl } from 'layers/factory';
import { CATALOGUE, getLayer } from 'layers/catalogue';

const params = (url: string) => new URLSearchParams(url.slice(url.indexOf('?') + 1));

describe('image layer factory', () => {
  it('geodata WMS with LAYERS, STYLES, TRANSPARENT and the bbox placeholder', () => {
    const url = wmsTileUrl(getLayer('bgtVegetation'));
    expect(url.startsWith('/api/geodata/wms/?')).toBe(true);
    const p = params(url);
    expect(p.get('LAYERS')).toBe('bgt_vegetation');
    expect(p.get('STYLES')).toBe('');
    expect(p.get('TRANSPARENT')).toBe('TRUE');
    expect(p.get('REQUEST')).toBe('GetMap');
    expect(url).toContain('BBOX={bbox-epsg-3857}');
  });

  it('project WMS carries CQL_FILTER with project_id plus the type filter', () => {
    const url = wmsTileUrl(getLayer('heatPipesImage'), { projectId: 12, product: 'ghs' });
    expect(url.startsWith('/api/project/12/geoserver/ghs/wms?')).toBe(true);
    expect(params(url).get('CQL_FILTER')).toBe("project_id=12 AND type='pipe'");
    expect(projectCql(3, ['a', "b'c"])).toBe("project_id=3 AND type IN ('a','b''c')");
    expect(() => wmsTileUrl(getLayer('heatPipesImage'))).toThrow('projectId is required');
  });

  it('WMTS background → raster source with the tile template, attribution, zoom range and opacity', () => {
    const spec = createImageLayer(getLayer('brtAchtergrondkaart'), { opacity: 0.7 });
    expect(spec.source.tiles![0]).toBe('https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:3857/{z}/{x}/{y}.png');
    expect(spec.source.attribution).toContain('PDOK');
    expect(spec.layer).toMatchObject({ id: 'brtAchtergrondkaart', type: 'raster', source: 'src-brtAchtergrondkaart', minzoom: 0, maxzoom: 28 });
    expect((spec.layer as unknown as { paint: Record<string, number> }).paint['raster-opacity']).toBe(0.7);
    expect((spec.layer as unknown as { layout: { visibility: string } }).layout.visibility).toBe('visible');
    const ref = createImageLayer(getLayer('kadastralePercelen'));
    expect((ref.layer as unknown as { paint: Record<string, number> }).paint['raster-opacity']).toBe(0.85);
    expect((ref.layer as unknown as { layout: { visibility: string } }).layout.visibility).toBe('none');
  });

  it('proxied services go through /api/proxy with the target and request type in headers', () => {
    const spec = createImageLayer(getLayer('luchtfotoVlaanderen'));
    const tpl = spec.source.tiles![0];
    expect(tpl.startsWith('/api/proxy?url=https%3A%2F%2Fgeo.api.vlaanderen.be')).toBe(true);
    expect(tpl).toContain('TILEMATRIX%3D{z}');
    const req = proxyTransformRequest('tok')(tpl.replace('{z}', '5').replace('{x}', '1').replace('{y}', '2'), 'Tile');
    expect(req.headers).toMatchObject({ 'X-Proxy-Request-Type': 'image', Authorization: 'Bearer tok' });
    expect((req.headers as Record<string, string>)['X-Proxy-Target-Url']).toContain('TILEMATRIX=5&TILEROW=2&TILECOL=1');
    expect(proxyTransformRequest(null)('/api/geodata/wms/?x', 'Tile')).toEqual({ url: '/api/geodata/wms/?x' });
    const plainHttp = createImageLayer(getLayer('funderingsrisico')).source.tiles![0];
    expect(plainHttp.startsWith('/api/proxy?url=http%3A%2F%2F')).toBe(true);
    expect(plainHttp).toContain('{bbox-epsg-3857}');
  });

  it('refuses a vector entry', () => {
    expect(() => createImageLayer(getLayer('dp'))).toThrow('layer dp: type must be image');
  });
});

describe('street-level aerial layer (atlas address)', () => {
  it('reads its tile address from GET /api/cyclomedia/atlas?userId, not through the proxy', () => {
    const e = getLayer('streetLevelAerial');
    expect(e.source).toMatchObject({ kind: 'xyz', url: '{atlas}', addressFrom: '/api/cyclomedia/atlas' });
    expect(addressRequest(e, 5)).toBe('/api/cyclomedia/atlas?userId=5');
    expect(() => addressRequest(e, 0)).toThrow('userId must be a positive integer');
    const atlas = atlasOf({ userId: 5, atlas: 'https://atlas.example.test/{z}/{x}/{y}.png' });
    expect(atlas).toBe('https://atlas.example.test/{z}/{x}/{y}.png');
    const spec = createImageLayer(e, { atlas, visible: true });
    expect(spec.source.tiles).toEqual(['https://atlas.example.test/{z}/{x}/{y}.png']);
    expect(spec.source.tiles![0]).not.toContain('/api/proxy');
    expect(spec.layer).toMatchObject({ id: 'streetLevelAerial', minzoom: 10, maxzoom: 28 });
  });

  it('has no address without an atlas (null answer) and refuses an address without tile placeholders', () => {
    const e = getLayer('streetLevelAerial');
    expect(atlasOf({ userId: 5, atlas: null })).toBeNull();
    expect(atlasOf({ userId: 5, atlas: '  ' })).toBeNull();
    expect(atlasOf(null)).toBeNull();
    expect(() => createImageLayer(e)).toThrow('layer streetLevelAerial: atlas is required (the address from GET /api/cyclomedia/atlas)');
    expect(() => createImageLayer(e, { atlas: 'https://atlas.example.test/tiles' })).toThrow('atlas must be a tile address with {z}, {x} and {y}');
  });

  it('no catalogue tile address is a relative /api address sent through the proxy (the proxy only reaches absolute hosts)', () => {
    for (const e of CATALOGUE) {
      const s = e.source;
      if (s && s.kind !== 'wfs' && s.proxy) expect(/^https?:\/\//.test(s.url), e.name).toBe(true);
    }
  });
});
