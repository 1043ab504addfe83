import { buildClassAdminService } from '../composition/classes';
import { adminHandler } from '../platform/admin-handler';
import { noContent, pathId } from '../platform/http';

const classes = buildClassAdminService();

export const handler = adminHandler('deleteClass', async (request, caller) => {
  await classes.remove(caller, pathId(request, 'classId'));
  return noContent();
});
