import { renameClassSchema } from '@shared/class-admin';
import { buildClassAdminService } from '../composition/classes';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId, validate } from '../platform/http';

const classes = buildClassAdminService();

export const handler = adminHandler('renameClass', async (request, caller) => {
  const classId = pathId(request, 'classId');
  const { className } = validate(renameClassSchema, request.body);
  return ok(await classes.rename(caller, classId, className));
});
