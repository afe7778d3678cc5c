// The /map route: the map screen on its own (no sign-in needed; the foundation's browser test opens it).
import { Suspense, lazy } from 'react';

const MapScreen = lazy(() => import('../map/MapScreen').then((m) => ({ default: m.MapScreen })));

export function MapRoute() {
  return <Suspense fallback={null}><MapScreen /></Suspense>;
}
