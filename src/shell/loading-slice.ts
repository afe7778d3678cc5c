// Loading state (spec 2 §4): separate counters for ordinary and long operations; the overlay shows the messages of
// long operations and resets them when the long count reaches zero.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface LoadingState { ordinary: number; long: number; messages: string[] }
export interface LoadingPayload { long?: boolean; message?: string }

const initialState: LoadingState = { ordinary: 0, long: 0, messages: [] };

const slice = createSlice({
  name: 'loading',
  initialState,
  reducers: {
    startLoading(state, { payload }: PayloadAction<LoadingPayload | undefined>) {
      if (payload?.long) {
        state.long += 1;
        if (payload.message) state.messages.push(payload.message);
      } else state.ordinary += 1;
    },
    stopLoading(state, { payload }: PayloadAction<LoadingPayload | undefined>) {
      if (payload?.long) {
        state.long = Math.max(0, state.long - 1);
        if (payload.message) {
          const i = state.messages.indexOf(payload.message);
          if (i >= 0) state.messages.splice(i, 1);
        }
        if (state.long === 0) state.messages = [];
      } else state.ordinary = Math.max(0, state.ordinary - 1);
    },
  },
});

/** Injected into the root reducer by src/app/store.ts. */
export const loadingSlice = slice;
export const { startLoading, stopLoading } = slice.actions;

type WithLoading = { loading?: LoadingState };
export const selectLoading = (state: unknown): LoadingState => (state as WithLoading).loading ?? initialState;
export const selectIsLongLoading = (state: unknown) => selectLoading(state).long > 0;
export const selectIsLoading = (state: unknown) => selectLoading(state).ordinary > 0;
