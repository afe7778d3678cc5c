// The Redux store: RTK Query's api plus slices. Feature slices are added with rootReducer.inject(slice) from their
// own files (RTK combineSlices). The network slice holds a large base model: serializable/immutable dev checks are
// off for it (house rule 4).
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

/** State paths that hold big plain data (the network base); excluded from RTK's dev-time checks. */
export const HEAVY_PATHS = ['network', 'history'];

export function makeStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredPaths: HEAVY_PATHS, ignoredActionPaths: ['payload', 'meta.arg', 'meta.baseQueryMeta'] },
        immutableCheck: { ignoredPaths: HEAVY_PATHS },
      }).concat(api.middleware),
  });
}

export const store = makeStore();
export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
