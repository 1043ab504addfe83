import { pageQuerySchema } from '@shared/contract/blocks';
import { buildClassService } from '../../composition/classes';
import type { ClassService } from '../../classes/classes';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (classes: ClassService, secondFactor: SecondFactorCheck) =>
  adminHandler('listClassStudents', secondFactor, async (request, caller) => {
    const classId = pathId(request, 'classId');
    const { limit, cursor } = validate(pageQuerySchema, request.query);
    return ok(await classes.roster(caller, classId, { limit, after: cursor }));
  });

export const handler = makeHandler(buildClassService(), secondFactorCheck());
