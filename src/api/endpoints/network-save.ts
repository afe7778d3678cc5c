// The save flow's calls through RTK Query: one mutation that sends one engine save batch as its call (save-calls.ts)
// and invalidates the tag of what it wrote. The map's save flow dispatches it batch by batch, in the engine's order.
import type { SaveRequest } from 'engine/save';
import { api } from '../api';
import { saveCall, saveTag } from './save-calls';

export const networkSaveApi = api.injectEndpoints({
  endpoints: (b) => ({
    saveBatch: b.mutation<unknown, { projectId: number; request: SaveRequest }>({
      query: ({ projectId, request }) => {
        const c = saveCall(projectId, request);
        return { url: c.path, method: c.method, body: c.body, ...(c.params ? { params: c.params } : {}) };
      },
      invalidatesTags: (_r, e, a) => (e ? [] : [saveTag(a.request)]),
    }),
  }),
});
