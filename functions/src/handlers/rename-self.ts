import { renamePersonSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import { apiHandler, ok, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler('renameSelf', async (request, caller) => {
  const { name } = validate(renamePersonSchema, request.body);
  return ok(await people.renameSelf(caller, name));
});
