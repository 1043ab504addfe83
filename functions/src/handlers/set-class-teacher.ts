import { setClassTeacherSchema } from '@shared/class-admin';
import { buildClassAdminService } from '../composition/classes';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId, validate } from '../platform/http';

const classes = buildClassAdminService();

export const handler = adminHandler('setClassTeacher', async (request, caller) => {
  const classId = pathId(request, 'classId');
  const { teacherId } = validate(setClassTeacherSchema, request.body);
  return ok(await classes.setTeacher(caller, classId, teacherId));
});
