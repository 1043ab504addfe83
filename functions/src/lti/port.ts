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

/** What the tool signs: a deep linking response, or the client assertion of a service token request. */
export interface ToolJwtClaims {
  issuer: string;
  audience: string;
  expiresInSeconds: number;
  claims: Record<string, unknown>;
}

/** The tool's own key pair(s): the newest signs; every key still published verifies (a rotation overlaps). */
export interface ToolKeyStore {
  publicKeys(): Promise<PublicJwk[]>;
  /** An RS256 JWT signed with the newest key, its kid in the header, with iat, exp and a fresh jti. */
  sign(token: ToolJwtClaims): Promise<string>;
}

// The seams between the LTI Advantage parts: a launch (people, classes, links), deep linking, and the services the
// tool calls on a platform (AGS scores, NRPS memberships).

/** A resource link launched here: which module of which class it opens, and where that module's scores go. */
export interface LtiResourceLink {
  platformId: string;
  deploymentId: string;
  resourceLinkId: string;
  /** The LMS course (the launch's context claim), mapped to `classId`. */
  contextId: string;
  classId: string;
  moduleId: string;
  /** The AGS line item of this link (the endpoint claim's `lineitem`), when the platform gave one. */
  lineItemUrl?: string;
  /** The AGS scopes the platform granted with it (the endpoint claim's `scope`). */
  agsScopes: string[];
}

/** The platform user behind a person: the `userId` their scores are posted under. */
export interface LtiPlatformUser {
  platformId: string;
  /** The launch's `sub`. */
  sub: string;
  userId: string;
}

/** What launches record and the score reporter reads. */
export interface LtiLinkStore {
  /** Creates or refreshes the link (a later launch may bring a line item the first lacked). */
  putResourceLink(link: LtiResourceLink): Promise<void>;
  /** Every link that opens this module in this class: a score goes to each one's line item. */
  resourceLinksFor(classId: string, moduleId: string): Promise<LtiResourceLink[]>;
  platformUserFor(userId: string, platformId: string): Promise<LtiPlatformUser | undefined>;
}

/**
 * Access tokens for a platform's services: the client-credentials grant with a JWT assertion signed by the tool's key
 * (1EdTech Security Framework 4.1), cached until shortly before they expire.
 */
export interface PlatformServiceTokens {
  tokenFor(platform: LtiPlatformRecord, scopes: string[]): Promise<string>;
}

/** A member of an LMS course as NRPS 2.0 lists it. */
export interface NrpsMember {
  user_id: string;
  roles: string[];
  status?: 'Active' | 'Inactive' | 'Deleted';
  email?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
}

/** Reads a course's members (every page, following the Link header's `next`). */
export interface MembershipReader {
  members(platform: LtiPlatformRecord, contextMembershipsUrl: string): Promise<NrpsMember[]>;
}

/** Told when a student's best score on a module's checks may have changed; reports it to each linked line item. */
export interface ScoreReporter {
  bestScoreChanged(change: { classId: string; moduleId: string; studentId: string }): Promise<void>;
}

/**
 * A teacher's deep linking request (an LtiDeepLinkingRequest launch, Deep Linking 2.0 §4.4), kept from the launch
 * until the teacher answers it or it expires: the launch puts it, the deep linking page reads and answers it once.
 */
export interface LtiDeepLinkRequest {
  /** Unguessable: the page's address (`/lti-deep-link/{requestId}`) carries it. */
  requestId: string;
  platformId: string;
  deploymentId: string;
  /** The person the launch signed in: only they may answer it. */
  userId: string;
  /** The tool's launch URL on the origin the launch came to: the url of the content item the teacher chooses. */
  launchUrl: string;
  /** The settings' `deep_link_return_url`, where the browser posts the response. */
  returnUrl: string;
  /** The settings' `data`, echoed unchanged in the response when the platform sent one. */
  data?: string;
  /** The settings' `accept_types`: the response needs `ltiResourceLink` among them. */
  acceptTypes: string[];
  /** The settings' `accept_lineitem` (absent: true): false when the platform takes no line item with a link. */
  acceptLineItem: boolean;
  /** Epoch seconds after which it is refused (the table's TTL removes the item later). */
  expiresAt: number;
}

/** A deep linking request as read back: `answeredAt` once the teacher answered it. */
export type StoredLtiDeepLinkRequest = LtiDeepLinkRequest & { answeredAt?: string };

export interface LtiDeepLinkStore {
  put(request: LtiDeepLinkRequest): Promise<void>;
  get(requestId: string): Promise<StoredLtiDeepLinkRequest | undefined>;
  /** Records the one answer: false when it was answered already (or is gone), so a request is answered once. */
  markAnswered(requestId: string, answeredAt: string): Promise<boolean>;
}
