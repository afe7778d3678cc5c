// @vitest-environment jsdom
// The fttx feature-service part of the stored-feature card (src/map/info/FttxFeatureActions.tsx; spec 3 §7): per
// fttx_feature type the right call with the right payload and its answer shown — dp access net type and "Update
// connections" (then re-read), dp_area from the area map, cap sync-vbos / sync-caps, vbo tk-info rows and bulk-delete
// with deleteOrphanedCaps, cable ducts; each write announces the re-read of the touched layers; viewers get no buttons.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '../../../../src/app/store';
import { getLayer } from 'layers';
import { StoredFeatureCard } from '../../../../src/map/info/StoredFeatureCard';
import { FttxFeatureActions, fttxLayersOf } from '../../../../src/map/info/FttxFeatureActions';
import { onStoredFeaturesChanged } from '../../../../src/map/stored-features-events';
import type { StoredFeature } from '../../../../src/map/features/stored-feature';
import { mockFetch, type Answer, type Handler } from '../../support/fetch-mock';
import { setupI18n } from '../../support/i18n';

const U = '00000000-0000-4000-8000-0000000000a1';
const B = '/api/project/4/fttx';
const feature = (type: string): StoredFeature => ({
  uuid: U, table: 'fttx_feature', type, layer: null, category: null, name: null, topologyId: null, properties: {},
  geometry: { type: 'Point', coordinates: [0, 0] },
});

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function setup(type: string, routes: Record<string, Handler | Answer>, readOnly = false) {
  const f = mockFetch(routes);
  const changed: string[][] = [];
  const off = onStoredFeaturesChanged((p, layers) => { if (p === 4) changed.push([...layers]); });
  const onDeleted = vi.fn();
  render(<Provider store={makeStore()}><FttxFeatureActions feature={feature(type)} readOnly={readOnly} projectId={4} onDeleted={onDeleted} /></Provider>);
  return { ...f, changed, off, onDeleted };
}

describe('fttx feature actions of the stored-feature card', () => {
  it('dp: shows GET /dp/{id}/access-net-type; "Update connections" POSTs and reads the type again', async () => {
    const s = setup('dp', {
      [`GET ${B}/dp/${U}/access-net-type`]: (_c, n) => ({ body: { accessNetType: n === 1 ? 'NotConnected' : 'Mixed' } }),
      [`POST ${B}/dp/update-connections`]: { body: { updateCount: 3, connections: { [U]: 7 } } },
    });
    await waitFor(() => expect(screen.getByTestId('fttx-access-net-type').textContent).toBe('Not connected'));
    fireEvent.click(screen.getByTestId('fttx-update-connections'));
    await waitFor(() => expect(screen.getByTestId('fttx-access-net-type').textContent).toBe('Mixed'));
    expect(s.callsTo('POST', `${B}/dp/update-connections`)).toHaveLength(1);
    expect(screen.getByTestId('fttx-result').textContent).toContain('7 connections');
    expect(s.changed).toEqual([fttxLayersOf(['dp'])]);
    s.off();
  });

  it('dp_area: its type from GET /dp/area-access-net-types (dp area uuid → type)', async () => {
    const s = setup('dp_area', { [`GET ${B}/dp/area-access-net-types`]: { body: { other: 'Dac', [U]: 'Riser' } } });
    await waitFor(() => expect(screen.getByTestId('fttx-access-net-type').textContent).toBe('Riser'));
    expect(s.callsTo('GET', `${B}/dp/area-access-net-types`)).toHaveLength(1);
    s.off();
  });

  it('cap: "Sync address units" PATCHes /cap/sync-vbos and "Recount" PATCHes /vbo/sync-caps with {capUuids:[uuid]}', async () => {
    const s = setup('cap', {
      [`PATCH ${B}/cap/sync-vbos`]: { body: { updateCount: 2 } },
      [`PATCH ${B}/vbo/sync-caps`]: { body: { updateCount: 1 } },
    });
    fireEvent.click(screen.getByTestId('fttx-sync-vbos'));
    await waitFor(() => expect(screen.getByTestId('fttx-result').textContent).toBe('2 features updated'));
    expect(s.callsTo('PATCH', `${B}/cap/sync-vbos`)[0].body).toEqual({ capUuids: [U] });
    fireEvent.click(screen.getByTestId('fttx-sync-caps'));
    await waitFor(() => expect(screen.getByTestId('fttx-result').textContent).toBe('1 features updated'));
    expect(s.callsTo('PATCH', `${B}/vbo/sync-caps`)[0].body).toEqual({ capUuids: [U] });
    expect(s.changed).toHaveLength(2);
    expect(s.changed[0]).toEqual(fttxLayersOf(['cap', 'vbo']));
    s.off();
  });

  const TK = {
    vbo: { uuid: U, name: 'Dorpsstraat 1' }, cap: { uuid: 'c1', name: 'CAP-1', status: 'reserve' }, dp: { uuid: 'd1', name: 'DP-7' },
    dpArea: null, cables: [{ uuid: 'k1', name: 'K-1' }, { uuid: 'k2', name: null }], accessNetType: 'Dac',
  };

  it('vbo: GET /vbo/{id}/tk-info shown as rows; delete POSTs /vbo/bulk-delete with deleteOrphanedCaps true by default', async () => {
    const s = setup('vbo', {
      [`GET ${B}/vbo/${U}/tk-info`]: { body: TK },
      [`POST ${B}/vbo/bulk-delete`]: { body: { deleted: 2, deletedVbos: [U], deletedCaps: ['c1'] } },
    });
    await waitFor(() => expect(screen.getByTestId('fttx-cap').textContent).toBe('CAP-1 (reserve)'));
    expect(screen.getByTestId('fttx-dp').textContent).toBe('DP-7');
    expect(screen.getByTestId('fttx-dp-area').textContent).toBe('none');
    expect(screen.getByTestId('fttx-cables').textContent).toBe('K-1, k2');
    expect(screen.getByTestId('fttx-access-net-type').textContent).toBe('DAC');
    expect((screen.getByTestId('fttx-delete-orphaned-caps') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('fttx-delete-vbo'));
    await waitFor(() => expect(s.onDeleted).toHaveBeenCalledOnce());
    expect(s.callsTo('POST', `${B}/vbo/bulk-delete`)[0].body).toEqual({ uuids: [U], deleteOrphanedCaps: true });
    expect(screen.getByTestId('fttx-result').textContent).toBe('Deleted 1 address unit(s) and 1 customer access point(s)');
    expect(s.changed).toEqual([fttxLayersOf(['vbo', 'cap'])]);
    s.off();
  });

  it('vbo: unticking the checkbox sends deleteOrphanedCaps false; a refusal is shown and nothing re-reads', async () => {
    const s = setup('vbo', {
      [`GET ${B}/vbo/${U}/tk-info`]: { body: TK },
      [`POST ${B}/vbo/bulk-delete`]: { status: 423, body: { error: 'locked', message: 'project is locked' } },
    });
    fireEvent.click(screen.getByTestId('fttx-delete-orphaned-caps'));
    fireEvent.click(screen.getByTestId('fttx-delete-vbo'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed: project is locked'));
    expect(s.callsTo('POST', `${B}/vbo/bulk-delete`)[0].body).toEqual({ uuids: [U], deleteOrphanedCaps: false });
    expect(s.onDeleted).not.toHaveBeenCalled();
    expect(s.changed).toEqual([]);
    s.off();
  });

  it('cable: GET /cables/{id}/ducts listed', async () => {
    const duct = (id: string, properties: Record<string, unknown>) => ({ type: 'Feature', id, geometry: null, properties });
    const s = setup('cable', {
      [`GET ${B}/cables/${U}/ducts`]: { body: { type: 'FeatureCollection', totalFeatures: 2, features: [duct('a', { name: 'D-1' }), duct('b', { 'duct_type.name': 'Speedpipe 7' })] } },
    });
    await waitFor(() => expect(screen.getByTestId('fttx-ducts').textContent).toBe('D-1Speedpipe 7'));
    expect(screen.getByText('2 ducts')).toBeTruthy();
    expect(s.callsTo('GET', `${B}/cables/${U}/ducts`)).toHaveLength(1);
    s.off();
  });

  it('a write re-reads the stored layers showing the touched types (networkDrawing shows every fttx type)', () => {
    expect(fttxLayersOf(['dp'])).toEqual(['networkDrawing']);
    expect(fttxLayersOf(['dp_area']).sort()).toEqual(['dpAreas', 'networkDrawing']);
  });

  it('trench: nothing extra and no call', () => {
    const s = setup('trench', {});
    expect(screen.queryByTestId('fttx-actions')).toBeNull();
    expect(s.calls).toHaveLength(0);
    s.off();
  });

  it('viewers (read-only) see the reads but no buttons', async () => {
    for (const [type, routes] of [
      ['dp', { [`GET ${B}/dp/${U}/access-net-type`]: { body: { accessNetType: 'Dac' } } }],
      ['cap', {}],
      ['vbo', { [`GET ${B}/vbo/${U}/tk-info`]: { body: TK } }],
    ] as const) {
      const s = setup(type, routes, true);
      if (type !== 'cap') await waitFor(() => expect(screen.getByTestId('fttx-access-net-type').textContent).toBe('DAC'));
      expect(screen.queryAllByRole('button')).toHaveLength(0);
      expect(screen.queryByRole('checkbox')).toBeNull();
      s.off();
      cleanup();
    }
  });

  it('the stored-feature card shows them for an fttx_feature of the route\'s project (a vbo deleted there closes the card), not for other tables', async () => {
    const f = mockFetch({
      [`GET ${B}/vbo/${U}/tk-info`]: { body: TK },
      [`POST ${B}/vbo/bulk-delete`]: { body: { deleted: 1, deletedVbos: [U], deletedCaps: [] } },
    });
    const onClose = vi.fn();
    const card = (table: string) => {
      const element = (
        <StoredFeatureCard selection={{ layer: getLayer('networkDrawing')!, feature: { ...feature('vbo'), table } }} readOnly={false} busy={false}
          canUndo={false} onApply={() => {}} onDelete={() => {}} onUndo={() => {}} onClose={onClose} />
      );
      const router = createMemoryRouter([{ path: '/workflow/:projectId/map', element }], { initialEntries: ['/workflow/4/map'] });
      return <Provider store={makeStore()}><RouterProvider router={router} /></Provider>;
    };
    render(card('custom_layer_feature'));
    expect(screen.queryByTestId('fttx-actions')).toBeNull();
    cleanup();
    render(card('fttx_feature'));
    await waitFor(() => expect(screen.getByTestId('fttx-dp').textContent).toBe('DP-7'));
    fireEvent.click(screen.getByTestId('fttx-delete-vbo'));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(f.callsTo('POST', `${B}/vbo/bulk-delete`)).toHaveLength(1);
  });
});
