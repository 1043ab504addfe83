import { listPeopleQuerySchema } from '@shared/people';
import { makePeopleQueries } from '../domain/people';
import { adminHandler } from '../platform/admin-handler';
import { ok, validate } from '../platform/http';
import { userDirectory } from '../platform/user-directory';

// The directory only: this route touches no table.
const people = makePeopleQueries({ directory: userDirectory() });

export const handler = adminHandler('listPeople', async (request) => {
  // Empty parameters (an untouched filter) mean "any".
  const query = Object.fromEntries(Object.entries(request.query).filter(([, value]) => value !== undefined && value !== ''));
  return ok(await people.list(validate(listPeopleQuerySchema, query)));
});
