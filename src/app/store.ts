// The Redux store: RTK Query's api plus slices. Feature slices are added with rootReducer.inject(slice) from their
// own files (RTK combineSlices). The network itself is not in the store: the map's engine session (base + overlay
// model, action-coded history, rbush index) lives beside it and React reads it through the map controller's external
// store (useSyncExternalStore), so no reducer copies or freezes network data on an edit.
import { combineSlices, configureStore, type Reducer } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { loadingSlice } from '../shell/loading-slice';
import { sessionSlice } from '../auth/session-slice';

export const rootReducer = combineSlices(api).withLazyLoadedSlices<Record<string, unknown>>();

/** Injects a feature slice under its reducerPath. With the open lazy-slice record every path is declared as
 * `unknown`, so RTK's inject() rejects a concretely typed reducer; slices read their state through their own
 * selectors (e.g. `(state: unknown) => (state as {x?: XState}).x ?? initial`). */
export function injectSlice(slice: { reducerPath: string; reducer: Reducer<any> }): void { // eslint-disable-line @typescript-eslint/no-explicit-any
  rootReducer.inject({ reducerPath: slice.reducerPath, reducer: slice.reducer as Reducer<unknown> });
}

// The shell's own slices (loading counters, session), injected like any feature slice.
injectSlice(loadingSlice);
injectSlice(sessionSlice);

export function makeStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({
        // network reads are kept as NetworkPayload instances (not walked by Immer; api/network-response.ts)
        serializableCheck: { ignoredActionPaths: ['payload', 'meta.arg', 'meta.baseQueryMeta'], ignoredPaths: [/\.queries\.networkObjects(InArea)?\(/] },
      }).concat(api.middleware),
  });
}

export const store = makeStore();
export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
