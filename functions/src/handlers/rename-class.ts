import { renameClassSchema } from '@shared/class-admin';
import { buildClassAdminService } from '../composition/classes';
import { apiHandler, ok, pathId, validate } from '../platform/http';

const classes = buildClassAdminService();

export const handler = apiHandler('renameClass', async (request, caller) => {
  const classId = pathId(request, 'classId');
  const { className } = validate(renameClassSchema, request.body);
  return ok(await classes.rename(caller, classId, className));
});
