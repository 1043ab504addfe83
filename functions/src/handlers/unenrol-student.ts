import { buildClassAdminService } from '../composition/classes';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId } from '../platform/http';

const classes = buildClassAdminService();

export const handler = adminHandler('unenrolStudent', async (request, caller) =>
  ok(await classes.unenrol(caller, pathId(request, 'classId'), pathId(request, 'studentId'))),
);
