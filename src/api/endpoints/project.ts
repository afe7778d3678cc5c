// Project calls of spec 2 §7: list (GET /api/project/all, the dashboard's call), get, create, rename, delete
// (permaDelete), restore, unlock, in-use, properties and property types, demarcation area, event log.
import { api } from '../api';
import { LONG_LOADING_HEADER } from '../../shell/requests/headers';
import type { EventLogEntry, Project, ProjectInput, ProjectPropertyType, ProjectPropertyValue } from './types';

export interface ProjectListArgs { deleted?: boolean; search?: string }
export type ProjectListResponse = Project[] | { data?: Project[]; projects?: Project[]; items?: Project[]; total?: number };

export const isDeleted = (p: Project) => !!p.deleted || !!p.deletedAt;

/** Accepts a plain list or a paged envelope ({data, page, size, total}). */
export function projectsOf(r: ProjectListResponse | undefined): Project[] {
  if (!r) return [];
  if (Array.isArray(r)) return r;
  return r.data ?? r.projects ?? r.items ?? [];
}

export const projectApi = api.injectEndpoints({
  endpoints: (b) => ({
    projects: b.query<ProjectListResponse, ProjectListArgs | void>({
      query: (a) => ({ url: '/project/all', params: { ...(a?.deleted ? { deleted: 'true' } : {}), ...(a?.search ? { search: a.search } : {}), size: '500' } }),
      providesTags: ['Project'],
    }),
    project: b.query<Project, number>({ query: (id) => `/project/${id}`, providesTags: (_r, _e, id) => [{ type: 'Project', id }] }),
    createProject: b.mutation<Project & { notification?: string }, ProjectInput>({
      query: (body) => ({ url: '/project', method: 'POST', body }),
      invalidatesTags: ['Project'],
    }),
    renameProject: b.mutation<Project, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/project/edit/${id}`, method: 'PUT', body: { name } }),
      invalidatesTags: ['Project'],
    }),
    restoreProject: b.mutation<unknown, number>({ query: (id) => ({ url: `/project/${id}/restore`, method: 'POST', body: {} }), invalidatesTags: ['Project'] }),
    deleteProject: b.mutation<unknown, { id: number; permaDelete: boolean }>({
      query: ({ id, permaDelete }) => ({ url: `/project/${id}`, method: 'DELETE', body: { permaDelete } }),
      invalidatesTags: ['Project'],
    }),
    unlockProject: b.mutation<unknown, number>({ query: (id) => ({ url: `/project/${id}/unlock`, method: 'PATCH', body: {} }), invalidatesTags: ['Project'] }),
    setPropertyValues: b.mutation<unknown, { id: number; values: ProjectPropertyValue[] }>({
      query: ({ id, values }) => ({ url: `/project/${id}/property/value`, method: 'PUT', body: { values } }),
      invalidatesTags: ['Property'],
    }),
    propertyValues: b.query<ProjectPropertyValue[], number>({ query: (id) => `/project/${id}/property/value/all`, providesTags: ['Property'] }),
    propertyTypes: b.query<ProjectPropertyType[], void>({ query: () => '/project/project/property/type/all', providesTags: ['Property'] }),
    updateDemarcationArea: b.mutation<unknown, { id: number; type: string; geometry: unknown }>({
      query: ({ id, type, geometry }) => ({
        url: `/project/${id}/${type}/update-project-demarcation-area`, method: 'POST', body: { geometry },
        headers: { [LONG_LOADING_HEADER]: 'loading.demarcation_area' },
      }),
    }),
    setInUse: b.mutation<unknown, { id: number; userId: number }>({
      query: ({ id, userId }) => ({ url: `/project/${id}/in-use`, method: 'POST', body: { userId } }),
    }),
    inUse: b.query<unknown, number>({ query: (id) => `/project/${id}/in-use` }),
    logEvent: b.mutation<unknown, EventLogEntry>({ query: (body) => ({ url: '/event_log', method: 'POST', body }) }),
  }),
});

export const {
  useProjectsQuery, useProjectQuery, useCreateProjectMutation, useRenameProjectMutation, useRestoreProjectMutation,
  useDeleteProjectMutation, useUnlockProjectMutation, usePropertyValuesQuery, usePropertyTypesQuery,
  useSetPropertyValuesMutation, useLogEventMutation,
} = projectApi;
