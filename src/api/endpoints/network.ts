// Network calls (spec 1 §7, spec 2 §7): network objects, path edges, object instances, relations, attribute values,
// object types and relation types of a project, with tags. The save flow's batches go through network-save.ts.
import { api } from '../api';
import type {
  AttributeValue, NetworkObject, ObjectInstance, ObjectRelationType, ObjectType, PathEdge, Relation,
} from 'engine/types';

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
    networkObjects: b.query<NetworkObject[], ProjectArg & { objectTypeIds?: number[] }>({
      query: ({ projectId, scenarioId, objectTypeIds }) => ({
        url: `${base(projectId)}/network_object/all`,
        params: { ...scenario(scenarioId), includeWithoutObjectInstances: false, ...(objectTypeIds?.length ? { objectTypeIds: objectTypeIds.join(',') } : {}) },
      }),
      transformResponse: (r: DataOf<NetworkObject[]>) => unwrap(r),
      providesTags: (_r, _e, a) => [{ type: 'NetworkObject', id: `project-${a.projectId}` }],
      keepUnusedDataFor: 0,
    }),
    /** Objects meeting a window (map units), with their closure: area loading of large projects (not cached:
     *  the area loader keeps what it merged). */
    networkObjectsInArea: b.query<NetworkObject[], ProjectArg & { bbox: [number, number, number, number] }>({
      query: ({ projectId, scenarioId, bbox }) => ({
        url: `${base(projectId)}/network_object/all`,
        params: { ...scenario(scenarioId), includeWithoutObjectInstances: false, bbox: bbox.join(',') },
      }),
      transformResponse: (r: DataOf<NetworkObject[]>) => unwrap(r),
      keepUnusedDataFor: 0,
    }),
    /** Count and box of the project's network objects (GET network_object/extent; not shown in the spec). */
    networkExtent: b.query<NetworkExtent, ProjectArg>({
      query: ({ projectId, scenarioId }) => ({ url: `${base(projectId)}/network_object/extent`, params: scenario(scenarioId) }),
      transformResponse: (r: DataOf<NetworkExtent>) => unwrap(r),
      providesTags: (_r, _e, a) => [{ type: 'NetworkObject', id: `project-${a.projectId}` }],
      keepUnusedDataFor: 0,
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
    createNetworkObjects: b.mutation<unknown, ProjectArg & { objects: NetworkObject[] }>({
      query: ({ projectId, scenarioId, objects }) => ({ url: `${base(projectId)}/network_object`, method: 'POST', body: objects, params: scenario(scenarioId) }),
      invalidatesTags: (_r, _e, a) => [{ type: 'NetworkObject', id: `project-${a.projectId}` }],
    }),
    editNetworkObjects: b.mutation<unknown, { projectId: number; objects: NetworkObject[] }>({
      query: ({ projectId, objects }) => ({ url: `${base(projectId)}/network_object`, method: 'PUT', body: objects }),
      invalidatesTags: (_r, _e, a) => [{ type: 'NetworkObject', id: `project-${a.projectId}` }],
    }),
    deleteNetworkObjects: b.mutation<unknown, { projectId: number; networkObjectIds: string[] }>({
      query: ({ projectId, networkObjectIds }) => ({ url: `${base(projectId)}/network_object`, method: 'DELETE', body: { networkObjectIds } }),
      invalidatesTags: (_r, _e, a) => [{ type: 'NetworkObject', id: `project-${a.projectId}` }],
    }),
    deleteAllNetworkObjects: b.mutation<unknown, { projectId: number; objectTypeIds: number[] }>({
      query: ({ projectId, objectTypeIds }) => ({ url: `${base(projectId)}/network_object/all`, method: 'DELETE', params: { objectTypeIds: objectTypeIds.join(',') } }),
      invalidatesTags: (_r, _e, a) => [{ type: 'NetworkObject', id: `project-${a.projectId}` }],
    }),
    createPathEdges: b.mutation<unknown, { projectId: number; pathEdges: PathEdge[] }>({
      query: ({ projectId, pathEdges }) => ({ url: `${base(projectId)}/path_edge`, method: 'POST', body: pathEdges }),
      invalidatesTags: ['PathEdge'],
    }),
    editPathEdges: b.mutation<unknown, { projectId: number; pathEdges: PathEdge[] }>({
      query: ({ projectId, pathEdges }) => ({ url: `${base(projectId)}/path_edge`, method: 'PUT', body: pathEdges }),
      invalidatesTags: ['PathEdge'],
    }),
    deletePathEdges: b.mutation<unknown, { projectId: number; ids: string[] }>({
      query: ({ projectId, ids }) => ({ url: `${base(projectId)}/path_edge`, method: 'DELETE', body: { ids } }),
      invalidatesTags: ['PathEdge'],
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
    createObjectInstances: b.mutation<unknown, { projectId: number; instances: ObjectInstance[] }>({
      query: ({ projectId, instances }) => ({ url: `${base(projectId)}/object_instance`, method: 'POST', body: instances }),
      invalidatesTags: ['ObjectInstance'],
    }),
    editObjectInstances: b.mutation<unknown, { projectId: number; instances: ObjectInstance[] }>({
      query: ({ projectId, instances }) => ({ url: `${base(projectId)}/object_instance`, method: 'PUT', body: instances }),
      invalidatesTags: ['ObjectInstance'],
    }),
    deleteObjectInstances: b.mutation<unknown, { projectId: number; ids: string[] }>({
      query: ({ projectId, ids }) => ({ url: `${base(projectId)}/object_instance`, method: 'DELETE', body: ids }),
      invalidatesTags: ['ObjectInstance'],
    }),
    createRelations: b.mutation<unknown, { projectId: number; relations: Relation[] }>({
      query: ({ projectId, relations }) => ({ url: `${base(projectId)}/object_instance_relation`, method: 'POST', body: relations }),
      invalidatesTags: ['Relation'],
    }),
    deleteRelations: b.mutation<unknown, { projectId: number; relations: Relation[] }>({
      query: ({ projectId, relations }) => ({ url: `${base(projectId)}/object_instance_relation`, method: 'DELETE', body: { objectInstanceRelations: relations } }),
      invalidatesTags: ['Relation'],
    }),
    editAttributeValues: b.mutation<unknown, { projectId: number; values: AttributeValue[] }>({
      query: ({ projectId, values }) => ({ url: `${base(projectId)}/attribute_value`, method: 'PATCH', body: values }),
      invalidatesTags: ['AttributeValue'],
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
  useCreateNetworkObjectsMutation, useEditNetworkObjectsMutation, useDeleteNetworkObjectsMutation,
  useEditAttributeValuesMutation,
} = networkApi;
