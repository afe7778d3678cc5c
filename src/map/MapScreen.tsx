// Map screen (spec 1 §2, spec 3 §2): MapLibre background + deck.gl network (MapController), the toolbar, the draw
// and measure tooltip, scale bar, feature-info card, save / undo / redo through the engine, the unsaved-changes
// registration of the workflow and the offer to restore edits kept from an earlier visit.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Id } from 'engine/types';
import { MapController } from './map-controller';
import { Toolbar } from './Toolbar';
import { FeatureInfoPanel } from './info/FeatureInfoPanel';
import { Mode } from './modes';
import { scaleBar } from './scale-bar';
import { geolocationBox, locate } from './geolocation';
import { toLngLat } from './geometry';
import { useEditSession, type Loaded } from './use-edit-session';
import { createModel, getObject } from 'engine/model';
import type { NetworkObject, ObjectType } from 'engine/types';
import { saveSession } from './save-flow';
import { defaultStore } from './unsaved-store';
import type { EditIntent } from './tools/types';
import { EditSession, type ChangeEvent } from './edit-session';
import { networkApi } from '../api/endpoints/network';
import { notify } from '../shell/notification-store';
import { selectUser } from '../auth/session-slice';
import { registerUnsavedChangesSource } from '../workflow/unsaved-changes';
import type { AppDispatch } from '../app/store';
import { useProjectQuery } from '../api/endpoints/project';
import { useStatesQuery } from '../api/endpoints/catalogue';
import { PROJECT_TYPES } from 'layers';
import { LayerPanel } from '../layers-panel';
import { useLayerSettings } from './use-layer-settings';
import { mapContextFor } from './map-context';
import { catalogueStyle, groupStates, styleKey } from './render/catalogue-style';
import type { AreaLoader, AreaStatus } from './area-loader';
import { insideLoadedArea } from './area-guard';
import './map.css';

export interface MapScreenProps { projectId?: number; projectTypeKey?: string; step?: number; readOnly?: boolean }

/** Zoom a project loaded by area opens at when the address names no view (a few tiles in view). */
const AREA_OPEN_ZOOM = 17;
const LEVEL = { info: 'Information', warning: 'Warning', error: 'Error' } as const;
const WARNING_KEYS: Record<string, string> = { 'zero length': 'map.notification.zero_length', 'route overlapping': 'map.notification.route_overlapping' };

export function MapScreen({ projectId, step, readOnly = false }: MapScreenProps) {
  const { t } = useTranslation();
  const dispatch = useDispatch<AppDispatch>();
  const user = useSelector(selectUser);
  const ref = useRef<HTMLDivElement>(null);
  const ctl = useRef<MapController | null>(null);
  const [, tick] = useReducer((x: number) => x + 1, 0);
  const [locked, setLocked] = useState(false);
  const [drawTypeId, setDrawTypeId] = useState<number | null>(null);
  const fetched = useEditSession(projectId);
  const [injected, setInjected] = useState<Loaded | null>(null);
  const loaded = fetched.loaded ?? injected;
  const error = fetched.error;
  const session: EditSession | null = loaded?.session ?? null;
  const viewer = user?.role === 'viewer';
  const editable = !!session && !readOnly && !viewer;
  const inject = useRef(setInjected);
  const hasProject = projectId !== undefined && Number.isFinite(projectId);
  const project = useProjectQuery(projectId ?? 0, { skip: !hasProject });
  const projectTypeId = project.data?.projectTypeId ?? PROJECT_TYPES.fttx;
  const states = useStatesQuery(projectTypeId, { skip: !project.data });
  const mapContext = mapContextFor(projectTypeId, states.data?.find((x) => x.step === step)?.name);
  const layers = useLayerSettings({
    projectTypeId, organisationId: user?.organisationId ?? project.data?.organisationId, permissions: user?.permissions,
    mapContext, remote: hasProject && !!user,
  });
  const [layersOpen, setLayersOpen] = useState(false);

  const showWarnings = useCallback((e: ChangeEvent) => {
    for (const w of e.warnings) notify(WARNING_KEYS[w] ?? (e.rejected ? 'map.notification.rejected' : w), 'Warning', { translationParams: { reason: w } });
    if (e.limitReached) notify('map.notification.history_limit', 'Warning', { throttleKey: 'history_limit' });
  }, []);

  const areaRef = useRef<AreaLoader | null>(null);
  const [areaStatus, setAreaStatus] = useState<AreaStatus | null>(null);
  const perform = useCallback((intent: EditIntent) => {
    const s = ctl.current?.session;
    if (!s) return;
    const area = areaRef.current;
    if (area && !insideLoadedArea(s.model, intent, (p) => area.contains(p))) {
      notify('map.notification.outside_loaded_area', 'Warning', { throttleKey: 'outside_loaded_area' });
      return;
    }
    try { for (const e of s.perform(intent)) showWarnings(e); } catch (err) { notify('map.notification.rejected', 'Error', { translationParams: { reason: (err as Error).message } }); }
  }, [showWarnings]);

  useEffect(() => {
    const c = new MapController(ref.current!, {
      notify: (key, level, params, throttleKey) => notify(key, LEVEL[level], { translationParams: params, throttleKey }),
      perform: (i) => perform(i),
      undo: () => ctl.current?.session?.undo(),
      redo: () => ctl.current?.session?.redo(),
      changed: () => tick(),
      viewChanged: () => { const a = areaRef.current; if (a) void a.show(c.viewExtent()); },
    });
    ctl.current = c;
    (window as unknown as { __map?: unknown }).__map = testHook(c, (l) => inject.current(l), () => areaRef.current);
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) return;
      if (c.key(e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => { window.removeEventListener('keydown', onKey); c.destroy(); ctl.current = null; };
  }, [perform]);

  // Layer settings drive the network styling, render-group visibility/opacity and the backgrounds.
  useEffect(() => {
    ctl.current?.setLayerView({
      style: catalogueStyle(layers.entries, layers.resolved), styleKey: styleKey(layers.entries, layers.resolved),
      groups: groupStates(layers.entries, layers.resolved),
      backgrounds: new Map(layers.resolved.map((r) => [r.layerName, { visible: r.visible, opacity: r.opacity, style: r.style ?? undefined }])),
    });
  }, [layers.entries, layers.resolved]);

  useEffect(() => {
    const c = ctl.current;
    if (!c) return;
    c.editable = editable;
    c.setSession(session);
    if (!session) return;
    const off = session.subscribe(() => tick());
    if (loaded?.stored) {
      const st = loaded.stored;
      notify('map.notification.restore_offered', 'Warning', {
        stick: true, translationParams: { count: st.count },
        buttons: [
          { label: t('map.notification.restore'), action: () => {
            st.restore().then(() => notify('map.notification.restored', 'Information'),
              (err: Error) => notify('map.notification.rejected', 'Error', { translationParams: { reason: err.message } }));
          } },
          { label: t('map.notification.discard'), action: () => st.discard() },
        ],
      });
    }
    return off;
  }, [session, editable, loaded, t]);

  // Area loading (large projects): open on the network when the address names no view, then follow the view.
  useEffect(() => {
    const c = ctl.current, area = loaded?.area ?? null;
    areaRef.current = area;
    setAreaStatus(area?.status ?? null);
    if (!c || !area) return;
    const off = area.subscribe(setAreaStatus);
    const box = loaded?.extent?.bbox;
    if (!c.hasInitialView && box) c.setView(AREA_OPEN_ZOOM, [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]);
    void area.show(c.viewExtent());
    return () => { off(); areaRef.current = null; };
  }, [loaded]);

  const save = useCallback(async (): Promise<boolean> => {
    const s = ctl.current?.session;
    if (!s || projectId === undefined) return true;
    setLocked(true);
    try {
      const out = await saveSession(s, async (req) => { await dispatch(networkApi.endpoints.sendBatch.initiate({ method: req.method, path: req.path, body: req.body })).unwrap(); }, defaultStore(), projectId);
      if (out.ok) {
        if (out.skipped) notify('map.notification.save_resumed', 'Information', { translationParams: { sent: out.skipped } });
        notify('map.notification.saved', 'Information');
        return true;
      }
      notify('map.notification.save_failed', 'Error', { stick: true, translationParams: { batch: out.failed.kind, error: out.error } });
      return false;
    } finally { setLocked(false); }
  }, [dispatch, projectId]);

  useEffect(() => registerUnsavedChangesSource({
    hasChanges: () => !!ctl.current?.session?.state().canSave,
    save: async () => { if (!(await save())) throw new Error('unable to save'); },
  }), [save]);

  useEffect(() => {
    const type = loaded?.objectTypes.find((o) => o.id === drawTypeId);
    const c = ctl.current;
    if (!c || !session) return;
    c.tools.setDrawKind(type?.geometryKind === 'node' ? 'node' : 'line');
    session.drawInstances = type ? [{ objectTypeId: type.id }] : [];
  }, [drawTypeId, loaded, session]);

  const c = ctl.current;
  const sketch = c?.sketch();
  const st = session?.state();
  const label = sketch?.label && c ? { ...sketch.label, xy: c.toScreen(sketch.label.at) } : null;
  const scale = c?.loaded ? scaleBar(c.metresPerPixel()) : null;
  const drawTypes = (loaded?.objectTypes ?? []).filter((o) => o.geometryKind === 'edge' || o.geometryKind === 'node');
  const selection: Id[] = c && c.mode === Mode.Select ? c.selection : [];

  return (
    <div className="map-screen" data-testid="map-screen" data-editable={editable ? 'true' : 'false'}>
      <div ref={ref} data-testid="map" className="map-canvas" />
      <Toolbar
        mode={c?.mode ?? Mode.Select} readOnly={!editable} canEdit={!!c?.canEdit()} multiSelect={!!c?.tools.select.multiSelect}
        canUndo={!!st?.canUndo} canRedo={!!st?.canRedo} canSave={!!st?.canSave} limitReached={!!st?.limitReached}
        drawTypes={drawTypes} drawTypeId={drawTypeId} onDrawType={setDrawTypeId}
        onToggle={(m) => c?.toggleMode(m)} onMultiSelect={() => { c?.tools.select.setMultiSelect(!c.tools.select.multiSelect); tick(); }}
        layersOpen={layersOpen} onLayers={() => setLayersOpen((v) => !v)}
        onUndo={() => session?.undo()} onRedo={() => session?.redo()} onSave={() => void save()}
        onLocate={() => locate().then(([x, y]) => c?.fit(geolocationBox(...(toLL(x, y))), 24)).catch((e: Error) => notify(`map.notification.${e.message}`, 'Error'))}
      />
      {layersOpen && (
        <div className="map-layers" data-testid="map-layers" data-map-context={mapContext} data-ready={layers.ready ? 'true' : 'false'}>
          <LayerPanel entries={layers.entries} settings={layers.resolved} onChange={layers.change} onRestoreDefaults={layers.restore} />
        </div>
      )}
      {label && (
        <div className={`map-tooltip map-tooltip-${label.colour ?? 'neutral'}`} data-testid={c?.mode === Mode.Measure ? 'measure-result' : 'draw-tooltip'} style={{ left: label.xy[0] + 12, top: label.xy[1] - 12 }}>
          <span>{label.text}</span>{label.extra && <span className="map-tooltip-cost" data-testid="draw-cost">{label.extra}</span>}
        </div>
      )}
      {scale && <div className="map-scale" data-testid="scale-bar" style={{ width: scale.widthPx }}>{scale.label}</div>}
      {!editable && session && <div className="map-hint">{t('map.hint.read_only')}</div>}
      {areaStatus && (areaStatus.tooLarge || areaStatus.full || areaStatus.loading > 0) && (
        <div className="map-hint map-area-hint" data-testid="area-hint">
          {t(areaStatus.tooLarge ? 'map.hint.area_zoom_in' : areaStatus.full ? 'map.hint.area_full' : 'map.hint.area_loading')}
        </div>
      )}
      {projectId !== undefined && !session && !error && <div className="map-hint">{t('map.loading_network')}</div>}
      {error && <div className="map-hint map-error" role="alert">{t('map.load_failed')}</div>}
      {session && selection.length > 0 && (
        <FeatureInfoPanel
          model={session.model} ids={selection} readOnly={!editable}
          onEdit={(iid, name, value) => { try { showWarnings(session.apply({ type: 'editAttributes', instanceId: iid, values: { [name]: value } })); } catch (err) { notify('map.notification.rejected', 'Error', { translationParams: { reason: (err as Error).message } }); } }}
          onClose={() => c?.tools.select.set([])}
        />
      )}
      {locked && <div className="map-lock" data-testid="map-lock" aria-label={t('map.tools.locked')} onPointerDownCapture={(e) => e.stopPropagation()} />}
    </div>
  );
}

function toLL(x: number, y: number): [number, number] { const [lng, lat] = toLngLat([x, y]); return [lng, lat]; }

/** Small test hook (e2e and bench): coordinate conversion, view and session state. */
function testHook(c: MapController, inject: (l: Loaded) => void, area: () => AreaLoader | null) {
  return {
    /** Opens a network without the server (tests, benchmarks): builds the model, the session and the chunks at once;
     * returns the milliseconds of each step. */
    load: (networkObjects: NetworkObject[], objectTypes: ObjectType[] = [], projectId = 0) => {
      const t0 = performance.now();
      const session = new EditSession(createModel({ networkObjects, objectTypes }), { newId: () => crypto.randomUUID(), projectId });
      const t1 = performance.now();
      c.setSession(session);
      const t2 = performance.now();
      inject({ session, objectTypes, stored: null });
      return { model: t1 - t0, chunks: t2 - t1 };
    },
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
    /** The catalogue's feature/wfst layers: features read, objects drawn, visibility, opacity, deck.gl layer ids. */
    featureLayers: () => c.features.summary(),
    /** Coordinates of an edge (or the node's point) by id, or null. */
    coords: (id: string) => { const o = c.session ? getObject(c.session.model, id) : undefined; return o?.edge?.geometry.coordinates ?? (o?.node ? [o.node.geometry.coordinates] : null); },
    edgesAt: (x: number, y: number, tol: number) => c.session?.index.edgesNear([x, y], tol).map((h) => h.id) ?? [],
    nodesAt: (x: number, y: number, tol: number) => c.session?.index.nodesNear([x, y], tol).map((h) => h.id) ?? [],
    /** Area loading (large projects): status and loaded tiles, or null when the whole network is loaded. */
    area: () => { const a = area(); return a ? { ...a.status, tiles: a.loadedTiles(), timings: a.timings } : null; },
    controller: c,
  };
}
