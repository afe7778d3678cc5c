// Statistics calls (issue 16): one project (GET /api/statistics/project/{id}) and the organisation
// (GET /api/statistics/organisation). They provide the network's tags, so every network save (save-calls.ts
// invalidates NetworkObject on each write) refreshes them, and Settings/Validation for capex and pass rate.
import { api } from '../api';
import type { OrganisationStatistics, ProjectStatistics } from 'common/statistics/types';

const TAGS = [{ type: 'NetworkObject' as const, id: 'statistics' }, { type: 'Settings' as const, id: 'statistics' }, { type: 'Validation' as const, id: 'statistics' }];

export const statisticsApi = api.injectEndpoints({
  endpoints: (b) => ({
    projectStatistics: b.query<ProjectStatistics, number>({ query: (id) => `/statistics/project/${id}`, providesTags: TAGS }),
    organisationStatistics: b.query<OrganisationStatistics, void>({ query: () => '/statistics/organisation', providesTags: TAGS }),
  }),
});

export const { useProjectStatisticsQuery, useOrganisationStatisticsQuery } = statisticsApi;
