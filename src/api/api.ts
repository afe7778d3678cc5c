// The one RTK Query API of the app. Features add their endpoints with api.injectEndpoints in their own files
// (src/api/endpoints/*.ts); the base query (src/api/base-query.ts) applies the request rules of spec 1 §7–§8.
import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

export const TAG_TYPES = [
  'Session', 'User', 'Policy', 'Project', 'ProjectType', 'State', 'Property', 'Profile', 'LayerSetting', 'Settings',
  'NetworkObject', 'PathEdge', 'ObjectInstance', 'Relation', 'AttributeValue', 'ObjectType', 'RelationType',
  'Validation', 'Capex', 'Upload',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
