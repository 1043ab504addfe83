// Start-up wiring: the runtime configuration (/config.json) and the services configured from it.
import type { WebConfig } from '@shared/web-config';
import type { AuthServices } from './auth-services';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Fetches and validates /config.json; throws a ConfigError saying what is wrong. */
export async function loadWebConfig(fetchImpl: typeof fetch = fetch): Promise<WebConfig> {
  // The schema (and zod with it) is its own chunk, downloaded while /config.json is fetched: it is needed only here,
  // so it stays out of the entry chunk.
  const schemaModule = import('@shared/web-config');
  schemaModule.catch(() => undefined); // A failed chunk is reported when awaited below, not as an unhandled rejection.
  let response: Response;
  try {
    response = await fetchImpl('/config.json', { cache: 'no-store' });
  } catch {
    throw new ConfigError('The server could not be reached.');
  }
  if (!response.ok) throw new ConfigError(`The server answered ${response.status} for /config.json.`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError('/config.json is not valid JSON.');
  }
  const { webConfigSchema } = await schemaModule;
  const parsed = webConfigSchema.safeParse(body);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(root)'))].join(', ');
    throw new ConfigError(`/config.json is missing or has invalid settings: ${fields}.`);
  }
  return parsed.data;
}

let markServicesConfigured: (services: AuthServices) => void = () => undefined;

/**
 * Settles once the services are configured, whoever started them. The first paint does not wait for it (public pages
 * need neither Amplify nor the API); a session check does, so a session that is no longer loading after a check means
 * the services are configured.
 */
export const servicesConfigured = new Promise<AuthServices>((resolve) => {
  markServicesConfigured = resolve;
});

let started: Promise<AuthServices> | undefined;

/**
 * Loads the Amplify chunk (in parallel with `config`), then configures it with the configuration. Calls answer the
 * promise of the first, unless it failed: then the next call starts again.
 */
export function startServices(config: Promise<WebConfig>): Promise<AuthServices> {
  if (started) return started;
  const attempt = (async () => {
    const [services, loaded] = await Promise.all([import('./auth-services'), config]);
    services.configureServices(loaded);
    markServicesConfigured(services);
    return services;
  })();
  // A chunk that did not arrive (the connection dropped before the first sign-in) is fetched again on the next try,
  // rather than failing every sign-in until the page is reloaded.
  attempt.catch(() => {
    if (started === attempt) started = undefined;
  });
  started = attempt;
  return attempt;
}

/** Amplify's localStorage key for the user signed in last: `CognitoIdentityServiceProvider.<app client>.LastAuthUser`. */
const LAST_AUTH_USER_KEY = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/;

/**
 * Whether this browser may hold a signed-in user's tokens. Amplify keeps them in localStorage beside a LastAuthUser
 * key, which it writes on sign-in and removes on sign-out. Without one, nobody is signed in, and the start-up session
 * check can answer so without loading Amplify (its largest chunk) on a first visit. Storage that cannot be read says
 * yes: Amplify then decides, as before.
 */
export function mayHaveStoredSession(storage: Pick<Storage, 'length' | 'key'> = window.localStorage): boolean {
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (LAST_AUTH_USER_KEY.test(storage.key(index) ?? '')) return true;
    }
    return false;
  } catch {
    return true;
  }
}
