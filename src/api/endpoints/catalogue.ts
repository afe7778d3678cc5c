// Project types and workflow states (spec 2 §7): GET /api/project_type/all; GET /api/state/project_type/{id},
// sorted by step and cached (RTK Query keeps them; the X-CacheRequest rule caches the answer across stores).
import { api } from '../api';
import { CACHE_REQUEST_HEADER } from '../../shell/requests/headers';
import type { ProjectType, WorkflowState } from './types';

export function sortStates(states: WorkflowState[]): WorkflowState[] {
  return [...states].sort((a, b) => a.step - b.step);
}

export const catalogueApi = api.injectEndpoints({
  endpoints: (b) => ({
    projectTypes: b.query<ProjectType[], void>({
      query: () => ({ url: '/project_type/all', headers: { [CACHE_REQUEST_HEADER]: 'true' } }),
      providesTags: ['ProjectType'],
      keepUnusedDataFor: 3600,
    }),
    states: b.query<WorkflowState[], number>({
      query: (projectTypeId) => ({ url: `/state/project_type/${projectTypeId}`, headers: { [CACHE_REQUEST_HEADER]: 'true' } }),
      transformResponse: (r: WorkflowState[] | { data: WorkflowState[] }) => sortStates(Array.isArray(r) ? r : r.data),
      providesTags: ['State'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useProjectTypesQuery, useStatesQuery } = catalogueApi;
