// Access tokens for a platform's services (1EdTech Security Framework 4.1): the OAuth 2.0 client-credentials grant at
// the platform's token URL, the tool authenticating with a JWT client assertion (RFC 7523) signed by its own key
// (iss = sub = its client ID, aud = the token URL, a few minutes' life, a fresh jti). A token is kept per registration
// and scopes until a minute before it expires, so a class's scores share one; concurrent asks share one request.
import type { LtiPlatformRecord, PlatformServiceTokens, ToolKeyStore } from '../port';

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const ASSERTION_LIFETIME_SECONDS = 300;
/** A token is not used in its last minute: a call made with it may reach the platform after it expired. */
const RENEW_BEFORE_SECONDS = 60;
/** What a platform that answers no `expires_in` is taken to give (RFC 6749 leaves it optional). */
const DEFAULT_LIFETIME_SECONDS = 3600;
export const SERVICE_CALL_TIMEOUT_MS = 10_000;

/** A platform refused a service call or could not be reached: the message names the platform and its answer. */
export class PlatformServiceError extends Error {
  constructor(
    message: string,
    /** The platform's HTTP status; undefined when it could not be reached. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PlatformServiceError';
  }
}

export interface ServiceTokenOptions {
  keys: ToolKeyStore;
  fetch?: typeof fetch;
  /** Epoch milliseconds (tests move time on). */
  now?: () => number;
}

export function makePlatformServiceTokens({ keys, fetch: send = fetch, now = Date.now }: ServiceTokenOptions): PlatformServiceTokens {
  const tokens = new Map<string, Promise<{ accessToken: string; renewAt: number }>>();

  async function grant(platform: LtiPlatformRecord, scopes: string[]): Promise<{ accessToken: string; renewAt: number }> {
    const asked = now();
    const assertion = await keys.sign({ issuer: platform.clientId, audience: platform.accessTokenUrl, expiresInSeconds: ASSERTION_LIFETIME_SECONDS, claims: { sub: platform.clientId } });
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion, scope: scopes.join(' ') });
    const response = await send(platform.accessTokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: body.toString(),
      signal: AbortSignal.timeout(SERVICE_CALL_TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new PlatformServiceError(`The token endpoint of "${platform.name}" could not be reached: ${(error as Error).message}`);
    });
    const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
    if (!response.ok) {
      const reason = [answer.error, answer.error_description].filter((part) => typeof part === 'string').join(': ');
      throw new PlatformServiceError(`"${platform.name}" refused a service token for ${scopes.join(' ')} (HTTP ${response.status}${reason ? `, ${reason}` : ''})`, response.status);
    }
    if (typeof answer.access_token !== 'string' || !answer.access_token) {
      throw new PlatformServiceError(`The token endpoint of "${platform.name}" answered without an access_token`, response.status);
    }
    const lifetime = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : DEFAULT_LIFETIME_SECONDS;
    return { accessToken: answer.access_token, renewAt: asked + Math.max(0, lifetime - RENEW_BEFORE_SECONDS) * 1000 };
  }

  return {
    async tokenFor(platform, scopes, options = {}) {
      // The token URL and client ID are part of the key: an edited registration asks afresh.
      const key = JSON.stringify([platform.platformId, platform.accessTokenUrl, platform.clientId, [...scopes].sort()]);
      const cached = tokens.get(key);
      if (cached && !options.renew) {
        const held = await cached.catch(() => undefined);
        if (held && held.renewAt > now()) return held.accessToken;
      }
      const asking = grant(platform, scopes);
      tokens.set(key, asking);
      // A refusal is not kept: the next ask tries again.
      asking.catch(() => tokens.get(key) === asking && tokens.delete(key));
      return (await asking).accessToken;
    },
  };
}

/**
 * A call to a platform's service with a bearer token for `scopes`: a 401 (the platform revoked or forgot the token)
 * renews the token once and calls again. Answers the response, whatever its status.
 */
export async function callPlatformService(
  tokens: PlatformServiceTokens,
  platform: LtiPlatformRecord,
  scopes: string[],
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string },
  send: typeof fetch = fetch,
): Promise<Response> {
  const call = async (renew: boolean) => {
    const token = await tokens.tokenFor(platform, scopes, { renew });
    return send(url, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(SERVICE_CALL_TIMEOUT_MS) }).catch((error: unknown) => {
      throw new PlatformServiceError(`"${platform.name}" could not be reached at ${url}: ${(error as Error).message}`);
    });
  };
  const first = await call(false);
  return first.status === 401 ? call(true) : first;
}

/** The error of a service answer that is not a success: its status and the start of its body. */
export async function refusalOf(platform: LtiPlatformRecord, what: string, response: Response): Promise<PlatformServiceError> {
  const text = (await response.text().catch(() => '')).slice(0, 300);
  return new PlatformServiceError(`"${platform.name}" refused ${what} (HTTP ${response.status})${text ? `: ${text}` : ''}`, response.status);
}
