// Settings calls of spec 2 §7: layer settings per map context (GET silent), settings profiles, fttx settings, and
// the server configuration (GET /api/config, /api/config/streetsmart) with the street-level imagery calls.
import { api } from '../api';
import { bypassHeaders } from '../../shell/requests/headers';
import type { AppConfig, LayerSetting, SettingsProfile } from './types';

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
      query: (body) => ({ url: '/profile', method: 'POST', body }), invalidatesTags: ['Profile'],
    }),
    editProfile: b.mutation<SettingsProfile, SettingsProfile>({
      query: (body) => ({ url: `/profile/${body.uuid}`, method: 'PUT', body }), invalidatesTags: ['Profile'],
    }),
    deleteProfile: b.mutation<unknown, string>({ query: (uuid) => ({ url: `/profile/${uuid}`, method: 'DELETE' }), invalidatesTags: ['Profile'] }),
    fttxSettings: b.query<Record<string, unknown>, number>({ query: (id) => `/project/${id}/fttx/settings`, providesTags: ['Settings'] }),
    saveFttxSettings: b.mutation<unknown, { id: number; settings: Record<string, unknown> }>({
      query: ({ id, settings }) => ({ url: `/project/${id}/fttx/settings`, method: 'POST', body: settings }), invalidatesTags: ['Settings'],
    }),
    deleteFttxSettings: b.mutation<unknown, number>({ query: (id) => ({ url: `/project/${id}/fttx/settings`, method: 'DELETE' }), invalidatesTags: ['Settings'] }),
    exportFttxSettings: b.mutation<unknown, { id: number; settingsKey: string }>({
      query: ({ id, settingsKey }) => ({ url: `/project/${id}/fttx/settings/export`, method: 'POST', body: { settingsKey } }),
    }),
    config: b.query<AppConfig, void>({ query: () => ({ url: '/config', headers: bypassHeaders('catch', 'messages') }), keepUnusedDataFor: 3600 }),
    streetsmartConfig: b.query<Record<string, unknown>, void>({ query: () => '/config/streetsmart' }),
    verifyCyclomedia: b.mutation<unknown, Record<string, unknown>>({ query: (body) => ({ url: '/cyclomedia/verify', method: 'POST', body }) }),
    cyclomediaAtlas: b.query<unknown, number>({ query: (userId) => ({ url: '/cyclomedia/atlas', params: { userId } }) }),
  }),
});

export const {
  useLayerSettingsQuery, useSaveLayerSettingsMutation, useDeleteLayerSettingsMutation, useProfilesQuery, useConfigQuery,
} = settingsApi;
