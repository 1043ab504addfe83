// What every endpoint of the twin shares: its addresses and registration with the tool, its signing key, the tool's
// keys, the course, and the single-use values (nonces, jti) it has seen.
import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import type { Course } from './course';

/** The tool's side of the registration, as an LMS administrator pastes it in. */
export interface ToolRegistration {
  /** OIDC login initiation URL (third-party initiated login). */
  loginUrl: string;
  /** The launch (redirect) URL: a registered redirect_uri and the target_link_uri of items without their own url. */
  launchUrl: string;
  /** Where deep linking requests go (also a registered redirect_uri). */
  deepLinkingUrl: string;
  /** The tool's public keys: deep linking responses and client assertions are verified against them. */
  jwksUrl: string;
}

export interface PlatformAddresses {
  url: string;
  issuer: string;
  clientId: string;
  deploymentId: string;
  authLoginUrl: string;
  accessTokenUrl: string;
  jwksUrl: string;
}

export interface Platform extends PlatformAddresses {
  tool: ToolRegistration;
  course: Course;
  signingKey: { privateKey: CryptoKey; kid: string };
  publicJwk: JWK;
  toolKeys: ReturnType<typeof createRemoteJWKSet>;
  /** Values a tool may use once (deep linking response nonces, client assertion jti), until they expire. */
  oneTime: OneTimeValues;
  /** The number of score posts still to answer 503 (setScoreOutage). */
  scoreOutage: number;
}

export class OneTimeValues {
  private readonly seen = new Map<string, number>();

  /** False if `value` was used before under `kind`; remembers it until `expiresAtSeconds`. */
  use(kind: string, value: string, expiresAtSeconds: number): boolean {
    const now = Date.now();
    for (const [key, expires] of this.seen) if (expires < now) this.seen.delete(key);
    const key = `${kind}\u0000${value}`;
    if (this.seen.has(key)) return false;
    this.seen.set(key, Math.max(expiresAtSeconds * 1000, now + 60_000));
    return true;
  }
}

export const CLIENT_ID = 'learning-paths-local';
export const DEPLOYMENT_ID = 'local-deployment-1';

export function addresses(url: string): PlatformAddresses {
  return {
    url,
    issuer: url,
    clientId: CLIENT_ID,
    deploymentId: DEPLOYMENT_ID,
    authLoginUrl: `${url}/auth`,
    accessTokenUrl: `${url}/token`,
    jwksUrl: `${url}/.well-known/jwks.json`,
  };
}

/** A fresh RSA key per start: nothing outlives the process, and tools fetch the JWKS by its URL. */
export async function signingKey(): Promise<{ signingKey: Platform['signingKey']; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
  const kid = `lms-${randomUUID().slice(0, 8)}`;
  return { signingKey: { privateKey, kid }, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** A sentence naming what a jose verification refused. */
export function describeJwtError(error: unknown, what: string): string {
  const { code, claim, reason } = error as { code?: string; claim?: string; reason?: string };
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return `The ${what} has expired (exp is in the past).`;
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return `The ${what}'s ${claim} claim is wrong (${reason === 'missing' ? 'missing' : (error as Error).message}).`;
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return `The ${what}'s signature does not verify against the tool's JWKS.`;
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return `The tool's JWKS has no key matching the ${what}'s kid.`;
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JOSE_GENERIC':
      return `The tool's JWKS could not be fetched to verify the ${what}: ${(error as Error).message}`;
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return `The ${what} is not a valid signed JWT: ${(error as Error).message}`;
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return `The ${what} must be signed with RS256.`;
    default:
      return `The ${what} could not be verified: ${(error as Error).message}`;
  }
}
