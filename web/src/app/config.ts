// Start-up wiring: the runtime configuration (/config.json) and the services configured from it.
import { Amplify } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';
import { ConsoleLogger } from 'aws-amplify/utils';
import type { WebConfig } from '../../../shared/web-config';
import { setAuthFlowType } from '../features/auth/auth-flow';
import { configureApi } from '../lib/api-client';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Fetches and validates /config.json; throws a ConfigError saying what is wrong. */
export async function loadWebConfig(fetchImpl: typeof fetch = fetch): Promise<WebConfig> {
  // The schema (and zod with it) is its own chunk, downloaded while /config.json is fetched: it is needed only here,
  // so it stays out of the entry chunk.
  const schemaModule = import('../../../shared/web-config');
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

let markServicesConfigured: () => void = () => undefined;

/**
 * Settles once configureServices has run. The first paint does not wait for it (public pages need neither Amplify nor
 * the API); the session check does, so a session that is no longer loading means the services are configured.
 */
export const servicesConfigured = new Promise<void>((resolve) => {
  markServicesConfigured = resolve;
});

export function configureServices(config: WebConfig) {
  // With a local identity server Amplify warns, on every page load, that a custom endpoint is in use: that is the
  // point of the setting, so this one configure call runs with warnings off.
  const logLevel = ConsoleLogger.LOG_LEVEL;
  if (config.userPoolEndpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
  } finally {
    ConsoleLogger.LOG_LEVEL = logLevel;
  }
  setAuthFlowType(config.authFlowType);
  configureApi({
    baseUrl: config.apiBaseUrl,
    getAccessToken: async () => (await fetchAuthSession()).tokens?.accessToken?.toString(),
  });
  markServicesConfigured();
}
