// Builds the end-of-year use cases over the table, the user pool (the audit trail names admins) and the system clock;
// each school-year handler and the scheduled retention run call it once, at cold start.
import { makeRetentionRun, makeSchoolYearService } from '../school-year/school-year';
import { systemClock } from './system';
import { auditLog, classArchiveStore, classStore, retentionStore, rosterStore } from './table-stores';
import { userDirectory } from './user-directory';

export function buildSchoolYearService() {
  return makeSchoolYearService({
    classes: classStore(),
    rosters: rosterStore(),
    archive: classArchiveStore(),
    retention: retentionStore(),
    directory: userDirectory(),
    audit: auditLog(),
    clock: systemClock,
  });
}

/** The scheduled retention run alone: the table only (no user pool), the system clock. */
export function buildRetentionRun() {
  return makeRetentionRun({ rosters: rosterStore(), archive: classArchiveStore(), retention: retentionStore(), audit: auditLog(), clock: systemClock });
}
