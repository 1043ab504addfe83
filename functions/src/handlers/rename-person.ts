import { renamePersonSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import { apiHandler, ok, pathId, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler('renamePerson', async (request, caller) => {
  const userId = pathId(request, 'userId');
  const { name } = validate(renamePersonSchema, request.body);
  return ok(await people.renamePerson(caller, userId, name));
});
