// @vitest-environment jsdom
// The route panel (src/map/route/RoutePanel.tsx) over a fake controller (a real EditSession + EditorBinding, a fake
// MapLibre click source): "Pick start"/"Pick end" switch the tools off and take the next map click; the project's
// trench costs come from its settings; without a Worker (jsdom) it says so and computes in-process; the table has one
// row per default strategy with the alternative's other edges; the routes go to the controller's extra layers;
// "Accept" is one history item with a path (a cable: the project's cable type by default) over the route's edges,
// undo removes it; viewers cannot accept.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Layer } from '@deck.gl/core';
import { createModel, getInstance, getObject, getPathEdge, instancesOf, pathEdgesOfEdge } from 'engine/model';
import type { Position } from 'engine/types';
import { makeStore } from '../../../../src/app/store';
import { EditSession } from '../../../../src/map/edit-session';
import { EditorBinding } from '../../../../src/map/editor-binding';
import { Mode } from '../../../../src/map/modes';
import type { MapController } from '../../../../src/map/map-controller';
import { RoutePanel } from '../../../../src/map/route/RoutePanel';
import { mockFetch } from '../../support/fetch-mock';
import { setupI18n } from '../../support/i18n';
import { OBJS, SETTINGS, TYPES } from './fixture';

beforeAll(async () => { await setupI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function fakeController() {
  let n = 0;
  const session = new EditSession(createModel({ networkObjects: OBJS, objectTypes: TYPES }), { newId: () => `n${n++}`, projectId: 4 });
  const binding = new EditorBinding({ notify: () => {}, changed: () => {} });
  binding.setSession(session);
  const clicks = new Set<(e: { point: { x: number; y: number } }) => void>();
  const extra = new Map<string, Layer[]>();
  const ctl = {
    session, binding, mode: Mode.Select as number,
    setMode(m: number) { ctl.mode = m; },
    toMap: (x: number, y: number): Position => [x, y],
    map: {
      once: (_t: 'click', l: (e: { point: { x: number; y: number } }) => void) => { clicks.add(l); },
      off: (_t: 'click', l: (e: { point: { x: number; y: number } }) => void) => { clicks.delete(l); },
    },
    setExtraLayers: (k: string, l: Layer[]) => { if (l.length) extra.set(k, l); else extra.delete(k); },
    fit: vi.fn(), render: vi.fn(), tools: { select: { set: vi.fn() } },
  };
  const click = (p: Position) => act(() => { const ls = [...clicks]; clicks.clear(); for (const l of ls) l({ point: { x: p[0], y: p[1] } }); });
  return { ctl, session, click, extra, clicks };
}

function setup(readOnly = false) {
  mockFetch({ 'GET /api/project/4/fttx/settings': { body: SETTINGS }, 'GET /api/project/4/clashes/references': { body: [] } });
  const f = fakeController();
  render(<Provider store={makeStore()}><RoutePanel ctl={f.ctl as unknown as MapController} readOnly={readOnly} /></Provider>);
  return f;
}

async function pickAndCompute(f: ReturnType<typeof fakeController>) {
  fireEvent.click(screen.getByTestId('route-pick-start'));
  expect(f.ctl.mode).toBe(Mode.None); // the tools are off while picking
  f.click([0.5, -0.4]);
  expect(f.ctl.mode).toBe(Mode.Select);
  expect(screen.getByTestId('route-start').getAttribute('data-x')).toBe('0.5');
  fireEvent.click(screen.getByTestId('route-pick-end'));
  f.click([19.6, 0.3]);
  expect(f.clicks.size).toBe(0);
  // computing waits for the project's trench costs (asphalt 120, sand 5): the sand way is then the cheapest
  await waitFor(() => expect((screen.getByTestId('route-compute') as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(screen.getByTestId('route-compute'));
  await screen.findByTestId('route-table');
}

const row = (s: string) => document.querySelector(`[data-testid=route-table] tr[data-strategy=${s}]`)!;

describe('route panel', () => {
  it('picks, computes in-process (no Worker in jsdom), shows the alternatives side by side and accepts as one gesture', async () => {
    const f = setup();
    expect(screen.getByTestId('route-in-process')).toBeTruthy();
    await pickAndCompute(f);
    expect([...document.querySelectorAll('[data-testid=route-table] tbody tr')].map((r) => r.getAttribute('data-strategy')))
      .toEqual(['minimal_cost', 'minimal_cost_alternative', 'minimal_distance']);
    expect(row('minimal_cost').getAttribute('data-edges')).toBe('sa ab bt');
    expect(Number(row('minimal_cost').getAttribute('data-cost'))).toBeCloseTo(200, 2);
    expect(row('minimal_cost_alternative').getAttribute('data-edges')).toBe('sm mt');
    expect(Number(row('minimal_cost_alternative').getAttribute('data-cost'))).toBeCloseTo(2400, 1);
    await waitFor(() => expect(f.extra.get('routes')?.map((l) => l.id)).toEqual(['route-paths', 'route-ends']));
    expect((screen.getByTestId('route-path-type') as HTMLSelectElement).value).toBe('2');
    fireEvent.click(screen.getByTestId('route-accept-minimal_cost'));
    expect(screen.getByTestId('route-accepted').getAttribute('data-strategy')).toBe('minimal_cost');
    expect(f.session.state().size).toBe(1);
    expect(['sa', 'ab', 'bt'].map((e) => pathEdgesOfEdge(f.session.model, e).length)).toEqual([1, 1, 1]);
    // the path is a cable (the project's cable type is the default path type)
    const pathId = getPathEdge(f.session.model, pathEdgesOfEdge(f.session.model, 'sa')[0])!.pathId;
    expect(instancesOf(f.session.model, pathId).map((i) => getInstance(f.session.model, i)!.objectTypeId)).toEqual([2]);
    expect(pathEdgesOfEdge(f.session.model, 'sm')).toHaveLength(0);
    act(() => f.ctl.binding.undo());
    expect(['sa', 'ab', 'bt'].map((e) => pathEdgesOfEdge(f.session.model, e).length)).toEqual([0, 0, 0]);
    expect(getObject(f.session.model, 'sa')).toBeDefined();
  });

  it('viewers see the routes but cannot accept them; closing the panel removes its layers', async () => {
    const f = setup(true);
    await pickAndCompute(f);
    expect((screen.getByTestId('route-accept-minimal_cost') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    expect(f.extra.has('routes')).toBe(false);
  });
});
