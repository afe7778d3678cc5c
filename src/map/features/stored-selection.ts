// The selected stored feature of the map (one at a time): its catalogue layer and the feature as read. A small
// external store (React reads it with useSyncExternalStore); the controller draws its highlight from it.
import type { LayerEntry } from 'layers';
import type { StoredFeature } from './stored-feature';

export interface StoredSelection { layer: LayerEntry; feature: StoredFeature }

export class StoredSelectionStore {
  private value: StoredSelection | null = null;
  private listeners = new Set<() => void>();

  readonly get = (): StoredSelection | null => this.value;
  readonly subscribe = (l: () => void): (() => void) => { this.listeners.add(l); return () => { this.listeners.delete(l); }; };

  set(v: StoredSelection | null): void {
    if (v === this.value) return;
    this.value = v;
    for (const l of [...this.listeners]) l();
  }
}
