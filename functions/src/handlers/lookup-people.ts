import { lookupPeopleSchema } from '@shared/people';
import { makePeopleQueries } from '../domain/people';
import { apiHandler, ok, validate } from '../platform/http';
import { userDirectory } from '../platform/user-directory';

// The directory only: this route touches no table.
const people = makePeopleQueries({ directory: userDirectory() });

export const handler = apiHandler('lookupPeople', async (request) => {
  const { emails } = validate(lookupPeopleSchema, request.body);
  return ok({ people: await people.lookup(emails) });
});
