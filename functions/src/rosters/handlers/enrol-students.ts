import { enrolStudentsSchema } from '@shared/contract/rosters';
import { buildClassAdminService } from '../../composition/class-admin';
import type { ClassAdminService } from '../class-admin';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (classes: ClassAdminService, secondFactor: SecondFactorCheck) =>
  adminHandler('enrolStudents', secondFactor, async (request, caller) => {
    const classId = pathId(request, 'classId');
    const { studentIds } = validate(enrolStudentsSchema, request.body);
    return ok({ results: await classes.enrol(caller, classId, studentIds) });
  });

export const handler = makeHandler(buildClassAdminService(), secondFactorCheck());
