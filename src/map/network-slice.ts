// Redux slice 'network' (plain data, excluded from RTK's dev checks): the project's engine model (base + overlay
// PTables, shared by reference) and a summary of the editing history for the toolbar (undo/redo/save availability,
// the 20-item signal). The live Editor lives in the map's EditSession; this slice mirrors it after each change.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Model } from 'engine/model';
import { injectSlice } from '../app/store';

export interface NetworkState {
  projectId: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  model: Model | null;
  history: { canUndo: boolean; canRedo: boolean; canSave: boolean; limitReached: boolean; size: number };
  revision: number;
}

const initialState: NetworkState = {
  projectId: null, status: 'idle', error: null, model: null, revision: 0,
  history: { canUndo: false, canRedo: false, canSave: false, limitReached: false, size: 0 },
};

const slice = createSlice({
  name: 'network',
  initialState,
  reducers: {
    loadStarted(state, { payload }: PayloadAction<number>) {
      return { ...initialState, projectId: payload, status: 'loading' };
    },
    loadFailed(state, { payload }: PayloadAction<string>) { state.status = 'error'; state.error = payload; },
    networkChanged: {
      reducer(state, { payload }: PayloadAction<{ model: Model; history: NetworkState['history'] }>) {
        return { ...state, status: 'ready' as const, model: payload.model, history: payload.history, revision: state.revision + 1 };
      },
      // The model is frozen (shallowly) before it reaches Immer: Immer then leaves it alone instead of walking and
      // deep-freezing the new overlay buckets of every edit (hundreds of ms per edit with a large overlay).
      prepare(payload: { model: Model; history: NetworkState['history'] }) {
        if (!Object.isFrozen(payload.model)) Object.freeze(payload.model);
        return { payload };
      },
    },
    networkCleared() { return initialState; },
  },
});

export const networkSlice = slice;
export const { loadStarted, loadFailed, networkChanged, networkCleared } = slice.actions;
injectSlice(slice);

export const selectNetwork = (state: unknown): NetworkState => (state as { network?: NetworkState }).network ?? initialState;
