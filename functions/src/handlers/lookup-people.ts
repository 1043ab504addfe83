import { lookupPeopleSchema } from '@shared/people';
import { makePeopleQueries } from '../domain/people';
import { adminHandler } from '../platform/admin-handler';
import { ok, validate } from '../platform/http';
import { userDirectory } from '../platform/user-directory';

// The directory only: this route touches no table.
const people = makePeopleQueries({ directory: userDirectory() });

export const handler = adminHandler('lookupPeople', async (request) => {
  const { emails } = validate(lookupPeopleSchema, request.body);
  return ok({ people: await people.lookup(emails) });
});
