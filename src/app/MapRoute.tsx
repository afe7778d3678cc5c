// The /map route: the map screen on its own (behind the sign-in guard in routes.tsx; the map browser tests open it).
import { Suspense, lazy } from 'react';

const MapScreen = lazy(() => import('../map/MapScreen').then((m) => ({ default: m.MapScreen })));

export function MapRoute() {
  return <Suspense fallback={null}><MapScreen /></Suspense>;
}
