import { setPeopleAccessSchema } from '@shared/contract/people';
import { buildPeopleService } from '../../composition/people';
import type { PeopleService } from '../people';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (people: PeopleService, secondFactor: SecondFactorCheck) =>
  adminHandler('setPeopleAccess', secondFactor, async (request, caller) => {
    const { access, userIds } = validate(setPeopleAccessSchema, request.body);
    return ok({ results: await people.setAccessMany(caller, access, userIds) });
  });

export const handler = makeHandler(buildPeopleService(), secondFactorCheck());
