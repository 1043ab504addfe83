// Builds the people use cases over the user pool and the table; each people handler calls it once, at cold start.
import { makePeopleService } from '../people/people';
import { systemClock } from './system';
import { auditLog, classStore, moduleStore, peopleIndex, personAccessStore, rosterStore } from './table-stores';
import { userDirectory } from './user-directory';
import { makeRosterNames, makeSchoolFigures } from '../people/adapters/school-adapters';

export function buildPeopleService() {
  const rosters = rosterStore();
  return makePeopleService({
    directory: userDirectory(),
    access: personAccessStore(),
    index: peopleIndex(),
    audit: auditLog(),
    clock: systemClock,
    rosters: makeRosterNames(classStore(), rosters),
    figures: makeSchoolFigures(rosters, moduleStore()),
  });
}
