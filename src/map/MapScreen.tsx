// Map screen (spec 1 §2, spec 3 §2): the map controller (view + editor binding + input router) on a container, the
// toolbar, the HUD (tooltip, scale bar, hints), the layer panel, the feature-info card, save / undo / redo through the
// engine, the unsaved-changes registration of the workflow and the offer to restore edits kept from an earlier visit.
// React reads the controller through useSyncExternalStore (use-map-controller.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import 'maplibre-gl/dist/maplibre-gl.css';
import { Toolbar } from './Toolbar';
import { MapHud } from './MapHud';
import { PhaseSelect } from './PhaseSelect';
import { FeatureInfoPanel } from './info/FeatureInfoPanel';
import { StoredFeatureCard } from './info/StoredFeatureCard';
import { useStoredFeatures } from './features/use-stored-features';
import { Mode } from './modes';
import { geolocationBox, locate } from './geolocation';
import { toLngLat } from 'engine/mercator';
import { useEditSession, type Loaded } from './use-edit-session';
import { useMapController } from './use-map-controller';
import { saveSession } from './save-flow';
import { defaultStore } from './unsaved-store';
import { sendSaveRequest } from '../api/endpoints/network-save';
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
import { catalogueStyle, groupStates, styleContextOf, styleKey } from './render/catalogue-style';
import type { AreaLoader, AreaStatus } from './area-loader';
import { AREA_OPEN_ZOOM } from './tile-prefetch';
import type { ControllerHost } from './map-controller';
import { usePlanning } from './planning/use-planning';
import { PlanningDock } from './planning/PlanningDock';
import { StreetLevelPanel } from './street-level/StreetLevelPanel';
import { usePolicy } from '../auth/policies';
import { useCatalogueAttributeFilter } from '../materials/catalogue-attributes';
import './map.css';

export interface MapScreenProps { projectId?: number; projectTypeKey?: string; step?: number; readOnly?: boolean }

/** Zoom a project loaded by area opens at when the address names no view (a few tiles in view). */
const LEVEL = { info: 'Information', warning: 'Warning', error: 'Error' } as const;

export function MapScreen({ projectId, step, readOnly = false }: MapScreenProps) {
  const { t } = useTranslation();
  // the organisation's material catalogues as the choices of catalogue attributes (duct_type, …)
  const catalogueChoices = useCatalogueAttributeFilter();
  const dispatch = useDispatch<AppDispatch>();
  const user = useSelector(selectUser);
  const ref = useRef<HTMLDivElement>(null);
  const [locked, setLocked] = useState(false);
  const [drawTypeId, setDrawTypeId] = useState<number | null>(null);
  const [phaseId, setPhaseId] = useState<string | null>(null);
  const fetched = useEditSession(projectId);
  const [injected, setInjected] = useState<Loaded | null>(null);
  const loaded = fetched.loaded ?? injected;
  const session = loaded?.session ?? null;
  const editable = !!session && !readOnly && user?.role !== 'viewer';
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
  // street-level imagery is offered with the coverage permission (spec 1 §8, layers/catalogue/general.ts): the policy
  // path 'cyclomedia.coverage' of GET /api/user/policies, or the user's permission flag
  const policy = usePolicy();
  const streetLevel = policy.allows('cyclomedia.coverage') || !!user?.permissions?.['cyclomedia.coverage'];
  const [streetLevelOpen, setStreetLevelOpen] = useState(false);
  const areaRef = useRef<AreaLoader | null>(null);
  const [areaStatus, setAreaStatus] = useState<AreaStatus | null>(null);

  const host = useMemo<ControllerHost>(() => ({
    notify: (key, level, params, throttleKey) => notify(key, LEVEL[level], { translationParams: params, throttleKey }),
    viewChanged: () => { const a = areaRef.current, c = ctlRef.current; if (a && c) void a.show(c.viewExtent()); },
  }), []);
  const { ctl, snap } = useMapController(ref, { host, inject: setInjected, area: () => areaRef.current });
  const ctlRef = useRef(ctl);
  ctlRef.current = ctl;
  // Live validation (feeds the workflow's step gate) and capex, following the session's diffs.
  const { planning, clashes } = usePlanning(ctl, session, { projectId, stateId: states.data?.find((x) => x.step === step)?.id ?? null, partial: !!loaded?.area });
  // Stored features (issue 12): selection, info card editors, note placing, feature transactions, undo.
  const stored = useStoredFeatures(ctl, hasProject ? projectId : undefined, editable);
  const planningRef = useRef(planning);
  planningRef.current = planning;

  // Layer settings (and the project settings styles read: DP minimum usage) drive the network styling, render-group
  // visibility/opacity and the backgrounds.
  const styleCtx = useMemo(() => styleContextOf(project.data?.settings), [project.data?.settings]);
  useEffect(() => {
    ctl?.setLayerView({
      style: catalogueStyle(layers.entries, layers.resolved, styleCtx), styleKey: styleKey(layers.entries, layers.resolved, styleCtx),
      groups: groupStates(layers.entries, layers.resolved),
      backgrounds: new Map(layers.resolved.map((r) => [r.layerName, { visible: r.visible, opacity: r.opacity, style: r.style ?? undefined }])),
    });
  }, [ctl, layers.entries, layers.resolved, styleCtx]);

  useEffect(() => {
    if (!ctl) return;
    ctl.editable = editable;
    ctl.setSession(session);
    const st = loaded?.stored;
    if (!session || !st) return;
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
  }, [ctl, session, editable, loaded, t]);

  // Area loading (large projects): open on the network when the address names no view, then follow the view; the
  // binding keeps gestures inside the loaded tiles.
  useEffect(() => {
    const area = loaded?.area ?? null;
    areaRef.current = area;
    setAreaStatus(area?.status ?? null);
    if (!ctl || !area) return;
    ctl.binding.area = (p) => area.contains(p);
    const off = area.subscribe(setAreaStatus);
    const box = loaded?.extent?.bbox;
    if (!ctl.hasInitialView && box) ctl.setView(AREA_OPEN_ZOOM, [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]);
    void area.show(ctl.viewExtent());
    return () => { off(); areaRef.current = null; ctl.binding.area = null; };
  }, [ctl, loaded]);

  const save = useCallback(async (): Promise<boolean> => {
    const s = ctlRef.current?.session;
    if (!s || projectId === undefined) return true;
    setLocked(true);
    try {
      const out = await saveSession(s, (request) => dispatch(sendSaveRequest(projectId, request)), defaultStore(), projectId);
      if (out.ok) {
        if (out.skipped) notify('map.notification.save_resumed', 'Information', { translationParams: { sent: out.skipped } });
        notify('map.notification.saved', 'Information');
        void planningRef.current?.revalidate(); // spec 2 §2: a saved edit re-runs validation
        return true;
      }
      notify('map.notification.save_failed', 'Error', { stick: true, translationParams: { batch: out.failed.kind, error: out.error } });
      return false;
    } finally { setLocked(false); }
  }, [dispatch, projectId]);

  useEffect(() => registerUnsavedChangesSource({
    hasChanges: () => !!ctlRef.current?.session?.state().canSave,
    save: async () => { if (!(await save())) throw new Error('unable to save'); },
  }), [save]);

  // The draw object: the kind the draw tool places and the instances a drawn feature gets.
  useEffect(() => {
    const type = loaded?.objectTypes.find((o) => o.id === drawTypeId);
    if (!ctl || !session) return;
    ctl.tools.setDrawKind(type?.geometryKind === 'node' ? 'node' : 'line');
    session.drawInstances = type ? [{ objectTypeId: type.id }] : [];
  }, [ctl, drawTypeId, loaded, session]);

  // The phase panel's choice is the engine's active phase.
  useEffect(() => { session?.setActivePhase(phaseId); }, [session, phaseId]);

  const h = snap?.history;
  const drawTypes = (loaded?.objectTypes ?? []).filter((o) => o.geometryKind === 'edge' || o.geometryKind === 'node');
  const selection = snap && snap.mode === Mode.Select ? snap.selection : [];

  return (
    <div className="map-screen" data-testid="map-screen" data-editable={editable ? 'true' : 'false'}>
      <div ref={ref} data-testid="map" className="map-canvas" />
      <Toolbar
        mode={snap?.mode ?? Mode.Select} readOnly={!editable} canEdit={!!snap?.canEdit} multiSelect={!!snap?.multiSelect}
        canUndo={!!h?.canUndo} canRedo={!!h?.canRedo} canSave={!!h?.canSave} limitReached={!!h?.limitReached}
        operations={snap?.operations}
        drawTypes={drawTypes} drawTypeId={drawTypeId} onDrawType={setDrawTypeId}
        onToggle={(m) => ctl?.toggleMode(m)} onMultiSelect={() => { ctl?.tools.select.setMultiSelect(!ctl.tools.select.multiSelect); ctl?.render(); }}
        onDeleteSelection={() => ctl?.router.deleteSelection()} onUnsnapSelection={() => ctl?.router.unsnapSelection()}
        layersOpen={layersOpen} onLayers={() => setLayersOpen((v) => !v)}
        streetLevelOpen={streetLevelOpen} onStreetLevel={streetLevel ? () => setStreetLevelOpen((v) => !v) : undefined}
        addingNote={stored.placingNote} onAddNote={hasProject ? stored.toggleAddNote : undefined}
        canUndoFeature={stored.canUndo && !stored.busy} onUndoFeature={hasProject ? stored.undo : undefined}
        onUndo={() => session?.undo()} onRedo={() => session?.redo()} onSave={() => void save()}
        onLocate={() => locate().then(([x, y]) => ctl?.fit(geolocationBox(...(toLL(x, y))), 24)).catch((e: Error) => notify(`map.notification.${e.message}`, 'Error'))}
      />
      {editable && hasProject && <PhaseSelect projectId={projectId!} value={phaseId} onChange={setPhaseId} />}
      {layersOpen && (
        <div className="map-layers" data-testid="map-layers" data-map-context={mapContext} data-ready={layers.ready ? 'true' : 'false'}>
          <LayerPanel entries={layers.entries} settings={layers.resolved} onChange={layers.change} onRestoreDefaults={layers.restore} />
        </div>
      )}
      {streetLevel && streetLevelOpen && <StreetLevelPanel ctl={ctl} onClose={() => setStreetLevelOpen(false)} />}
      <MapHud snap={snap} editable={editable} areaStatus={areaStatus} error={fetched.error}
        loadingNetwork={projectId !== undefined && !session && !fetched.error} />
      {session && selection.length > 0 && (
        <FeatureInfoPanel
          model={session.model} ids={[...selection]} readOnly={!editable} allowedValuesFilter={catalogueChoices}
          onEdit={(iid, name, value) => { ctl?.binding.perform({ type: 'editAttributes', instanceId: iid, values: { [name]: value } }); }}
          onClose={() => ctl?.tools.select.set([])}
        />
      )}
      {stored.selection && selection.length === 0 && (
        <StoredFeatureCard
          key={`${stored.selection.feature.uuid}:${JSON.stringify(stored.selection.feature)}`} selection={stored.selection}
          readOnly={!editable} busy={stored.busy} canUndo={stored.canUndo}
          onApply={stored.apply} onDelete={stored.remove} onUndo={stored.undo} onClose={stored.close}
        />
      )}
      {planning && <PlanningDock ctl={ctl} planning={planning} clashes={clashes} projectId={hasProject ? projectId : undefined} readOnly={!editable} />}
      {locked && <div className="map-lock" data-testid="map-lock" aria-label={t('map.tools.locked')} onPointerDownCapture={(e) => e.stopPropagation()} />}
    </div>
  );
}

function toLL(x: number, y: number): [number, number] { const [lng, lat] = toLngLat([x, y]); return [lng, lat]; }
