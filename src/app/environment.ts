// The deployment environment (local, dev, test, acceptance, production): the server's /api/config `environment`
// when given, else the build's VITE_APP_ENV, else 'dev' in the dev server and 'production' in a build.
export type AppEnvironment = string;

export function buildEnvironment(): AppEnvironment {
  const env = import.meta.env?.VITE_APP_ENV as string | undefined;
  if (env) return env;
  return import.meta.env?.DEV ? 'dev' : 'production';
}

/** Single sign-on is offered only in local and dev environments (spec 1 §2). */
export function ssoOffered(environment: AppEnvironment): boolean {
  return environment === 'local' || environment === 'dev';
}
