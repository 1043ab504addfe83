import { buildPeopleService } from '../../composition/people';
import type { PeopleService } from '../people';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (people: PeopleService, secondFactor: SecondFactorCheck) =>
  adminHandler('enablePerson', secondFactor, async (request, caller) =>
    ok(await people.enable(caller, pathId(request, 'userId'))),
  );

export const handler = makeHandler(buildPeopleService(), secondFactorCheck());
