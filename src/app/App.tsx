// App root (foundation skeleton): the map screen. The shell (routes, store, i18n) replaces this.
import { MapScreen } from '../map/MapScreen';

export function App() {
  return <MapScreen />;
}
