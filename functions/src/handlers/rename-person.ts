import { renamePersonSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = adminHandler('renamePerson', async (request, caller) => {
  const userId = pathId(request, 'userId');
  const { name } = validate(renamePersonSchema, request.body);
  return ok(await people.renamePerson(caller, userId, name));
});
