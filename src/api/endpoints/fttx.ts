// The fttx feature service of spec 3 §7 (/api/project/{id}/fttx; server/README.md "fttx feature service"): reads of
// the project's stored fttx features (GeoJSON, EPSG:3857) and the cap/vbo, dp, cable and trench writes. Every read
// provides the project's FttxFeature tag and every write invalidates it, so open reads refetch after a change.
// POST /fttx/features (file import) is in upload.ts.
import { api } from '../api';
import { bypassHeaders } from '../../shell/requests/headers';

export interface FttxFeature {
  type: 'Feature'; id: string;
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown> & { uuid: string; type: string; properties: string };
}
export interface FttxCollection { type: 'FeatureCollection'; features: FttxFeature[]; totalFeatures: number }
export const ACCESS_NET_TYPES = ['Dac', 'Mixed', 'MultiFu', 'NotConnected', 'Riser', 'BlownFiber'] as const;
export type AccessNetType = (typeof ACCESS_NET_TYPES)[number];

interface P { projectId: number }
/** GET /features: all given filters apply together; x/y hit within `tolerance` map units (server default 5). */
export interface FeatureQuery extends P {
  type?: string | string[]; x?: number; y?: number; tolerance?: number; area?: string; propKey?: string; propValues?: (string | number)[];
}
type Brief = { uuid: string; name: string | null } & Record<string, unknown>;
export interface TkInfo {
  vbo: Brief; cap: (Brief & { status: string }) | null; dp: Brief | null; dpArea: Brief | null; cables: Brief[]; accessNetType: AccessNetType;
}

const TAG = 'FttxFeature' as const;
const base = (projectId: number) => `/project/${projectId}/fttx`;
const list = (v?: string | (string | number)[]) => (v === undefined ? undefined : Array.isArray(v) ? v.join(',') : v);
const clean = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const tag = (projectId: number) => [{ type: TAG, id: projectId }];
const provides = (_r: unknown, _e: unknown, a: P) => tag(a.projectId);
const invalidates = (_r: unknown, _e: unknown, a: P) => tag(a.projectId);

export const fttxApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (b) => ({
    fttxFeatures: b.query<FttxCollection, FeatureQuery>({
      query: ({ projectId, type, propValues, ...q }) => ({
        url: `${base(projectId)}/features`, params: clean({ ...q, type: list(type), propValues: list(propValues) }),
      }),
      providesTags: provides,
    }),
    fttxFeaturesByTopology: b.query<FttxCollection, P & { topologyId: string }>({
      query: ({ projectId, topologyId }) => `${base(projectId)}/features/${encodeURIComponent(topologyId)}`, providesTags: provides,
    }),
    fttxExtent: b.query<{ extent: [number, number, number, number] | null; count: number; crs: string }, P & { types?: string[] }>({
      query: ({ projectId, types }) => ({ url: `${base(projectId)}/features/extent`, params: clean({ types: list(types) }) }), providesTags: provides,
    }),
    fttxCount: b.query<{ count: number; types: Record<string, number> }, P & { types?: string[] }>({
      query: ({ projectId, types }) => ({ url: `${base(projectId)}/features/count`, params: clean({ types: list(types) }) }), providesTags: provides,
    }),
    fttxFeature: b.query<FttxFeature, P & { id: string }>({ query: ({ projectId, id }) => `${base(projectId)}/feature/${id}`, providesTags: provides }),
    fttxProperties: b.query<Record<string, unknown>, P & { id: string }>({ query: ({ projectId, id }) => `${base(projectId)}/${id}/properties`, providesTags: provides }),
    fttxFeaturesByUuids: b.query<FttxCollection & { missing: string[] }, P & { uuids: string[] }>({
      query: ({ projectId, uuids }) => ({ url: `${base(projectId)}/features/uuids`, method: 'POST', body: { uuids } }), providesTags: provides,
    }),
    vboTkInfo: b.query<TkInfo, P & { id: string }>({ query: ({ projectId, id }) => `${base(projectId)}/vbo/${id}/tk-info`, providesTags: provides }),
    dpAccessNetType: b.query<{ accessNetType: AccessNetType }, P & { id: string }>({
      query: ({ projectId, id }) => `${base(projectId)}/dp/${id}/access-net-type`, providesTags: provides,
    }),
    /** Spec 3 §7: asks the UI not to show the loading indicator. */
    dpAreaAccessNetTypes: b.query<Record<string, AccessNetType>, P>({
      query: ({ projectId }) => ({ url: `${base(projectId)}/dp/area-access-net-types`, headers: bypassHeaders('loading') }), providesTags: provides,
    }),
    cableDucts: b.query<FttxCollection, P & { id: string }>({
      query: ({ projectId, id }) => `${base(projectId)}/cables/${encodeURIComponent(id)}/ducts`, providesTags: provides,
    }),

    deleteFttxFeature: b.mutation<{ deleted: number; uuid: string; type: string }, P & { id: string }>({
      query: ({ projectId, id }) => ({ url: `${base(projectId)}/feature/${id}`, method: 'DELETE' }), invalidatesTags: invalidates,
    }),
    /** Answers the number of features deleted. */
    deleteFttxFeatures: b.mutation<number, P & { types: string[] }>({
      query: ({ projectId, types }) => ({ url: `${base(projectId)}/features`, method: 'DELETE', params: { types: types.join(',') } }), invalidatesTags: invalidates,
    }),
    deleteUnusedTrenches: b.mutation<{ deleted: number; uuids: string[] }, P>({
      query: ({ projectId }) => ({ url: `${base(projectId)}/unused-trenches`, method: 'DELETE' }), invalidatesTags: invalidates,
    }),
    /** Spec 3 §5/§7: deleteOrphanedCaps defaults to true; bypasses the global error catcher. */
    bulkDeleteVbos: b.mutation<{ deleted: number; deletedVbos: string[]; deletedCaps: string[] }, P & { uuids: string[]; deleteOrphanedCaps?: boolean }>({
      query: ({ projectId, uuids, deleteOrphanedCaps = true }) => ({
        url: `${base(projectId)}/vbo/bulk-delete`, method: 'POST', body: { uuids, deleteOrphanedCaps }, headers: bypassHeaders('catch'),
      }),
      invalidatesTags: invalidates,
    }),
    patchFttxProperties: b.mutation<{ updateCount: number }, P & { items: { uuid: string; properties: Record<string, unknown> }[] }>({
      query: ({ projectId, items }) => ({ url: `${base(projectId)}/features/properties`, method: 'PATCH', body: { items } }), invalidatesTags: invalidates,
    }),
    patchCapRelatedVboProperties: b.mutation<{ updateCount: number }, P & { capUuids: string[]; vboProps?: Record<string, unknown>; capProps?: Record<string, unknown> }>({
      query: ({ projectId, ...body }) => ({ url: `${base(projectId)}/cap/related-vbo-properties`, method: 'PATCH', body }), invalidatesTags: invalidates,
    }),
    syncCapVbos: b.mutation<{ updateCount: number }, P & { capUuids: string[] }>({
      query: ({ projectId, capUuids }) => ({ url: `${base(projectId)}/cap/sync-vbos`, method: 'PATCH', body: { capUuids } }), invalidatesTags: invalidates,
    }),
    syncVboCaps: b.mutation<{ updateCount: number }, P & { capUuids: string[] }>({
      query: ({ projectId, capUuids }) => ({ url: `${base(projectId)}/vbo/sync-caps`, method: 'PATCH', body: { capUuids } }), invalidatesTags: invalidates,
    }),
    deleteCapRelatedCables: b.mutation<{ deleted: number; uuids: string[] }, P & { ids: string[] }>({
      query: ({ projectId, ids }) => ({ url: `${base(projectId)}/cables/cap-related`, method: 'DELETE', body: { ids } }), invalidatesTags: invalidates,
    }),
    updateDpConnections: b.mutation<{ updateCount: number; connections: Record<string, number> }, P>({
      query: ({ projectId }) => ({ url: `${base(projectId)}/dp/update-connections`, method: 'POST', body: {} }), invalidatesTags: invalidates,
    }),
  }),
});

export const {
  useFttxFeaturesQuery, useFttxFeaturesByTopologyQuery, useFttxExtentQuery, useFttxCountQuery, useFttxFeatureQuery,
  useFttxPropertiesQuery, useFttxFeaturesByUuidsQuery, useVboTkInfoQuery, useDpAccessNetTypeQuery, useDpAreaAccessNetTypesQuery,
  useCableDuctsQuery, useDeleteFttxFeatureMutation, useDeleteFttxFeaturesMutation, useDeleteUnusedTrenchesMutation,
  useBulkDeleteVbosMutation, usePatchFttxPropertiesMutation, usePatchCapRelatedVboPropertiesMutation, useSyncCapVbosMutation,
  useSyncVboCapsMutation, useDeleteCapRelatedCablesMutation, useUpdateDpConnectionsMutation,
} = fttxApi;
