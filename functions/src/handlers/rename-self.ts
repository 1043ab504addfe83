import { renamePersonSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import { adminHandler } from '../platform/admin-handler';
import { ok, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = adminHandler('renameSelf', async (request, caller) => {
  const { name } = validate(renamePersonSchema, request.body);
  return ok(await people.renameSelf(caller, name));
});
