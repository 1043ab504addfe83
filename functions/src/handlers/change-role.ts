import { changeRoleSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = adminHandler('changeRole', async (request, caller) => {
  const userId = pathId(request, 'userId');
  const { role } = validate(changeRoleSchema, request.body);
  return ok(await people.changeRole(caller, userId, role));
});
