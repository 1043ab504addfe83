import { buildClassAdminService } from '../composition/classes';
import { apiHandler, ok, pathId } from '../platform/http';

const classes = buildClassAdminService();

export const handler = apiHandler('unenrolStudent', async (request, caller) =>
  ok(await classes.unenrol(caller, pathId(request, 'classId'), pathId(request, 'studentId'))),
);
