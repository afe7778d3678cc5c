// Management dashboard and admin settings calls (issue 16): GET /api/management/project/all (filters on the server),
// GET /api/management/project/{id}/event_log; the admin settings GET /api/admin/settings, PUT …/sign-in,
// GET/PUT …/layer-offer, GET …/event_log. Unlock, restore and delete are the project calls of endpoints/project.ts
// (they invalidate 'Project', which refreshes the management list too).
import { api } from '../api';
import type { Project } from './types';
import type { ProjectSummary } from 'common/project-summary';

export type { ProjectSummary };
export interface ManagedProject extends Project {
  lockReason: string | null;
  organisationName: string | null;
  inUse: { userId: number; name: string | null; since: string }[];
  summary: ProjectSummary | null;
}
export interface ManagementListArgs { state: 'active' | 'deleted' | 'all'; locked?: boolean; search?: string; projectTypeId?: number }
export interface ProjectEvent { id: number; projectId: number; userId: number | null; userName: string | null; type: string; createdAt: string }

export type SignInKey = 'totpRequired' | 'agreementRequired' | 'agreementVersion' | 'signupEnabled';
export interface AdminSettingsAnswer {
  signIn: Record<SignInKey, { value: boolean | string; environment: boolean | string; stored: boolean }>;
  sso: { configured: boolean; provider: string | null };
}
export interface LayerOfferAnswer { organisationId: number; layers: { name: string; category: string; group: string; offered: boolean }[] }
export interface AdminEvent { id: number; organisationId: number | null; userId: number | null; userName: string | null; type: string; detail: unknown; createdAt: string }

const ADMIN = { type: 'Settings', id: 'admin' } as const;

export const managementApi = api.injectEndpoints({
  endpoints: (b) => ({
    managementProjects: b.query<{ data: ManagedProject[]; total: number }, ManagementListArgs>({
      query: (a) => ({
        url: '/management/project/all',
        params: {
          state: a.state, size: '500', ...(a.locked !== undefined ? { locked: String(a.locked) } : {}),
          ...(a.search ? { search: a.search } : {}), ...(a.projectTypeId !== undefined ? { projectTypeId: String(a.projectTypeId) } : {}),
        },
      }),
      providesTags: ['Project'],
    }),
    managementEvents: b.query<{ data: ProjectEvent[] }, number>({ query: (id) => `/management/project/${id}/event_log`, providesTags: ['Project'] }),
    adminSettings: b.query<AdminSettingsAnswer, void>({ query: () => '/admin/settings', providesTags: [ADMIN] }),
    saveSignInSettings: b.mutation<Record<SignInKey, boolean | string>, Partial<Record<SignInKey, boolean | string | null>>>({
      query: (body) => ({ url: '/admin/settings/sign-in', method: 'PUT', body }), invalidatesTags: [ADMIN],
    }),
    layerOffer: b.query<LayerOfferAnswer, number | undefined>({
      query: (organisationId) => ({ url: '/admin/settings/layer-offer', params: organisationId ? { organisationId: String(organisationId) } : {} }),
      providesTags: [ADMIN],
    }),
    saveLayerOffer: b.mutation<unknown, { organisationId?: number; layers: { name: string; offered: boolean }[] }>({
      query: (body) => ({ url: '/admin/settings/layer-offer', method: 'PUT', body }), invalidatesTags: [ADMIN],
    }),
    adminOrganisations: b.query<{ id: number; name: string }[], void>({ query: () => '/admin/settings/organisations' }),
    /** The layers switched off for the caller's organisation (GET /api/organisation/layer-offer): the map's offer drops them. */
    organisationLayerOffer: b.query<{ organisationId: number; hidden: string[] }, void>({ query: () => '/organisation/layer-offer', providesTags: [ADMIN] }),
    adminEvents: b.query<{ data: AdminEvent[] }, void>({ query: () => '/admin/settings/event_log', providesTags: [ADMIN] }),
  }),
});

export const {
  useManagementProjectsQuery, useManagementEventsQuery, useAdminSettingsQuery, useSaveSignInSettingsMutation, useLayerOfferQuery,
  useSaveLayerOfferMutation, useAdminEventsQuery, useAdminOrganisationsQuery, useOrganisationLayerOfferQuery,
} = managementApi;
