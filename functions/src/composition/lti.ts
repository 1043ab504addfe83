// Builds the LTI platform registrations' use cases over the table, the user pool (the audit trail's names) and the
// system clock and ids; the list route builds the queries over the table alone.
import { makeLtiPlatformQueries, makeLtiPlatformService } from '../lti/platforms';
import { randomIds, systemClock } from './system';
import { auditLog, ltiPlatformStore } from './table-stores';
import { userDirectory } from './user-directory';

export const buildLtiPlatformQueries = () => makeLtiPlatformQueries({ platforms: ltiPlatformStore() });

export const buildLtiPlatformService = () =>
  makeLtiPlatformService({ platforms: ltiPlatformStore(), directory: userDirectory(), audit: auditLog(), clock: systemClock, ids: randomIds });
