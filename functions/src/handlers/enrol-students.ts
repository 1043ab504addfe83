import { enrolStudentsSchema } from '@shared/class-admin';
import { buildClassAdminService } from '../composition/classes';
import { apiHandler, ok, pathId, validate } from '../platform/http';

const classes = buildClassAdminService();

export const handler = apiHandler('enrolStudents', async (request, caller) => {
  const classId = pathId(request, 'classId');
  const { studentIds } = validate(enrolStudentsSchema, request.body);
  return ok({ results: await classes.enrol(caller, classId, studentIds) });
});
