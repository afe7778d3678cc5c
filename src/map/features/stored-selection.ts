// The selected stored feature of the map (one at a time: its catalogue layer and the feature as read) and other small
// map-side states React follows (a note being placed): a minimal external store read with useSyncExternalStore.
import type { LayerEntry } from 'layers';
import type { StoredFeature } from './stored-feature';

export interface StoredSelection { layer: LayerEntry; feature: StoredFeature }

export class ValueStore<T> {
  private listeners = new Set<() => void>();
  constructor(private value: T) {}

  readonly get = (): T => this.value;
  readonly subscribe = (l: () => void): (() => void) => { this.listeners.add(l); return () => { this.listeners.delete(l); }; };

  set(v: T): void {
    if (Object.is(v, this.value)) return;
    this.value = v;
    for (const l of [...this.listeners]) l();
  }
}
