// The calls of the spec, transcribed row by row: spec 1 §7 (except GET /assets/i18n/{lang}.json, a static file),
// spec 2 §7 (every "Method and path" row and list item; "GET and PATCH" rows give two calls) and, from spec 3 §7,
// GET /api/proxy, GET /api/cyclomedia/surface-types and the project geoserver ows/wms reads. Read by the server and the
// client coverage tests.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SpecCall {
  method: Method;
  /** The spec's path with {params}, starting with /api. */
  path: string;
  spec: '1 §7' | '2 §7' | '3 §7';
  /** Public calls answer without a session (spec 1 §4 login flow; issue 4: login, totp/enabled, has-no-root, …). */
  public?: boolean;
}

const c = (method: Method, path: string, spec: SpecCall['spec'], pub = false): SpecCall => ({ method, path, spec, ...(pub ? { public: true } : {}) });
const s1 = (m: Method, p: string) => c(m, p, '1 §7');
const s2 = (m: Method, p: string, pub = false) => c(m, p, '2 §7', pub);

const P = '/api/project/{projectId}';

export const SPEC_CALLS: readonly SpecCall[] = [
  // Spec 1 §7 (network saves and reads, uploads).
  s1('PATCH', `${P}/attribute_value`),
  s1('POST', `${P}/object_instance_relation`),
  s1('DELETE', `${P}/object_instance_relation`),
  s1('POST', `${P}/path_edge`),
  s1('PUT', `${P}/path_edge`),
  s1('DELETE', `${P}/path_edge`),
  s1('POST', `${P}/network_object`),
  s1('PUT', `${P}/network_object`),
  s1('DELETE', `${P}/network_object`),
  s1('GET', `${P}/network_object/{id}`),
  s1('GET', `${P}/network_object/{x}/{y}`),
  s1('GET', `${P}/network_object/all`),
  s1('DELETE', `${P}/network_object/all`),
  s1('POST', '/api/upload/file'),
  s1('DELETE', '/api/upload/file/{uuid}'),

  // Spec 2 §7, users and sessions.
  s2('POST', '/api/user/login', true),
  s2('POST', '/api/user/session', true),
  s2('POST', '/api/user/session/logout', true),
  s2('GET', '/api/user/heartbeat', true),
  s2('GET', '/api/user/policies/'),
  s2('GET', '/api/user/policies/{id}'),
  s2('POST', '/api/user/tokens/password', true),
  s2('POST', '/api/user/password/reset', true),
  s2('POST', '/api/user/totp/enabled', true),
  s2('POST', '/api/user/activate', true),
  s2('POST', '/api/user'),
  s2('PUT', '/api/user/{id}'),
  s2('GET', '/api/user/all'),
  s2('GET', '/api/user/organisation/{id}'),
  s2('GET', '/api/user/{id}'),
  s2('DELETE', '/api/user/{id}'),
  s2('POST', '/api/user/recover/{id}'),
  s2('POST', '/api/user/agreement/accept'),
  s2('POST', '/api/user/permission/{id}'),
  s2('POST', '/api/user/email'),
  s2('POST', '/api/user/signup', true),
  s2('GET', '/api/user/adfs/login', true),
  s2('POST', '/api/user/adfs/login', true),
  s2('GET', '/api/user/has-no-root', true),
  s2('POST', '/api/user/create-root', true),
  s2('POST', '/api/user/verify-sso', true),
  s2('GET', '/api/user/settings/cyclomedia'),
  s2('PATCH', '/api/user/settings/cyclomedia'),
  s2('POST', '/api/cyclomedia/verify'),
  s2('GET', '/api/config/streetsmart'),
  s2('GET', '/api/config', true),
  s2('GET', '/api/cyclomedia/atlas'),
  s2('GET', '/api/user/settings/profiles'),
  s2('PATCH', '/api/user/settings/profiles'),

  // Spec 2 §7, projects and types.
  s2('GET', '/api/project/{projectId}'),
  s2('POST', '/api/project'),
  s2('PUT', '/api/project/edit/{projectId}'),
  s2('POST', `${P}/restore`),
  s2('DELETE', '/api/project/{projectId}'),
  s2('PATCH', `${P}/unlock`),
  s2('PUT', `${P}/property/value`),
  s2('GET', `${P}/property/value/all`),
  s2('GET', '/api/project/project/property/type/all'),
  s2('POST', `${P}/{type}/update-project-demarcation-area`),
  s2('POST', `${P}/in-use`),
  s2('GET', `${P}/in-use`),
  s2('GET', '/api/project_type/all'),
  s2('GET', '/api/state/project_type/{id}'),
  s2('GET', `${P}/object_type`),
  s2('GET', `${P}/object_relation_type`),
  s2('GET', `${P}/object_instance/all`),
  s2('GET', `${P}/object_instance/{id}`),
  s2('POST', `${P}/object_instance`),
  s2('PUT', `${P}/object_instance`),
  s2('DELETE', `${P}/object_instance`),
  s2('GET', `${P}/fttx/settings`),
  s2('POST', `${P}/fttx/settings`),
  s2('DELETE', `${P}/fttx/settings`),
  s2('POST', `${P}/fttx/settings/export`),
  s2('GET', '/api/profile'),
  s2('GET', '/api/profile/profile_type/{id}'),
  s2('GET', '/api/profile/project_type/{id}'),
  s2('POST', '/api/profile'),
  s2('PUT', '/api/profile/{uuid}'),
  s2('DELETE', '/api/profile/{uuid}'),
  s2('POST', '/api/event_log'),

  // Spec 2 §7, layer settings.
  s2('GET', '/api/user/layer_setting/{mapContext}'),
  s2('PATCH', '/api/user/layer_setting'),
  s2('DELETE', '/api/user/layer_setting/{mapContext}'),

  // Spec 2 §7, capex rule set and validation.
  s2('GET', `${P}/capex/rule_set`),
  s2('POST', `${P}/capex/rule_set`),
  s2('GET', `${P}/capex/rule_set/validate`),
  s2('POST', `${P}/capex/rule_set/validate`),
  s2('GET', `${P}/capex/rule_set/existing_terminal_demands`),
  s2('POST', `${P}/validations`),

  // Spec 3 §7 (the rows this coverage task owns).
  c('GET', '/api/proxy', '3 §7'),
  c('GET', '/api/cyclomedia/surface-types', '3 §7'),
  c('GET', `${P}/geoserver/{product}/ows`, '3 §7'),
  c('GET', `${P}/geoserver/{product}/wms`, '3 §7'),

  // Spec 3 §7, feature transaction (issue 12).
  c('POST', `${P}/geoserver/{product}/ows`, '3 §7'),

  // Spec 3 §7, fttx feature service (issue 12).
  c('GET', `${P}/fttx/{id}/properties`, '3 §7'),
  c('GET', `${P}/fttx/feature/{id}`, '3 §7'),
  c('DELETE', `${P}/fttx/feature/{id}`, '3 §7'),
  c('POST', `${P}/fttx/features/uuids`, '3 §7'),
  c('DELETE', `${P}/fttx/unused-trenches`, '3 §7'),
  c('POST', `${P}/fttx/vbo/bulk-delete`, '3 §7'),
  c('GET', `${P}/fttx/features/extent`, '3 §7'),
  c('GET', `${P}/fttx/features/count`, '3 §7'),
  c('GET', `${P}/fttx/features`, '3 §7'),
  c('GET', `${P}/fttx/features/{topologyId}`, '3 §7'),
  c('DELETE', `${P}/fttx/features`, '3 §7'),
  c('PATCH', `${P}/fttx/features/properties`, '3 §7'),
  c('PATCH', `${P}/fttx/cap/related-vbo-properties`, '3 §7'),
  c('PATCH', `${P}/fttx/cap/sync-vbos`, '3 §7'),
  c('PATCH', `${P}/fttx/vbo/sync-caps`, '3 §7'),
  c('DELETE', `${P}/fttx/cables/cap-related`, '3 §7'),
  c('POST', `${P}/fttx/dp/update-connections`, '3 §7'),
  c('GET', `${P}/fttx/cables/{id}/ducts`, '3 §7'),
  c('GET', `${P}/fttx/vbo/{id}/tk-info`, '3 §7'),
  c('GET', `${P}/fttx/dp/{id}/access-net-type`, '3 §7'),
  c('GET', `${P}/fttx/dp/area-access-net-types`, '3 §7'),

  // Spec 3 §7, geodata and cocon (issue 12).
  c('GET', '/api/geodata/wms/', '3 §7'),
  c('GET', '/api/geodata/tpg/wms', '3 §7'),
  c('GET', '/api/geodata', '3 §7'),
  c('GET', '/api/geodata/ows', '3 §7'),
  c('GET', '/api/cocon/cocon2/{z}/{x}/{y}', '3 §7'),
  c('GET', '/api/cocon/asbuilt/{z}/{x}/{y}', '3 §7'),
  c('GET', '/api/cocon/tabcabperc/{z}/{x}/{y}', '3 §7'),
  c('GET', '/api/cocon/{layer}', '3 §7'),
];

/** `{name}` → `:name` (Fastify's route syntax). */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** The spec path with its {params} filled from `values` (a missing value throws, naming it). */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    if (!(k in values)) throw new Error(`no value for {${k}} in ${path}`);
    return encodeURIComponent(String(values[k]));
  });
}

export const callName = (call: Pick<SpecCall, 'method' | 'path'>): string => `${call.method} ${call.path}`;
