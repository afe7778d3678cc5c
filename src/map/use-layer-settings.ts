// Layer settings of the map screen (spec 2 §4, §7): the layers offered for the project type and organisation (less
// those the organisation's layer offer hides), the
// user's settings of the map-view context (GET silent), resolved in the spec's order, and changes saved through the
// layer_setting calls (PATCH the context's list; restoring or saving none DELETEs). Saves are debounced (sliders).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CATALOGUE, CONTEXT_DEFAULTS, isMapContext, offeredLayers, resolveView, restoreView, saveViewRequest, upsertSetting,
  type LayerEntry, type LayerSetting, type ResolvedLayer,
} from 'layers';
import { useSelector } from 'react-redux';
import { settingsApi, useDeleteLayerSettingsMutation, useLayerSettingsQuery, useSaveLayerSettingsMutation } from '../api/endpoints/settings';
import { selectSessionId, selectUser } from '../auth/session-slice';
import type { LayerChange } from '../layers-panel';
import { atlasOf } from 'layers';
import { setImageContext } from './render/image-context';
import { useOrganisationLayerOfferQuery } from '../api/endpoints/management';

export const SAVE_DELAY_MS = 300;

export interface LayerSettingsInput {
  projectTypeId: number;
  organisationId?: number | null;
  permissions?: Record<string, boolean>;
  mapContext: string;
  /** Read and save on the server (signed in); otherwise the settings live in this screen only. */
  remote: boolean;
}

export interface LayerSettings {
  entries: LayerEntry[];
  resolved: ResolvedLayer[];
  /** The user's settings are known (loaded, failed, or local only). */
  ready: boolean;
  change(c: LayerChange): void;
  restore(): void;
}

export function useLayerSettings(o: LayerSettingsInput): LayerSettings {
  const { projectTypeId, organisationId, permissions, mapContext, remote } = o;
  // the image layers' session data: bearer token, and the street-level atlas address (spec 3 §6: the aerial
  // street-level layer is offered only when the session carries one)
  const token = useSelector(selectSessionId);
  const userId = useSelector(selectUser)?.id;
  const atlasQ = settingsApi.endpoints.cyclomediaAtlas.useQuery(userId ?? 0, { skip: !remote || !userId });
  const atlas = atlasQ.isError ? null : atlasOf(atlasQ.data);
  setImageContext({ token, atlas });
  // the organisation's layer offer (admin settings): its hidden layers are not offered; none hidden until it answers
  const hiddenNames = useOrganisationLayerOfferQuery(undefined, { skip: !remote }).data?.hidden;
  const entries = useMemo(() => offeredLayers(CATALOGUE, {
    projectTypeId, organisationId, hasAtlasAddress: atlas !== null, hidden: new Set(hiddenNames ?? []),
    permissions: new Set(Object.entries(permissions ?? {}).filter(([, v]) => v).map(([k]) => k)),
  }), [projectTypeId, organisationId, permissions, atlas, hiddenNames]);
  const q = useLayerSettingsQuery(mapContext, { skip: !remote });
  const [settings, setState] = useState<LayerSetting[] | null>(null);
  const current = useRef<LayerSetting[] | null>(null);
  const setSettings = (next: LayerSetting[]) => { current.current = next; setState(next); };
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (loadedFor.current === mapContext) return;
    if (!remote || q.isError) { loadedFor.current = mapContext; setSettings([]); return; }
    if (q.data && !q.isFetching) { loadedFor.current = mapContext; setSettings(q.data.map((s) => ({ ...s }))); }
  }, [remote, mapContext, q.data, q.isError, q.isFetching]); // eslint-disable-line react-hooks/exhaustive-deps

  const resolved = useMemo(() => resolveView(entries, {
    mapContext, userSettings: settings ?? [], recommended: new Map(),
    viewDefaults: isMapContext(mapContext) ? CONTEXT_DEFAULTS[mapContext] : {},
  }), [entries, mapContext, settings]);

  const [save] = useSaveLayerSettingsMutation();
  const [remove] = useDeleteLayerSettingsMutation();
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; run: () => void } | null>(null);
  const persist = useCallback((next: LayerSetting[]) => {
    if (!remote) return;
    if (pending.current) clearTimeout(pending.current.timer);
    const run = () => {
      pending.current = null;
      const req = saveViewRequest(mapContext, next);
      if (req.method === 'DELETE') void remove(mapContext);
      else if (req.method === 'PATCH') void save(req.body.map((s) => ({ mapContext, layerName: s.layerName, layerStyle: s.layerStyle ?? null, opacity: s.opacity, visible: s.visible })));
    };
    pending.current = { timer: setTimeout(run, SAVE_DELAY_MS), run };
  }, [remote, mapContext, save, remove]);
  // a change still waiting when the screen closes is sent at once
  useEffect(() => () => { const p = pending.current; if (p) { clearTimeout(p.timer); p.run(); } }, [mapContext]);

  const change = useCallback((c: LayerChange) => {
    const next = upsertSetting(current.current ?? [], { mapContext, layerName: c.layerName, layerStyle: c.style, opacity: c.opacity, visible: c.visible });
    setSettings(next);
    persist(next);
  }, [mapContext, persist]); // eslint-disable-line react-hooks/exhaustive-deps

  const restore = useCallback(() => {
    const next = restoreView(current.current ?? [], mapContext);
    setSettings(next);
    persist(next);
  }, [mapContext, persist]); // eslint-disable-line react-hooks/exhaustive-deps

  return { entries, resolved, ready: settings !== null, change, restore };
}
