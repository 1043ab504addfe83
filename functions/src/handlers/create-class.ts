import { createClassSchema } from '@shared/class-admin';
import { buildClassAdminService } from '../composition/classes';
import { adminHandler } from '../platform/admin-handler';
import { created, ok, validate } from '../platform/http';

const classes = buildClassAdminService();

// 201 for a new class, 200 when the client's `classId` names the class an earlier submit of the same form created.
export const handler = adminHandler('createClass', async (request, caller) => {
  const result = await classes.create(caller, validate(createClassSchema, request.body));
  return result.created ? created(result.detail) : ok(result.detail);
});
