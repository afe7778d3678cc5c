// `window.__map`: a small hook for the browser tests and benchmarks — open a network without the server, run engine
// gestures, persist unsaved edits as the app does, read the view, the session and what deck.gl was handed.
import type { Intent } from 'engine';
import type { NetworkObject, ObjectRelationType, ObjectType } from 'engine/types';
import { createModel, getInstance, getObject, instancesOf } from 'engine/model';
import { featureProperties } from 'engine/feature-properties';
import { EditSession } from './edit-session';
import type { MapController } from './map-controller';
import type { AreaLoader } from './area-loader';
import type { Loaded } from './use-edit-session';
import { trackUnsaved } from './unsaved-offer';
import { defaultStore } from './unsaved-store';
import { sessionConfig } from './session-config';
import { lastWholeModel } from '../api/network-response';
import { lastWorkerRead } from '../api/worker-read';
import { layerTaken, onNextDraw } from './draw-wait';
import { currentValidationService, validationRegisteredAt } from '../validation/current-validation';

export function installTestHook(c: MapController, inject: (l: Loaded) => void, area: () => AreaLoader | null): void {
  let unsaved: { off(): void; flush(): Promise<void> } | null = null;
  // the first deck.gl draw with network edges among the layers it had taken (draw-wait.ts), on the page's clock; reset
  // when the session changes
  let drawnAt = 0, drawnSession: unknown = null;
  c.view.onDraw(() => {
    if (drawnSession !== c.session) { drawnSession = c.session; drawnAt = 0; }
    if (drawnAt === 0 && c.lastLayers.some((l) => l.id.startsWith('net-edges-') && layerTaken(l) && ((l.props.data as { length?: number } | null)?.length ?? 0) > 0)) drawnAt = performance.now();
  });
  const hook = {
    /** Resolves with the time (performance.now()) of the first deck.gl draw of layers handed over after this call. */
    nextDraw: () => new Promise<number>((resolve) => { onNextDraw(c.drawSource, () => resolve(performance.now())); }),
    /** When (performance.now()) deck.gl first drew the current session's network edges; 0: not yet. */
    drawnAt: () => (drawnSession === c.session ? drawnAt : 0),
    /** The workflow's validation state (status, passes, when its service was registered: performance.now()), or null
     *  while no validation service is registered. */
    validation: () => {
      const v = currentValidationService()?.getState();
      return v ? { status: v.status, passes: v.passes, results: v.results.length, since: validationRegisteredAt() } : null;
    },
    /** Opens a network without the server (tests, benchmarks): builds the model, the session and the chunks at once;
     * returns the milliseconds of each step. */
    load: (networkObjects: NetworkObject[], objectTypes: ObjectType[] = [], projectId = 0, relationTypes: ObjectRelationType[] = []) => {
      const t0 = performance.now();
      const model = createModel({ networkObjects, objectTypes, relationTypes });
      const session = new EditSession(model, sessionConfig(model, projectId));
      const t1 = performance.now();
      c.setSession(session);
      const t2 = performance.now();
      inject({ session, objectTypes, stored: null });
      return { model: t1 - t0, chunks: t2 - t1 };
    },
    /** How the last whole read's model was built ('worker', 'main' or 'json') and the main thread's milliseconds. */
    wholeModel: () => ({ ...lastWholeModel, workerRead: { ...lastWorkerRead } }),
    /** Runs one engine intent as one gesture (as a tool would); returns the change (warnings, rejection). */
    gesture: (intent: Intent) => {
      const e = c.binding.perform(intent);
      return e ? { warnings: e.warnings, rejected: e.rejected, ids: [...e.ids] } : null;
    },
    /** Starts keeping the session's unsaved edits in the app's store (IndexedDB), as the app does for a project. */
    trackUnsaved: (projectId: number) => {
      unsaved?.off();
      unsaved = c.session ? trackUnsaved(c.session, defaultStore(), projectId, undefined, area()) : null;
    },
    /** Resolves when every write of unsaved edits so far is done. */
    flushUnsaved: () => unsaved?.flush() ?? Promise.resolve(),
    toScreen: (x: number, y: number) => c.toScreen([x, y]),
    toMap: (px: number, py: number) => c.toMap(px, py),
    setView: (zoom: number, x: number, y: number) => c.setView(zoom, [x, y]),
    zoom: () => c.zoom(),
    mode: () => c.mode,
    selection: () => [...c.selection],
    state: () => c.session?.state() ?? null,
    counts: () => {
      const chunks = c.chunks?.chunks() ?? [];
      return { chunks: chunks.length, edges: chunks.reduce((s, k) => s + k.edges.length, 0), nodes: chunks.reduce((s, k) => s + k.nodes.length, 0) };
    },
    /** The network's deck.gl layers as last drawn (id, visible, opacity), for layer-setting checks. */
    deckLayers: () => c.lastLayers.map((l) => ({ id: l.id, visible: l.props.visible, opacity: l.props.opacity })),
    /** Text labels handed to deck.gl (visible layers only): what a label layer shows. */
    labels: () => c.lastLayers.filter((l) => l.props.visible !== false && l.id.includes('label'))
      .flatMap((l) => { const d = l.props.data as unknown; return Array.isArray(d) ? d.map((x) => String((x as { text?: string }).text ?? '')) : []; }),
    /** The catalogue's feature/wfst layers: features read, objects drawn, visibility, opacity, deck.gl layer ids. */
    featureLayers: () => c.features.summary(),
    /** Coordinates of an edge (or the node's point) by id, or null. */
    coords: (id: string) => { const o = c.session ? getObject(c.session.model, id) : undefined; return o?.edge?.geometry.coordinates ?? (o?.node ? [o.node.geometry.coordinates] : null); },
    /** The map feature properties of a network object (spec 1 §3). */
    featureProperties: (id: string) => (c.session ? featureProperties(c.session.model, id) : null),
    /** The instances on a network object: id and object type. */
    instances: (id: string) => (c.session ? instancesOf(c.session.model, id).map((iid) => ({ id: iid, objectTypeId: getInstance(c.session!.model, iid)!.objectTypeId })) : []),
    edgesAt: (x: number, y: number, tol: number) => c.session?.index.edgesNear([x, y], tol).map((h) => h.id) ?? [],
    nodesAt: (x: number, y: number, tol: number) => c.session?.index.nodesNear([x, y], tol).map((h) => h.id) ?? [],
    /** Area loading (large projects): status and loaded tiles, or null when the whole network is loaded. */
    /** Stops reading ahead and forgets held answers (benchmarks: the heap of the session alone). */
    stopReadAhead: () => { area()?.ahead.dispose(); },
    area: () => { const a = area(); return a ? { ...a.status, tiles: a.loadedTiles(), timings: a.timings, ahead: { ...a.ahead.counts, held: a.ahead.heldTiles() } } : null; },
    controller: c,
  };
  (window as unknown as { __map?: unknown }).__map = hook;
}
