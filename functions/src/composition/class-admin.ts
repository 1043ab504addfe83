// Builds the class administration use cases over the table, the user pool and the system clock and ids; each class
// administration handler that changes classes calls it once, at cold start.
import { makeClassAdminService } from '../rosters/class-admin';
import { randomIds, systemClock } from './system';
import { auditLog, classStore, personAccessStore, progressStore, rosterStore } from './table-stores';
import { userDirectory } from './user-directory';

export function buildClassAdminService() {
  return makeClassAdminService({
    classes: classStore(),
    rosters: rosterStore(),
    progress: progressStore(),
    directory: userDirectory(),
    access: personAccessStore(),
    audit: auditLog(),
    clock: systemClock,
    ids: randomIds,
  });
}
