// Base query for every API call (foundation version: plain fetch under /api). The shell work adds the request
// rules: bearer token, X-Language, bypass headers, X-CacheRequest cache, 401 retry, error and notification handling.
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';

export const baseQuery = fetchBaseQuery({ baseUrl: '/api' });
