// Settings of the calls that reach outside services (the map image proxy and the street-level imagery calls): read
// from the environment once per server (documented in server/README.md); tests override them with
// setExternalConfig(config, {...}) before the first call, the way ServerConfig.auth overrides the sign-in settings.
import type { ServerConfig } from '../config';
import { CATALOGUE } from '../../layers/catalogue';

export interface CyclomediaConfig {
  /** Address checked with the user's credentials (HTTP Basic) by POST /api/cyclomedia/verify; '' = not configured. */
  verifyUrl: string;
  /** Atlas (aerial street-level imagery) tile address handed to users with street-level credentials; '' = none. */
  atlasUrl: string;
  /** WFS of the street-level surface types read by GET /api/cyclomedia/surface-types; '' = not configured. */
  surfaceTypesUrl: string;
  surfaceTypesTypeName: string;
  /** Sent as the ApiKey header to the street-level services (STREETSMART_API_KEY). */
  apiKey: string;
}

export interface ExternalConfig {
  /** Hosts GET /api/proxy may reach: `host`, `host:port` or `*.domain`. */
  proxyAllowedHosts: string[];
  proxyTimeoutMs: number;
  proxyMaxBytes: number;
  cyclomedia: CyclomediaConfig;
}

/** Hosts of the catalogue layers that are sent through the proxy (the "configured hosts" of spec 3 §7). */
export function catalogueProxyHosts(): string[] {
  const hosts = new Set<string>();
  for (const entry of CATALOGUE) {
    const s = entry.source as { proxy?: boolean; url?: string } | undefined;
    if (!s?.proxy || !s.url || !/^https?:\/\//i.test(s.url)) continue;
    try { hosts.add(new URL(s.url.replace(/[{}]/g, '')).host.toLowerCase()); } catch { /* not a URL: skipped */ }
  }
  return [...hosts].sort();
}

const cache = new WeakMap<ServerConfig, ExternalConfig>();

export function externalConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ExternalConfig {
  const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : d);
  const extra = (env.PROXY_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  return {
    proxyAllowedHosts: [...new Set([...catalogueProxyHosts(), ...extra])],
    proxyTimeoutMs: num(env.PROXY_TIMEOUT_MS, 15_000),
    proxyMaxBytes: num(env.PROXY_MAX_BYTES, 20 * 1024 * 1024),
    cyclomedia: {
      verifyUrl: env.CYCLOMEDIA_VERIFY_URL ?? '',
      atlasUrl: env.CYCLOMEDIA_ATLAS_URL ?? '',
      surfaceTypesUrl: env.CYCLOMEDIA_SURFACE_TYPES_URL ?? '',
      surfaceTypesTypeName: env.CYCLOMEDIA_SURFACE_TYPES_TYPENAME ?? 'surface_types',
      apiKey: env.STREETSMART_API_KEY ?? '',
    },
  };
}

export function externalConfig(config: ServerConfig): ExternalConfig {
  let c = cache.get(config);
  if (!c) { c = externalConfigFromEnv(); cache.set(config, c); }
  return c;
}

/** Replaces parts of a server's external settings (tests: a fake upstream on loopback). */
export function setExternalConfig(config: ServerConfig, patch: Partial<Omit<ExternalConfig, 'cyclomedia'>> & { cyclomedia?: Partial<CyclomediaConfig> }): ExternalConfig {
  const cur = externalConfig(config);
  const next: ExternalConfig = { ...cur, ...patch, cyclomedia: { ...cur.cyclomedia, ...patch.cyclomedia } };
  cache.set(config, next);
  return next;
}

/**
 * Whether `url`'s host is on the allow-list. `host:port` allows that port only; a bare `host` allows the scheme's
 * default port only; `*.example.com` allows the subdomains of example.com (default port).
 */
export function hostAllowed(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  const hostPort = url.host.toLowerCase();
  return allowed.some((a) => {
    if (/:\d+$/.test(a)) return a === hostPort;
    if (url.port !== '') return false;
    if (a.startsWith('*.')) return host.endsWith(a.slice(1)) && host.length > a.length - 1;
    return a === host;
  });
}
