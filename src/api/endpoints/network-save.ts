// The network's write calls (spec 1 §7, spec 2 §7) as RTK Query mutations, one per call, each built from its row in
// save-calls.ts (method, path, body, query, tags it invalidates). The map's save flow sends the engine's batches through
// `sendSaveRequest`, batch by batch in the engine's order.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { SaveRequest } from 'engine/save';
import { api } from '../api';
import { SAVE_CALLS, endpointCall, saveEndpoint, type SaveArgs, type SaveEndpoint } from './save-calls';

export const networkSaveApi = api.injectEndpoints({
  endpoints: (b) => {
    const call = (name: SaveEndpoint) => b.mutation<unknown, SaveArgs>({
      query: (a) => {
        const c = endpointCall(name, a);
        return { url: c.path, method: c.method, body: c.body, ...(c.params ? { params: c.params } : {}) };
      },
      invalidatesTags: (_r, e) => (e ? [] : [...SAVE_CALLS[name].tags]),
    });
    return {
      createNetworkObjects: call('createNetworkObjects'),
      editNetworkObjects: call('editNetworkObjects'),
      deleteNetworkObjects: call('deleteNetworkObjects'),
      createPathEdges: call('createPathEdges'),
      editPathEdges: call('editPathEdges'),
      deletePathEdges: call('deletePathEdges'),
      createObjectInstances: call('createObjectInstances'),
      editObjectInstances: call('editObjectInstances'),
      deleteObjectInstances: call('deleteObjectInstances'),
      createRelations: call('createRelations'),
      deleteRelations: call('deleteRelations'),
      editAttributeValues: call('editAttributeValues'),
    } satisfies Record<SaveEndpoint, unknown>;
  },
});

/** Sends one engine save batch as its call; resolves when the server accepted it, rejects with the error otherwise. */
export function sendSaveRequest(projectId: number, req: SaveRequest) {
  return async (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>): Promise<void> => {
    const endpoint = networkSaveApi.endpoints[saveEndpoint(req)];
    await dispatch(endpoint.initiate({ projectId, items: req.items, scenarioId: req.scenarioId })).unwrap();
  };
}
