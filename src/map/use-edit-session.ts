// Loads a project's network into an EditSession (object and relation types, the network's extent, then the whole
// network — or, for large projects, an AreaLoader that reads it by area) with the engine configuration of the project
// (session-config.ts: family rules, active phase), keeps unsaved edits in IndexedDB after each change and offers stored
// ones back on return (never dropped unseen). The session lives outside Redux: the map reads it through its controller.
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { networkModel } from '../api/network-response';
import type { ObjectType } from 'engine/types';
import { networkApi, type NetworkExtent } from '../api/endpoints/network';
import { sessionConfig } from './session-config';
import { EditSession } from './edit-session';
import { defaultStore, type UnsavedStore } from './unsaved-store';
import { trackUnsaved, type StoredEdits } from './unsaved-offer';
import { AREA_MAX_LOADED_TILES, AreaLoader } from './area-loader';
import { areaRead, areaReadAhead, loadsByArea } from './tile-prefetch';
import { takeWhole } from './whole-prefetch';
import { notify } from '../shell/notification-store';
import type { AppDispatch } from '../app/store';

export type { StoredEdits };
export interface Loaded {
  session: EditSession; objectTypes: ObjectType[]; stored: StoredEdits | null;
  /** Set when the project is loaded by area (large projects). */
  area?: AreaLoader | null;
  extent?: NetworkExtent | null;
}

const DEFAULT_STORE = defaultStore();

export function useEditSession(projectId: number | undefined, store: UnsavedStore = DEFAULT_STORE): { loaded: Loaded | null; error: string | null } {
  const dispatch = useDispatch<AppDispatch>();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (projectId === undefined || !Number.isFinite(projectId)) return;
    let cancelled = false;
    let off: (() => void) | null = null;
    let area: AreaLoader | null = null;
    const subs: { unsubscribe(): void }[] = [];
    const result = <T,>(req: { unwrap(): Promise<T>; unsubscribe(): void }) => { subs.push(req); return req.unwrap(); };
    (async () => {
      try {
        const [objectTypes, relationTypes, extent] = await Promise.all([
          result(dispatch(networkApi.endpoints.objectTypes.initiate(projectId))),
          result(dispatch(networkApi.endpoints.relationTypes.initiate(projectId))),
          result(dispatch(networkApi.endpoints.networkExtent.initiate({ projectId }))),
        ]);
        if (cancelled) return;
        const byArea = loadsByArea(extent);
        // the whole read may be on its way already (whole-prefetch.ts: started with the workflow); read again if it failed
        const taken = byArea ? undefined : takeWhole(projectId);
        const readWhole = (again: boolean) => result(dispatch(networkApi.endpoints.networkObjects.initiate({ projectId }, { forceRefetch: again })));
        const whole = byArea ? { rows: { networkObjects: [] } }
          : (await (taken ? result(taken).catch(() => readWhole(true)) : readWhole(false))).value;
        if (cancelled) return;
        const model = await networkModel(whole, { objectTypes, relationTypes });
        if (cancelled) return;
        const session = new EditSession(model, sessionConfig(model, projectId));
        if (byArea) {
          // a tile of the opening view may be on its way already (tile-prefetch.ts: started with the workflow)
          // and the tiles around the view are read ahead while the map is idle (read-ahead.ts)
          area = new AreaLoader(session, areaRead(dispatch, projectId), () => notify('map.notification.area_load_failed', 'Error', { throttleKey: `area-load-${projectId}` }),
            AREA_MAX_LOADED_TILES, areaReadAhead());
        }
        // Read the records of earlier visits before anything can write: they are offered back, and this visit's
        // records are numbered after them (never written over them).
        const entry = await store.get(projectId).catch(() => undefined);
        if (cancelled) return;
        const tracked = trackUnsaved(session, store, projectId, entry, area);
        off = () => tracked.off();
        const stored = tracked.stored;
        if (!cancelled) setLoaded({ session, objectTypes, stored, area, extent });
      } catch (e) {
        const msg = e instanceof Error ? e.message : JSON.stringify(e);
        if (!cancelled) setError(msg);
      } finally {
        for (const s of subs) s.unsubscribe();
      }
    })();
    return () => { cancelled = true; off?.(); area?.dispose(); setLoaded(null); };
  }, [projectId, dispatch, store]);
  return { loaded, error };
}

