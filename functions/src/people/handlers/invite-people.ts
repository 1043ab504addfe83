import { invitePeopleSchema } from '@shared/contract/people';
import { buildPeopleService } from '../../composition/people';
import type { PeopleService } from '../people';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (people: PeopleService, secondFactor: SecondFactorCheck) =>
  adminHandler('invitePeople', secondFactor, async (request, caller) => {
    const { people: rows } = validate(invitePeopleSchema, request.body);
    return ok({ results: await people.inviteMany(caller, rows) });
  });

export const handler = makeHandler(buildPeopleService(), secondFactorCheck());
