// The Redux store: RTK Query's api plus slices. Feature slices are added with rootReducer.inject(slice) from their
// own files (RTK combineSlices). The network slice holds a large base model: serializable/immutable dev checks are
// off for it (house rule 4).
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api';

export const rootReducer = combineSlices(api).withLazyLoadedSlices<Record<string, unknown>>();

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
