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
 * Settles once the services are configured. The first paint does not wait for it (public pages need neither Amplify
 * nor the API); the session check does, so a session that is no longer loading means the services are configured.
 */
export const servicesConfigured = new Promise<AuthServices>((resolve) => {
  markServicesConfigured = resolve;
});

/** Loads the Amplify chunk (in parallel with /config.json when called at start), then configures it with `config`. */
export async function startServices(config: Promise<WebConfig>): Promise<void> {
  const [services, loaded] = await Promise.all([import('./auth-services'), config]);
  services.configureServices(loaded);
  markServicesConfigured(services);
}
