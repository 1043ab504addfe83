import { buildClassAdminService } from '../composition/classes';
import { apiHandler, noContent, pathId } from '../platform/http';

const classes = buildClassAdminService();

export const handler = apiHandler('deleteClass', async (request, caller) => {
  await classes.remove(caller, pathId(request, 'classId'));
  return noContent();
});
