// Wires the people use cases to their adapters; each administration handler calls it once, at cold start.
import { makePeopleService } from '../domain/people';
import { systemClock } from '../platform/system';
import { auditLog, classStore, moduleStore } from '../platform/table-stores';
import { userDirectory } from '../platform/user-directory';
import { makeRosterNames, makeSchoolFigures } from '../repositories/school-adapters';

export function buildPeopleService() {
  const classes = classStore();
  return makePeopleService({
    directory: userDirectory(),
    audit: auditLog(),
    clock: systemClock,
    rosters: makeRosterNames(classes),
    figures: makeSchoolFigures(classes, moduleStore()),
  });
}
