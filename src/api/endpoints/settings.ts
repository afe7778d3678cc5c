// Settings calls of spec 2 §7: layer settings per map context (GET silent), settings profiles, fttx settings, the
// profile refresh calls of a project (spec 2 §4; the server's own calls), and the server configuration (GET
// /api/config, /api/config/streetsmart) with the street-level imagery calls. Settings and profile writes skip the
// global error notification: the settings screen shows a refusal's message itself (problems beside the fields).
import { api } from '../api';
import { bypassHeaders } from '../../shell/requests/headers';
import type { AppConfig, AppliedProfilesResult, LayerSetting, ProjectProfiles, SettingsProfile } from './types';

/** Writes whose errors the settings screen tells itself (the server's message, problems beside the fields). */
const quiet = bypassHeaders('messages');

export const settingsApi = api.injectEndpoints({
  endpoints: (b) => ({
    layerSettings: b.query<LayerSetting[], string>({
      query: (mapContext) => ({ url: `/user/layer_setting/${encodeURIComponent(mapContext)}`, headers: bypassHeaders('loading') }),
      providesTags: (_r, _e, ctx) => [{ type: 'LayerSetting', id: ctx }],
    }),
    saveLayerSettings: b.mutation<LayerSetting[], LayerSetting[]>({
      query: (body) => ({ url: '/user/layer_setting', method: 'PATCH', body }),
      invalidatesTags: ['LayerSetting'],
    }),
    deleteLayerSettings: b.mutation<unknown, string>({
      query: (mapContext) => ({ url: `/user/layer_setting/${encodeURIComponent(mapContext)}`, method: 'DELETE' }),
      invalidatesTags: ['LayerSetting'],
    }),
    profiles: b.query<SettingsProfile[], void>({ query: () => '/profile', providesTags: ['Profile'] }),
    profilesByType: b.query<SettingsProfile[], string>({ query: (type) => `/profile/profile_type/${encodeURIComponent(type)}`, providesTags: ['Profile'] }),
    profilesByProjectType: b.query<SettingsProfile[], number>({ query: (id) => `/profile/project_type/${id}`, providesTags: ['Profile'] }),
    createProfile: b.mutation<SettingsProfile, Omit<SettingsProfile, 'uuid'> & { uuid?: string }>({
      query: (body) => ({ url: '/profile', method: 'POST', body, headers: quiet }), invalidatesTags: ['Profile'],
    }),
    editProfile: b.mutation<SettingsProfile, SettingsProfile>({
      query: (body) => ({ url: `/profile/${body.uuid}`, method: 'PUT', body, headers: quiet }), invalidatesTags: ['Profile'],
    }),
    deleteProfile: b.mutation<unknown, string>({ query: (uuid) => ({ url: `/profile/${uuid}`, method: 'DELETE', headers: quiet }), invalidatesTags: ['Profile'] }),
    fttxSettings: b.query<Record<string, unknown>, number>({ query: (id) => `/project/${id}/fttx/settings`, providesTags: ['Settings'] }),
    saveFttxSettings: b.mutation<Record<string, unknown>, { id: number; settings: Record<string, unknown> }>({
      query: ({ id, settings }) => ({ url: `/project/${id}/fttx/settings`, method: 'POST', body: settings, headers: quiet }),
      invalidatesTags: ['Settings'],
    }),
    deleteFttxSettings: b.mutation<unknown, number>({ query: (id) => ({ url: `/project/${id}/fttx/settings`, method: 'DELETE' }), invalidatesTags: ['Settings'] }),
    exportFttxSettings: b.mutation<unknown, { id: number; settingsKey: string }>({
      query: ({ id, settingsKey }) => ({ url: `/project/${id}/fttx/settings/export`, method: 'POST', body: { settingsKey } }),
    }),
    projectProfiles: b.query<ProjectProfiles, number>({ query: (id) => `/project/${id}/fttx/settings/profiles`, providesTags: ['Settings', 'Profile'] }),
    applyProfiles: b.mutation<AppliedProfilesResult, { id: number; uuids?: string[] }>({
      query: ({ id, uuids }) => ({ url: `/project/${id}/fttx/settings/profiles/apply`, method: 'POST', body: uuids ? { uuids } : {}, headers: quiet }),
      invalidatesTags: ['Settings'],
    }),
    ignoreProfileRefresh: b.mutation<unknown, number>({
      query: (id) => ({ url: `/project/${id}/fttx/settings/profiles/ignore`, method: 'POST', body: {} }), invalidatesTags: ['Settings'],
    }),
    config: b.query<AppConfig, void>({ query: () => ({ url: '/config', headers: bypassHeaders('catch', 'messages') }), keepUnusedDataFor: 3600 }),
    streetsmartConfig: b.query<Record<string, unknown>, void>({ query: () => '/config/streetsmart' }),
    verifyCyclomedia: b.mutation<unknown, Record<string, unknown>>({ query: (body) => ({ url: '/cyclomedia/verify', method: 'POST', body }) }),
    cyclomediaAtlas: b.query<unknown, number>({ query: (userId) => ({ url: '/cyclomedia/atlas', params: { userId } }) }),
  }),
});

export const {
  useLayerSettingsQuery, useSaveLayerSettingsMutation, useDeleteLayerSettingsMutation, useProfilesQuery, useConfigQuery,
  useProfilesByProjectTypeQuery, useCreateProfileMutation, useEditProfileMutation, useDeleteProfileMutation,
  useFttxSettingsQuery, useSaveFttxSettingsMutation, useDeleteFttxSettingsMutation, useExportFttxSettingsMutation,
  useProjectProfilesQuery, useApplyProfilesMutation, useIgnoreProfileRefreshMutation,
} = settingsApi;
