import { changeRoleSchema } from '@shared/contract/people';
import { buildPeopleService } from '../../composition/people';
import type { PeopleService } from '../people';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (people: PeopleService, secondFactor: SecondFactorCheck) =>
  adminHandler('changeRole', secondFactor, async (request, caller) => {
    const userId = pathId(request, 'userId');
    const { role } = validate(changeRoleSchema, request.body);
    return ok(await people.changeRole(caller, userId, role));
  });

export const handler = makeHandler(buildPeopleService(), secondFactorCheck());
