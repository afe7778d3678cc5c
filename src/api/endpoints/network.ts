// Network reads (spec 1 §7, spec 2 §7): network objects, object instances, object types and relation types of a
// project, with tags; DELETE network_object/all. Network-object reads ask for the Arrow form (network-response.ts). The save calls (creates, edits, deletes, attribute values) are in
// network-save.ts.
import { api } from '../api';
import type { NetworkObject, ObjectInstance, ObjectRelationType, ObjectType } from 'engine/types';
import { NetworkPayload, mergeRead, networkAccept, networkColumnsResponse, networkRowsResponse, wholeNetwork, type WholeNetwork } from '../network-response';
import type { MergeRead } from 'engine/merge';

/** Network object responses use a data field; list calls may also answer a bare array. */
type DataOf<T> = { data: T } | T;
const unwrap = <T>(r: DataOf<T>): T => (r && typeof r === 'object' && 'data' in (r as object) ? (r as { data: T }).data : (r as T));

/** Number of network objects and their box [minX, minY, maxX, maxY] in map units (null when there are none). */
export interface NetworkExtent { count: number; bbox: [number, number, number, number] | null }

export interface ProjectArg { projectId: number; scenarioId?: number | null }

const base = (projectId: number) => `/project/${projectId}`;
const scenario = (s?: number | null) => (s == null ? {} : { scenarioId: s });

export const networkApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The whole network of a project (Arrow: its columns, the model is built from them; JSON: wire objects), in a
     *  NetworkPayload (not drafted or frozen by Immer). */
    networkObjects: b.query<NetworkPayload<WholeNetwork>, ProjectArg & { objectTypeIds?: number[] }>({
      query: ({ projectId, scenarioId, objectTypeIds }) => ({
        url: `${base(projectId)}/network_object/all`,
        params: { ...scenario(scenarioId), includeWithoutObjectInstances: false, ...(objectTypeIds?.length ? { objectTypeIds: objectTypeIds.join(',') } : {}) },
        headers: { accept: networkAccept() }, responseHandler: networkColumnsResponse,
      }),
      transformResponse: (r: unknown) => new NetworkPayload(wholeNetwork(r)),
      providesTags: (_r, _e, a) => [{ type: 'NetworkObject', id: `project-${a.projectId}` }],
      keepUnusedDataFor: 0,
    }),
    /** Objects meeting a window (map units), with their closure: area loading of large projects (not cached:
     *  the area loader keeps what it merged; a NetworkPayload, not drafted or frozen by Immer). */
    networkObjectsInArea: b.query<NetworkPayload<MergeRead>, ProjectArg & { bbox: [number, number, number, number] }>({
      query: ({ projectId, scenarioId, bbox }) => ({
        url: `${base(projectId)}/network_object/all`,
        params: { ...scenario(scenarioId), includeWithoutObjectInstances: false, bbox: bbox.join(',') },
        headers: { accept: networkAccept() }, responseHandler: networkRowsResponse,
      }),
      transformResponse: (r: unknown) => new NetworkPayload(mergeRead(r)),
      keepUnusedDataFor: 0,
    }),
    /** Count and box of the project's network objects (GET network_object/extent; not shown in the spec). Kept 30 s
     *  unused: the workflow asks for it on entry and the map, once its code has loaded, takes that answer (a network
     *  save invalidates it). */
    networkExtent: b.query<NetworkExtent, ProjectArg>({
      query: ({ projectId, scenarioId }) => ({ url: `${base(projectId)}/network_object/extent`, params: scenario(scenarioId) }),
      transformResponse: (r: DataOf<NetworkExtent>) => unwrap(r),
      providesTags: (_r, _e, a) => [{ type: 'NetworkObject', id: `project-${a.projectId}` }],
      keepUnusedDataFor: 30,
    }),
    networkObject: b.query<NetworkObject, { projectId: number; id: string }>({
      query: ({ projectId, id }) => `${base(projectId)}/network_object/${encodeURIComponent(id)}`,
      transformResponse: (r: DataOf<NetworkObject>) => unwrap(r),
      providesTags: (_r, _e, a) => [{ type: 'NetworkObject', id: a.id }],
    }),
    nodeAt: b.query<NetworkObject | null, ProjectArg & { x: number; y: number }>({
      query: ({ projectId, x, y, scenarioId }) => ({ url: `${base(projectId)}/network_object/${x}/${y}`, params: scenario(scenarioId) }),
      transformResponse: (r: DataOf<NetworkObject | null>) => unwrap(r),
    }),
    /** DELETE network_object/all with an object type filter (not a save batch: the whole layer of a type). */
    deleteAllNetworkObjects: b.mutation<unknown, { projectId: number; objectTypeIds: number[] }>({
      query: ({ projectId, objectTypeIds }) => ({ url: `${base(projectId)}/network_object/all`, method: 'DELETE', params: { objectTypeIds: objectTypeIds.join(',') } }),
      invalidatesTags: ['NetworkObject'],
    }),
    objectInstances: b.query<ObjectInstance[], { projectId: number }>({
      query: ({ projectId }) => `${base(projectId)}/object_instance/all`,
      transformResponse: (r: DataOf<ObjectInstance[]>) => unwrap(r),
      providesTags: ['ObjectInstance'],
    }),
    objectInstance: b.query<ObjectInstance, { projectId: number; id: string }>({
      query: ({ projectId, id }) => `${base(projectId)}/object_instance/${encodeURIComponent(id)}`,
      transformResponse: (r: DataOf<ObjectInstance>) => unwrap(r),
      providesTags: (_r, _e, a) => [{ type: 'ObjectInstance', id: a.id }],
    }),
    objectTypes: b.query<ObjectType[], number>({
      query: (projectId) => `${base(projectId)}/object_type`,
      transformResponse: (r: DataOf<ObjectType[]>) => unwrap(r),
      providesTags: ['ObjectType'],
      keepUnusedDataFor: 600,
    }),
    relationTypes: b.query<ObjectRelationType[], number>({
      query: (projectId) => `${base(projectId)}/object_relation_type`,
      transformResponse: (r: DataOf<ObjectRelationType[]>) => unwrap(r),
      providesTags: ['RelationType'],
      keepUnusedDataFor: 600,
    }),
  }),
});

export const {
  useNetworkObjectsQuery, useNetworkObjectQuery, useObjectTypesQuery, useRelationTypesQuery, useObjectInstancesQuery,
} = networkApi;
