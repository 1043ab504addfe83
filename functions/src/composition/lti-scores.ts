// Builds the score sender (the queue's function, and the local stack's in-process queue): links, registrations,
// modules, checks and progress over the table; the platforms' gradebooks with tokens signed by the tool's keys.
import { makeAgsGradebook } from '../lti/adapters/ags-gradebook';
import { makePlatformServiceTokens } from '../lti/adapters/platform-service-tokens';
import { makeScoreSender } from '../lti/scores';
import { domainLog } from '../platform/logger';
import { toolKeyStore } from './lti';
import { systemClock } from './system';
import { checkStore, ltiLinkStore, ltiPlatformStore, moduleStore, progressStore } from './table-stores';

export const buildScoreSender = () =>
  makeScoreSender({
    links: ltiLinkStore(),
    platforms: ltiPlatformStore(),
    modules: moduleStore(),
    checks: checkStore(),
    progress: progressStore(),
    gradebook: makeAgsGradebook({ tokens: makePlatformServiceTokens({ keys: toolKeyStore() }) }),
    clock: systemClock,
    log: domainLog,
  });
