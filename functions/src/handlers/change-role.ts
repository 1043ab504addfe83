import { changeRoleSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import { apiHandler, ok, pathId, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler('changeRole', async (request, caller) => {
  const userId = pathId(request, 'userId');
  const { role } = validate(changeRoleSchema, request.body);
  return ok(await people.changeRole(caller, userId, role));
});
