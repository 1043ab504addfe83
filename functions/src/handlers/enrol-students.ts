import { enrolStudentsSchema } from '@shared/class-admin';
import { buildClassAdminService } from '../composition/classes';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId, validate } from '../platform/http';

const classes = buildClassAdminService();

export const handler = adminHandler('enrolStudents', async (request, caller) => {
  const classId = pathId(request, 'classId');
  const { studentIds } = validate(enrolStudentsSchema, request.body);
  return ok({ results: await classes.enrol(caller, classId, studentIds) });
});
