// The project's validation service as the workflow sees it: the map screen creates the service when a project opens
// and registers it here; the step navigation (outside the map) and the validation panel read its state through
// `useValidationState` (useSyncExternalStore), so a validation change re-renders only what shows it.
import { useSyncExternalStore } from 'react';
import type { ServiceState, ValidationService } from './validation-service';

let current: ValidationService | null = null;
const listeners = new Set<() => void>();
let off: (() => void) | null = null;
let since = 0;

function changed(): void { for (const l of [...listeners]) l(); }

/** Makes `service` the workflow's validation service; returns the function that removes it again (on unmount). */
export function registerValidationService(service: ValidationService): () => void {
  off?.();
  current = service;
  since = typeof performance === 'undefined' ? Date.now() : performance.now();
  off = service.subscribe(changed);
  changed();
  return () => {
    if (current !== service) return;
    off?.(); off = null; current = null;
    changed();
  };
}

export function currentValidationService(): ValidationService | null { return current; }
/** When (performance.now()) the current service was registered; 0 while none is. */
export function validationRegisteredAt(): number { return current ? since : 0; }

const subscribe = (l: () => void) => { listeners.add(l); return () => { listeners.delete(l); }; };
const snapshot = (): ServiceState | null => current?.getState() ?? null;

/** The state of the registered validation service, or null while no project is validated. */
export function useValidationState(): ServiceState | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
