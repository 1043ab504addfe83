// Builds the LTI use cases: the platform registrations over the table, the user pool (the audit trail's names), the
// edge's list of LMSs that may frame the app, and the system clock and ids (the list route: the queries over the table alone); login and launch over the registrations,
// the login handshakes and the platforms' keys; the tool's own keys; what a launch does (people, classes, NRPS, the
// sign-in code) over the table, the user pool and the class use cases; deep linking over the requests, the teacher's
// modules and checks and the tool's keys.
import { randomBytes } from 'node:crypto';
import { makeMembershipReader } from '../lti/adapters/nrps-membership-reader';
import { makePlatformServiceTokens } from '../lti/adapters/platform-service-tokens';
import { makePlatformTokenVerifier } from '../lti/adapters/platform-token-verifier';
import { fileToolKeyStore, secretToolKeyStore } from '../lti/adapters/tool-keys';
import { makeLtiDeepLinkingService } from '../lti/deep-linking';
import { makeLtiLaunchService } from '../lti/launch';
import type { FrameAncestorsPublisher, ToolKeyStore } from '../lti/port';
import { makeFrameAncestorsStore } from '../lti/adapters/frame-ancestors-store';
import { LTI_FRAME_ANCESTORS_STORE_ENV, READ_FROM_REGISTRATIONS } from '@shared/lti';
import { requiredEnv } from '../platform/env';
import { makeLtiSession } from '../lti/session';
import { domainLog } from '../platform/logger';
import { buildClassAdminService } from './class-admin';
import { buildClassService } from './classes';
import { makeLtiPlatformQueries, makeLtiPlatformService } from '../lti/platforms';
import { randomIds, systemClock } from './system';
import { auditLog, checkStore, classStore, deepLinkingRequestStore, handshakeStore, ltiLinkStore, ltiPlatformStore, moduleStore, peopleIndex, signInCodeStore } from './table-stores';
import { userDirectory } from './user-directory';

export const buildLtiPlatformQueries = () => makeLtiPlatformQueries({ platforms: ltiPlatformStore() });

export const buildLtiPlatformService = () =>
  makeLtiPlatformService({ platforms: ltiPlatformStore(), directory: userDirectory(), audit: auditLog(), clock: systemClock, ids: randomIds, frameAncestors: frameAncestorsPublisher() });

/**
 * Where the registrations' frame-ancestors go: the CloudFront key value store LTI_FRAME_ANCESTORS_STORE names in AWS;
 * `registrations` on this machine, where the local server reads the registrations themselves for every page.
 */
function frameAncestorsPublisher(): FrameAncestorsPublisher {
  const store = requiredEnv(LTI_FRAME_ANCESTORS_STORE_ENV);
  return store === READ_FROM_REGISTRATIONS ? { publish: async () => undefined } : makeFrameAncestorsStore(store);
}

/** The tool's keys: a Secrets Manager secret in AWS, a file the local stack writes under .local. */
export function toolKeyStore() {
  const secretId = process.env.LTI_TOOL_KEYS_SECRET_ID;
  if (secretId) return secretToolKeyStore(secretId);
  const file = process.env.LTI_TOOL_KEYS_FILE;
  if (!file) throw new Error('Environment variable LTI_TOOL_KEYS_SECRET_ID is not set (nor LTI_TOOL_KEYS_FILE, its stand-in on this machine)');
  return fileToolKeyStore(file);
}

/** For the functions deployed without the tool's keys (their routes sign nothing): a use of them is a bug. */
const keysNotDeployed = (): never => {
  throw new Error('This function is not deployed with the LTI tool keys (its route has no toolKeys).');
};
const noToolKeys: ToolKeyStore = { publicKeys: keysNotDeployed, sign: keysNotDeployed };

const randomToken = () => randomBytes(32).toString('base64url');

export const buildLtiSession = () =>
  makeLtiSession({
    links: ltiLinkStore(),
    directory: userDirectory(),
    index: peopleIndex(),
    classAdmin: buildClassAdminService(),
    classService: buildClassService(),
    classes: classStore(),
    members: makeMembershipReader({ tokens: makePlatformServiceTokens({ keys: toolKeyStore() }) }),
    signInCodes: signInCodeStore(),
    deepLinking: deepLinkingRequestStore(),
    clock: systemClock,
    randomToken,
    log: domainLog,
  });

export const buildLtiLaunchService = () =>
  makeLtiLaunchService({
    platforms: ltiPlatformStore(),
    handshakes: handshakeStore(),
    verifier: makePlatformTokenVerifier(),
    clock: systemClock,
    randomToken,
  });

/** A teacher's deep linking requests over the table, their modules and checks, and the tool's keys. */
export const buildLtiDeepLinkingService = ({ signs = false }: { signs?: boolean } = {}) =>
  makeLtiDeepLinkingService({
    requests: deepLinkingRequestStore(),
    platforms: ltiPlatformStore(),
    modules: moduleStore(),
    checks: checkStore(),
    keys: signs ? toolKeyStore() : noToolKeys,
    clock: systemClock,
    randomToken,
  });
