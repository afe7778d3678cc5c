// Modal service (spec 2 §2): a modal resolves with confirm (with a value), cancel or close; clicking the backdrop
// cancels unless turned off. The ModalHost component renders the open modals.
import type { ReactNode } from 'react';

export type ModalResult<T = unknown> = { type: 'confirm'; value: T } | { type: 'cancel' } | { type: 'close' };

export interface ModalControls<T> { confirm: (value: T) => void; cancel: () => void; close: () => void }

export interface ModalOptions<T = unknown> {
  title: string;
  /** Body; a function receives the controls (for forms that confirm with a value). */
  content?: ReactNode | ((controls: ModalControls<T>) => ReactNode);
  /** Footer buttons; omitted → the content supplies its own buttons. */
  confirmLabel?: string;
  cancelLabel?: string;
  confirmValue?: T;
  backdropCancels?: boolean;
  testId?: string;
}

export interface OpenModal { id: number; options: ModalOptions<unknown>; resolve: (r: ModalResult<unknown>) => void }

let modals: OpenModal[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => { for (const l of listeners) l(); };

export function subscribeModals(l: () => void): () => void { listeners.add(l); return () => { listeners.delete(l); }; }
export function getModals(): OpenModal[] { return modals; }

export function openModal<T = unknown>(options: ModalOptions<T>): Promise<ModalResult<T>> {
  return new Promise((resolve) => {
    const id = nextId++;
    const entry: OpenModal = {
      id,
      options: { backdropCancels: true, ...options } as ModalOptions<unknown>,
      resolve: (r) => { modals = modals.filter((m) => m.id !== id); emit(); resolve(r as ModalResult<T>); },
    };
    modals = [...modals, entry];
    emit();
  });
}

/** Resolves every open modal with close (used when the session ends or on navigation). */
export function closeAllModals(): void { for (const m of [...modals]) m.resolve({ type: 'close' }); }
