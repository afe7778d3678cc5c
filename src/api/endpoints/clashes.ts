// Clash calls (issue 14; the spec names none — server/README.md): the reference features the map's live clash
// detection checks, the full project run (stores clash features; statuses reviewed on the map go with it) and one
// clash's status.
import { api } from '../api';
import type { ClashStatus, ReferenceFeature } from 'engine';

export interface ClashRunAnswer { clashes: { id: string; status: ClashStatus }[]; counts: Record<string, number>; rules: string[]; references: number }

export const clashesApi = api.injectEndpoints({
  endpoints: (b) => ({
    clashReferences: b.query<ReferenceFeature[], number>({ query: (id) => `/project/${id}/clashes/references` }),
    runClashes: b.mutation<ClashRunAnswer, { projectId: number; statuses?: Record<string, ClashStatus> }>({
      query: ({ projectId, statuses }) => ({ url: `/project/${projectId}/clashes/run`, method: 'POST', body: statuses ? { statuses } : {} }),
    }),
    setClashStatus: b.mutation<unknown, { projectId: number; clashId: string; status: ClashStatus }>({
      query: ({ projectId, clashId, status }) => ({ url: `/project/${projectId}/clashes/${encodeURIComponent(clashId)}`, method: 'PATCH', body: { status } }),
    }),
  }),
});
