// The runtime configuration (/config.json): the user pool, its app client and the API the app talks to.
import type { WebConfig } from '@shared/web-config';

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
