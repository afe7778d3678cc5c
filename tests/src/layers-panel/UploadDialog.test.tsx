// @vitest-environment jsdom
// Upload screen (issue 12; spec 1 §7/§8): file picker and drag-and-drop, a progress bar fed by the upload's progress
// events, POST /fttx/features with the chosen layer and options, the upload error messages of spec 1 §8 (unreadable
// answer, unsupported event, the server's reason) and the import's 400 message; in the layer panel, the imported
// layers are switched on (shown on the map); the entry is offered only with the upload and project edit policies.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { makeStore } from '../../../src/app/store';
import { UploadDialog } from '../../../src/layers-panel/UploadDialog';
import { LayerPanel, type LayerChange } from '../../../src/layers-panel';
import { UPLOAD_ERRORS, type ImportArgs, type ImportResult } from '../../../src/api/endpoints/upload';
import { mockFetch } from '../support/fetch-mock';
import { setupI18n } from '../support/i18n';
import { getLayer } from './support';
import { sessionStarted, sessionValidated } from '../../../src/auth/session-slice';
import { ENGINEER } from '../support/render';

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const RESULT: ImportResult = { success: true, fileId: 'f-1', filename: 'klic.gml', format: 'imkl', crs: 'EPSG:28992', count: 3, deleted: 0, types: { klic: 3 }, layers: ['uploadKlic'] };
const file = (name = 'klic.gml') => new File(['<x/>'], name, { type: 'application/gml+xml' });

function deferred<T>() {
  let resolve!: (v: T) => void, reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => { resolve = a; reject = b; });
  return { promise, resolve, reject };
}

function setup(opts: { upload?: (f: Blob, p?: (n: number) => void) => Promise<{ success: boolean; uuid: string }>; importFeatures?: (a: ImportArgs) => Promise<ImportResult> } = {}) {
  const imported: ImportResult[] = [];
  const calls: ImportArgs[] = [];
  const importFeatures = opts.importFeatures ?? (async () => RESULT);
  render(<UploadDialog projectId={7} importFeatures={(a) => { calls.push(a); return importFeatures(a); }} onImported={(r) => imported.push(r)} onClose={() => {}}
    upload={(opts.upload ?? (async () => ({ success: true, uuid: 'f-1' }))) as never} />);
  return { imported, calls };
}

describe('upload dialog', () => {
  it('picks a file, shows the upload progress, imports into the chosen layer with the options', async () => {
    const up = deferred<{ success: boolean; uuid: string }>();
    let progress: ((n: number) => void) | undefined;
    const { imported, calls } = setup({ upload: (_f, p) => { progress = p; return up.promise; } });
    expect((screen.getByTestId('upload-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file()] } });
    expect(screen.getByTestId('upload-file-name').textContent).toBe('klic.gml');
    fireEvent.change(screen.getByTestId('upload-type'), { target: { value: 'klic' } });
    fireEvent.click(screen.getByTestId('upload-delete-existing'));
    fireEvent.change(screen.getByTestId('upload-simplify'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('upload-submit'));
    await waitFor(() => expect(progress).toBeDefined());
    act(() => progress!(40));
    expect((screen.getByTestId('upload-progress') as HTMLProgressElement).value).toBe(40);
    expect(screen.getByText('40%')).toBeTruthy();
    await act(async () => { up.resolve({ success: true, uuid: 'f-1' }); });
    await screen.findByText('3 features imported');
    expect(calls).toEqual([{ projectId: 7, type: 'klic', fileId: 'f-1', deleteExisting: true, simplifyTolerance: 0.5 }]);
    expect(imported).toEqual([RESULT]);
    expect(screen.queryByTestId('upload-progress')).toBeNull();
  });

  it('takes a dropped file', async () => {
    setup();
    const zone = screen.getByTestId('upload-dropzone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [file('parcels.gpkg')] } });
    fireEvent.drop(zone, { dataTransfer: { files: [file('parcels.gpkg')] } });
    expect(screen.getByTestId('upload-file-name').textContent).toBe('parcels.gpkg');
  });

  it('shows the upload error messages of spec 1 §8 and the server\'s reasons', async () => {
    const cases: [unknown, string][] = [
      [new Error(UPLOAD_ERRORS.unreadable), 'Could not read response'],
      [new Error(UPLOAD_ERRORS.unsupported), 'Unsupported upload event'],
      [new Error('the file is larger than 52428800 bytes'), 'the file is larger than 52428800 bytes'],
    ];
    for (const [err, text] of cases) {
      const { calls } = setup({ upload: async () => { throw err; } });
      fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file()] } });
      fireEvent.click(screen.getByTestId('upload-submit'));
      expect((await screen.findByTestId('upload-error')).textContent).toBe(text);
      expect(calls).toHaveLength(0);
      cleanup();
    }
  });

  it('shows the import\'s 400 message (nothing imported)', async () => {
    const { imported } = setup({ importFeatures: async () => { throw { status: 400, data: { error: 'self_intersection', message: 'features[2].geometry: Polygon should not self intersect.' } }; } });
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file('bowtie.geojson')] } });
    fireEvent.click(screen.getByTestId('upload-submit'));
    expect((await screen.findByTestId('upload-error')).textContent).toBe('features[2].geometry: Polygon should not self intersect.');
    expect(imported).toHaveLength(0);
  });
});

describe('upload in the layer panel', () => {
  it('opens from the Upload category of a project, posts /fttx/features and switches the imported layer on', async () => {
    // XMLHttpRequest for POST /api/upload/file: progress then {success, uuid}.
    class FakeXhr {
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void; onerror?: () => void; responseText = '';
      open() {} setRequestHeader() {}
      send() { setTimeout(() => { this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 }); this.responseText = JSON.stringify({ success: true, uuid: 'u-9' }); this.onload?.(); }, 0); }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const http = mockFetch({
      'GET /api/user/policies/': { body: { upload: { create: true }, project: { create_and_edit: true } } },
      'POST /api/project/12/fttx/features': { status: 201, body: { ...RESULT, fileId: 'u-9' } },
    });
    const changes: LayerChange[] = [];
    renderPanel(changes);
    fireEvent.click(await screen.findByTestId('upload-open'));
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file()] } });
    fireEvent.click(screen.getByTestId('upload-submit'));
    await screen.findByText('3 features imported');
    expect(http.callsTo('POST', '/api/project/12/fttx/features')[0].body).toEqual({ type: 'upload', fileId: 'u-9', deleteExisting: false, simplifyTolerance: null });
    expect(changes).toEqual([{ layerName: 'uploadKlic', visible: true, opacity: 1, style: 'uploadLine' }]);
  });

  it('is not offered without the upload and project edit policies (a viewer)', async () => {
    const http = mockFetch({ 'GET /api/user/policies/': { body: { project: { view: true } } } });
    renderPanel([]);
    await waitFor(() => expect(http.callsTo('GET', '/api/user/policies/').length).toBe(1));
    expect(screen.getByTestId('layer-toggle-uploadKlic')).toBeTruthy();
    expect(screen.queryByTestId('upload-open')).toBeNull();
  });
});

/** The layer panel on a project route with a signed-in (validated) session. */
function renderPanel(changes: LayerChange[]) {
  const store = makeStore();
  store.dispatch(sessionStarted('token-1'));
  store.dispatch(sessionValidated({ user: ENGINEER, totp: false, expiration: null }));
  const entries = ['uploadLines', 'uploadKlic', 'dp'].map(getLayer);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/workflow/12/fttx/1']}>
        <Routes><Route path="/workflow/:projectId/:projectTypeKey/:step" element={
          <LayerPanel entries={entries} settings={[]} onChange={(c) => changes.push(c)} onRestoreDefaults={() => {}} />} /></Routes>
      </MemoryRouter>
    </Provider>,
  );
}
