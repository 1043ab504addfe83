// Verifies an LMS's id_token with jose: the signature against the platform's JWKS (fetched once and cached per URL;
// a token naming a key id the cached set lacks fetches the set again, at most once per cooldown, so a platform's key
// rotation is picked up), then iss, aud and exp. jose's errors become the refusals the launch page names.
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { PlatformTokenVerifier } from '../port';
import { refuse, type LtiRefusal, type LtiRefusalReason } from '../refusals';

/** Tolerated clock difference for exp (seconds). */
const CLOCK_TOLERANCE_SECONDS = 60;

export interface KeySetOptions {
  /** How long a fetched set is used before it is fetched again anyway. */
  cacheMaxAgeMs?: number;
  /** The shortest time between two fetches for unknown key ids (a flood of bad kids fetches once). */
  cooldownMs?: number;
}

const REASON_OF_CLAIM: Record<string, LtiRefusalReason> = { iss: 'issuer', aud: 'audience', exp: 'expired', iat: 'issuedAt', nbf: 'issuedAt', nonce: 'nonce' };

function refusalOf(error: unknown): LtiRefusal {
  if (error instanceof errors.JWTExpired) return refuse('expired');
  if (error instanceof errors.JWTClaimValidationFailed) return refuse(REASON_OF_CLAIM[error.claim] ?? 'claims', error.claim);
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JOSEAlgNotAllowed) {
    return refuse('signature', error.code);
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid || error instanceof errors.JOSENotSupported) return refuse('malformedToken', error.code);
  // The rest is the key set's: a timeout, an invalid set, or the fetch itself failing (not a jose error).
  return refuse('keysUnavailable', error instanceof Error ? error.message : String(error));
}

/** `keySetFor` stands in for the platform's JWKS URL in tests (jose's createLocalJWKSet). */
export function makePlatformTokenVerifier(
  options: KeySetOptions & { keySetFor?: (jwksUrl: string) => JWTVerifyGetKey } = {},
): PlatformTokenVerifier {
  const keySets = new Map<string, JWTVerifyGetKey>();
  const keySetFor =
    options.keySetFor ??
    ((jwksUrl: string) => {
      let keySet = keySets.get(jwksUrl);
      if (!keySet) {
        keySet = createRemoteJWKSet(new URL(jwksUrl), { cacheMaxAge: options.cacheMaxAgeMs ?? 10 * 60_000, cooldownDuration: options.cooldownMs ?? 30_000 });
        keySets.set(jwksUrl, keySet);
      }
      return keySet;
    });
  return {
    async verify(token, platform) {
      try {
        const { payload } = await jwtVerify(token, keySetFor(platform.jwksUrl), {
          issuer: platform.issuer,
          audience: platform.clientId,
          // LTI 1.3 requires RS256 of platforms (Security Framework 6.1); nothing weaker or unsigned is accepted.
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'iat', 'nonce', 'sub'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        return payload;
      } catch (error) {
        throw refusalOf(error);
      }
    },
  };
}
