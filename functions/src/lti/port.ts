// What the LTI tool keeps: the platforms (LMSs) an admin registered.
import type { LtiPlatform } from '@shared/contract/lti';

export type LtiPlatformRecord = LtiPlatform;

export type ReplaceOutcome = 'replaced' | 'missing' | 'taken';

/**
 * The registered platforms. A platform is found at launch by its issuer and client ID, which no two registrations
 * share: the store holds that pair unique itself, in the same write as the registration.
 */
export interface LtiPlatformStore {
  list(): Promise<LtiPlatformRecord[]>;
  get(platformId: string): Promise<LtiPlatformRecord | undefined>;
  /** False when another registration holds this issuer and client ID. */
  insert(record: LtiPlatformRecord): Promise<boolean>;
  /**
   * Replaces the registration `before` (as read) with `after`: `missing` when it was removed or changed since the read,
   * `taken` when another registration holds the new issuer and client ID.
   */
  replace(before: LtiPlatformRecord, after: LtiPlatformRecord): Promise<ReplaceOutcome>;
  /** False when it was removed already. */
  remove(record: LtiPlatformRecord): Promise<boolean>;
}

/** A login started here (OIDC third-party initiated login): its state, the nonce sent with it, the platform asked. */
export interface LoginHandshake {
  state: string;
  nonce: string;
  platformId: string;
  /** Epoch seconds after which the launch is refused (the table's TTL removes the item later). */
  expiresAt: number;
}

export interface LoginHandshakeStore {
  put(handshake: LoginHandshake): Promise<void>;
  /** Removes and answers the handshake of this state; undefined when there is none (never started, or used already). */
  take(state: string): Promise<LoginHandshake | undefined>;
}

/** The claims of an id_token whose signature, issuer, audience and expiry hold against the platform's keys. */
export type VerifiedClaims = Record<string, unknown>;

/**
 * Verifies a platform's signed token against its published keys (fetched, cached, fetched again for an unknown key
 * id) and its issuer, audience and expiry; throws an LtiRefusal naming what failed.
 */
export interface PlatformTokenVerifier {
  verify(token: string, platform: Pick<LtiPlatformRecord, 'issuer' | 'clientId' | 'jwksUrl'>): Promise<VerifiedClaims>;
}

/** A public key as a JWKS lists it. */
export type PublicJwk = Record<string, unknown> & { kid: string; kty: string };

/** The tool's own key pair(s): the newest signs; every key still published verifies (a rotation overlaps). */
export interface ToolKeyStore {
  publicKeys(): Promise<PublicJwk[]>;
}
