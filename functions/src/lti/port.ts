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

/**
 * Where the frame-ancestors sources of the registered platforms go after each change: a CloudFront key value store in
 * AWS, which the Web stack's function reads on every page; locally the server reads the registrations itself.
 */
export interface FrameAncestorsPublisher {
  publish(sources: string): Promise<void>;
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
  /** `renew`: the platform refused the cached token (401); ask for a new one. */
  tokenFor(platform: LtiPlatformRecord, scopes: string[], options?: { renew?: boolean }): Promise<string>;
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

// A launch's own records (lti-session): who a platform user is here, which class an LMS course is, the one-time code
// that signs the person in, and the deep linking requests waiting for the teacher's choice.

/** What a launch needs beyond the seam: the person of a platform user and the class of an LMS course. */
export interface LtiLaunchLinks extends LtiLinkStore {
  /** The person this platform user is, once a launch linked them. */
  personFor(platformId: string, sub: string): Promise<string | undefined>;
  /**
   * Links the platform user to a person, once: answers the person they are linked to (another launch's, when one
   * linked them first).
   */
  linkPerson(user: LtiPlatformUser): Promise<string>;
  /** The class this LMS course is, once a launch linked it. */
  classFor(platformId: string, contextId: string): Promise<string | undefined>;
  /** Links the course to a class, once: answers the class it is linked to (another launch's, when one was first). */
  linkClass(link: { platformId: string; contextId: string; classId: string }): Promise<string>;
}

/** A one-time sign-in code a launch hands to the browser, good for one person for a short while. */
export interface SignInCode {
  code: string;
  userId: string;
  /** Epoch seconds; the table's TTL removes the item later. */
  expiresAt: number;
}

export interface SignInCodeStore {
  put(code: SignInCode): Promise<void>;
  /** Uses the code up: true only once, for its own person, before it expires. */
  redeem(code: string, userId: string, nowSeconds: number): Promise<boolean>;
}

/**
 * A deep linking launch waiting for the teacher's choice (Deep Linking 2.0): its settings claim as the platform sent it,
 * kept server-side under a random id (the page `/lti/deep-link/{requestId}` names it) and bound to the teacher.
 */
export interface DeepLinkingRequest {
  requestId: string;
  /** The teacher who launched it: only they may answer it. */
  userId: string;
  platformId: string;
  deploymentId: string;
  /** The LMS course, when the launch named one, and its class here. */
  contextId?: string;
  classId?: string;
  /** The `deep_linking_settings` claim: `deep_link_return_url`, `accept_types`, `data` (echoed back unchanged) … */
  settings: Record<string, unknown> & { deep_link_return_url: string; data?: string };
  /** Epoch seconds after which it is gone (the table's TTL). */
  expiresAt: number;
  /** When the teacher answered it (the deep linking page): a request is answered once. */
  answeredAt?: string;
}

export interface DeepLinkingRequestStore {
  put(request: DeepLinkingRequest): Promise<void>;
  /** Undefined when there is none, or it expired. */
  get(requestId: string, nowSeconds: number): Promise<DeepLinkingRequest | undefined>;
  /** Records the one answer: false when it was answered already (or is gone), so a request is answered once. */
  markAnswered(requestId: string, answeredAt: string): Promise<boolean>;
}

/**
 * One score report waiting to be sent: ids only, so its sender reads the student's best score when it sends (a late
 * retry never posts an old score over a newer one). One per resource link, so one LMS that is down delays only its own.
 */
export interface LtiScoreMessage {
  classId: string;
  moduleId: string;
  studentId: string;
  platformId: string;
  resourceLinkId: string;
}

/** Where score reports wait to be sent: an SQS queue in AWS, the local stack's in-process queue on this machine. */
export interface ScoreQueue {
  send(messages: LtiScoreMessage[]): Promise<void>;
}

/** A score as AGS 2.0 posts it to a line item (application/vnd.ims.lis.v1.score+json). */
export interface LtiScore {
  userId: string;
  scoreGiven?: number;
  scoreMaximum?: number;
  activityProgress: 'Initialized' | 'Started' | 'InProgress' | 'Submitted' | 'Completed';
  gradingProgress: 'FullyGraded' | 'Pending' | 'PendingManual' | 'Failed' | 'NotReady';
  timestamp: string;
}

/** A platform's gradebook (AGS): posts a score to a line item; a refusal or an outage throws (the queue retries). */
export interface PlatformGradebook {
  postScore(platform: LtiPlatformRecord, lineItemUrl: string, score: LtiScore): Promise<void>;
}
