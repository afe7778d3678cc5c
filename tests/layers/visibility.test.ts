// Visibility resolution order (spec 2 §4): user setting for the view → view default → recommended (visible, its
// opacity) → global default → hidden at opacity 1; restore clears the view's user settings; saving none deletes.
import { describe, it, expect } from 'vitest';
import { resolveLayer, resolveView, restoreView, saveViewRequest, upsertSetting, type LayerSetting, type ResolveInput } from 'layers/visibility';
import { CONTEXT_DEFAULTS } from 'layers/catalogue/contexts';
import { CATALOGUE, getLayer } from 'layers/catalogue';

const base: ResolveInput = {
  mapContext: 'dp',
  userSettings: [],
  viewDefaults: { dp: { visible: true }, dpAreas: { visible: false, opacity: 0.3 } },
  recommended: new Map([['dp', 0.7], ['cap', 0.6]]),
  globalDefaults: new Map([['dp', { visible: false, opacity: 0.9 }], ['cap', { visible: false, opacity: 1 }], ['edges', { visible: false, opacity: 0.4 }]]),
};
const user = (layerName: string, visible: boolean, opacity: number, mapContext = 'dp', layerStyle: string | null = null): LayerSetting =>
  ({ layerName, visible, opacity, mapContext, layerStyle });

describe('layer visibility resolution', () => {
  it('1: the user setting for that view wins over everything', () => {
    const r = resolveLayer('dp', 'dp', { ...base, userSettings: [user('dp', false, 0.2, 'dp', 'alt')] });
    expect(r).toEqual({ layerName: 'dp', visible: false, opacity: 0.2, style: 'alt', from: 'user' });
  });
  it("a user setting for another view does not apply", () => {
    expect(resolveLayer('dp', 'dp', { ...base, userSettings: [user('dp', false, 0.2, 'ap')] }).from).toBe('view');
  });
  it("2: then the view's built-in default (with its opacity, else the layer's global opacity)", () => {
    expect(resolveLayer('dp', 'dp', base)).toMatchObject({ visible: true, opacity: 0.9, from: 'view' });
    expect(resolveLayer('dpAreas', null, base)).toMatchObject({ visible: false, opacity: 0.3, from: 'view' });
  });
  it('3: then a recommended-layer setting: visible, with its layer opacity', () => {
    expect(resolveLayer('cap', 'cap', base)).toMatchObject({ visible: true, opacity: 0.6, from: 'recommended' });
  });
  it('4: then the global default', () => {
    expect(resolveLayer('edges', 'edge', base)).toMatchObject({ visible: false, opacity: 0.4, from: 'global' });
  });
  it('5: otherwise hidden at opacity 1', () => {
    expect(resolveLayer('custom1', null, base)).toEqual({ layerName: 'custom1', visible: false, opacity: 1, style: null, from: 'fallback' });
  });
  it('resolves a whole view from the catalogue and the context defaults', () => {
    const entries = [getLayer('dp'), getLayer('edges'), getLayer('lu')];
    const rs = resolveView(entries, { mapContext: 'dp', userSettings: [], viewDefaults: CONTEXT_DEFAULTS.dp, recommended: new Map() });
    expect(rs.map((r) => [r.layerName, r.visible, r.from])).toEqual([['dp', true, 'view'], ['edges', false, 'global'], ['lu', false, 'global']]);
    expect(resolveView(CATALOGUE, { mapContext: 'ap', userSettings: [], viewDefaults: CONTEXT_DEFAULTS.ap, recommended: new Map() })).toHaveLength(CATALOGUE.length);
  });
  it("restoring a view clears that view's user settings only", () => {
    const all = [user('dp', false, 1, 'dp'), user('cap', true, 1, 'dp'), user('dp', true, 0.5, 'ap')];
    const left = restoreView(all, 'dp');
    expect(left).toEqual([user('dp', true, 0.5, 'ap')]);
    expect(resolveLayer('dp', 'dp', { ...base, userSettings: left }).from).toBe('view');
  });
  it('upsert replaces the earlier setting of the same layer and view', () => {
    const s = upsertSetting([user('dp', false, 1)], user('dp', true, 0.5));
    expect(s).toEqual([user('dp', true, 0.5)]);
  });
  it('saving a view with no settings deletes the stored settings; otherwise PATCH', () => {
    expect(saveViewRequest('dp', [user('x', true, 1, 'ap')])).toEqual({ method: 'DELETE', path: '/api/user/layer_setting/dp' });
    const req = saveViewRequest('dp', [user('x', true, 1, 'dp'), user('y', true, 1, 'ap')]);
    expect(req).toEqual({ method: 'PATCH', path: '/api/user/layer_setting', body: [user('x', true, 1, 'dp')] });
  });
});
