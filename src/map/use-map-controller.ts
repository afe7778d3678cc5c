// React side of the map controller: creates it on the container once, forwards keyboard shortcuts (not while typing
// in a field), installs the test hook, and reads its state through useSyncExternalStore — React renders when the
// snapshot changes (history, mode, selection, tooltip, scale), not on every map frame.
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { MapController, type ControllerHost, type MapSnapshot } from './map-controller';
import { installTestHook } from './map-test-hook';
import type { Loaded } from './use-edit-session';
import type { AreaLoader } from './area-loader';

const noSubscribe = () => () => undefined;
const noSnapshot = () => null;

export interface MapControllerHooks {
  host: ControllerHost;
  /** Opens a session handed in by the test hook (no server). */
  inject(l: Loaded): void;
  area(): AreaLoader | null;
}

export function useMapController(container: RefObject<HTMLDivElement | null>, hooks: MapControllerHooks): { ctl: MapController | null; snap: MapSnapshot | null } {
  const [ctl, setCtl] = useState<MapController | null>(null);
  const latest = useRef(hooks);
  latest.current = hooks;
  useEffect(() => {
    const c = new MapController(container.current!, {
      notify: (...a) => latest.current.host.notify(...a),
      viewChanged: () => latest.current.host.viewChanged?.(),
    });
    installTestHook(c, (l) => latest.current.inject(l), () => latest.current.area());
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) return;
      if (c.key(e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    setCtl(c);
    return () => { window.removeEventListener('keydown', onKey); c.destroy(); setCtl(null); };
  }, [container]);
  const snap = useSyncExternalStore(ctl?.subscribe ?? noSubscribe, ctl?.getSnapshot ?? noSnapshot);
  return { ctl, snap };
}
