// @vitest-environment jsdom
// Material management screen (issue 16): one tab per catalogue, the table edited with the settings editor, the
// validator's problem beside the cell blocking Save, Save sending the whole catalogue (PUT), the standard catalogue
// restored only after the confirm (DELETE).
import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CATALOGUE_KINDS, catalogueDefs, catalogueRows, type CatalogueRow } from 'common/materials/catalogues';
import { renderApp, ENGINEER } from '../support/render';
import { setupI18n } from '../support/i18n';
import { mockFetch } from '../support/fetch-mock';
import { resetNotifications } from '../../../src/shell/notification-store';
import { closeAllModals } from '../../../src/shell/modal-service';

vi.mock('../../../src/shell/requests/socket', () => ({
  connectSocket: vi.fn(), disconnectSocket: vi.fn(), joinProjectRoom: vi.fn(), leaveProjectRoom: vi.fn(),
}));

beforeAll(async () => { await setupI18n('en'); });
beforeEach(() => { localStorage.clear(); resetNotifications(); });
afterEach(() => { act(() => closeAllModals()); cleanup(); vi.unstubAllGlobals(); });

function server() {
  const stored: Record<string, CatalogueRow[]> = {};
  const list = () => ({
    organisationId: 1,
    catalogues: CATALOGUE_KINDS.map((kind) => ({
      kind, custom: !!stored[kind], updatedAt: stored[kind] ? '2026-11-25T10:00:00.000Z' : null, key: catalogueDefs()[kind].field.key ?? null,
      unique: catalogueDefs()[kind].unique, uses: catalogueDefs()[kind].uses, entries: catalogueRows(kind, stored),
    })),
  });
  const f = mockFetch({
    'GET /api/config': { body: {} },
    'GET /api/user/policies/': { body: { material_management: true } },
    'GET /api/materials': () => ({ body: list() }),
    'PUT /api/materials/\\w+': (c) => { stored[c.path.split('/').pop()!] = (c.body as { entries: CatalogueRow[] }).entries; return { body: list() }; },
    'DELETE /api/materials/\\w+': (c) => { delete stored[c.path.split('/').pop()!]; return { body: list() }; },
  });
  vi.stubGlobal('fetch', f.fn);
  return f;
}

describe('material management', () => {
  it('a tab per catalogue; a bad number is shown beside its cell and blocks Save; Save sends the catalogue', async () => {
    const s = server();
    renderApp('/material-management?catalogue=transformer_types', { user: ENGINEER });
    await screen.findByTestId('material-management');
    expect(screen.getAllByRole('tab').map((x) => x.textContent)).toEqual(['Duct types', 'Cable types', 'Conduit types', 'Heat pipe types',
      'District-heating pipe catalogue', 'LV cable types', 'Transformer types', 'AP cabinet models']);
    expect(screen.getByTestId('materials-tab-transformer_types').getAttribute('aria-selected')).toBe('true');
    const save = screen.getByTestId('materials-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('setting-transformer_types[0].power'), { target: { value: '-5' } });
    expect((await screen.findByTestId('problem-transformer_types[0].power')).textContent).toBe('must be a number ≥ 0');
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('setting-transformer_types[0].power'), { target: { value: '500' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(s.callsTo('PUT', '/api/materials/transformer_types')).toHaveLength(1));
    const sent = s.callsTo('PUT', '/api/materials/transformer_types')[0].body as { entries: { name: string; power: number }[] };
    expect(sent.entries).toHaveLength(4);
    expect(sent.entries[0]).toMatchObject({ name: '250 kVA', power: 500 });
    await screen.findByText(/Changed by your organisation/);
  });

  it('a repeated name is refused; Restore standard catalogue calls DELETE only after the confirm', async () => {
    const s = server();
    renderApp('/material-management?catalogue=duct_types', { user: ENGINEER });
    await screen.findByTestId('material-management');
    fireEvent.change(screen.getByTestId('setting-duct_types[1].name'), { target: { value: '1x6' } });
    expect((await screen.findByTestId('problem-duct_types[1].name')).textContent).toBe("repeats '1x6'");
    fireEvent.change(screen.getByTestId('setting-duct_types[1].name'), { target: { value: '2x16' } });
    fireEvent.click(screen.getByTestId('materials-save'));
    await waitFor(() => expect(s.callsTo('PUT', '/api/materials/duct_types')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore standard catalogue' }));
    fireEvent.click(within(await screen.findByTestId('materials-confirm')).getByRole('button', { name: 'Cancel' }));
    expect(s.callsTo('DELETE', '/api/materials/duct_types')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Restore standard catalogue' }));
    fireEvent.click(within(await screen.findByTestId('materials-confirm')).getByRole('button', { name: 'Restore standard catalogue' }));
    await waitFor(() => expect(s.callsTo('DELETE', '/api/materials/duct_types')).toHaveLength(1));
    await screen.findByText(/The standard catalogue/);
  });
});
