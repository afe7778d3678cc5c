// Loads a project's network into an EditSession (object types + network objects through RTK Query), mirrors it into
// the 'network' slice, keeps unsaved edits in IndexedDB after each change and offers stored ones back on return.
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { createModel } from 'engine/model';
import type { ObjectType } from 'engine/types';
import { networkApi } from '../api/endpoints/network';
import { loadFailed, loadStarted, networkChanged, networkCleared } from './network-slice';
import { EditSession } from './edit-session';
import { defaultStore, type UnsavedStore } from './unsaved-store';
import type { AppDispatch } from '../app/store';

export interface Loaded { session: EditSession; objectTypes: ObjectType[]; stored: { count: number; restore(): void; discard(): void } | null }

const DEFAULT_STORE = defaultStore();

export function useEditSession(projectId: number | undefined, store: UnsavedStore = DEFAULT_STORE): { loaded: Loaded | null; error: string | null } {
  const dispatch = useDispatch<AppDispatch>();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (projectId === undefined || !Number.isFinite(projectId)) return;
    let cancelled = false;
    let off: (() => void) | null = null;
    dispatch(loadStarted(projectId));
    (async () => {
      const typesReq = dispatch(networkApi.endpoints.objectTypes.initiate(projectId));
      const netReq = dispatch(networkApi.endpoints.networkObjects.initiate({ projectId }));
      try {
        const [objectTypes, networkObjects] = await Promise.all([typesReq.unwrap(), netReq.unwrap()]);
        if (cancelled) return;
        const model = createModel({ networkObjects, objectTypes });
        const session = new EditSession(model, { newId: () => crypto.randomUUID(), projectId });
        // Read edits kept from an earlier visit before anything can write: the persistence listener below replaces or
        // clears the stored entry on the session's first event, which must never drop them unseen.
        const entry = await store.get(projectId).catch(() => undefined);
        if (cancelled) return;
        const mirror = () => dispatch(networkChanged({ model: session.model, history: session.state() }));
        mirror();
        let timer: ReturnType<typeof setTimeout> | undefined;
        off = session.subscribe((e) => {
          mirror();
          if (e.kind === 'reset') return;
          clearTimeout(timer);
          const pending = session.pending();
          timer = setTimeout(() => { void (pending.length ? store.put({ projectId, actions: pending, savedAt: Date.now() }) : store.clear(projectId)); }, 0);
        });
        const stored = entry && entry.actions.length ? {
          count: entry.actions.length,
          restore: () => { session.restore(entry.actions); },
          discard: () => { void store.clear(projectId); },
        } : null;
        if (!cancelled) setLoaded({ session, objectTypes, stored });
      } catch (e) {
        const msg = e instanceof Error ? e.message : JSON.stringify(e);
        if (!cancelled) { setError(msg); dispatch(loadFailed(msg)); }
      } finally {
        typesReq.unsubscribe(); netReq.unsubscribe();
      }
    })();
    return () => { cancelled = true; off?.(); dispatch(networkCleared()); setLoaded(null); };
  }, [projectId, dispatch, store]);
  return { loaded, error };
}
