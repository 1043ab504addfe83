import { invitePersonSchema } from '@shared/contract/people';
import { buildPeopleService } from '../../composition/people';
import type { PeopleService } from '../people';
import { adminHandler } from '../../composition/api-handler';
import { created, ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

// 201 for a new invitation, 200 when the same invitation is still pending (a retry of a request that got through).
export const makeHandler = (people: PeopleService, secondFactor: SecondFactorCheck) =>
  adminHandler('invitePerson', secondFactor, async (request, caller) => {
    const { created: isNew, ...invitation } = await people.invite(caller, validate(invitePersonSchema, request.body));
    return isNew ? created(invitation) : ok(invitation);
  });

export const handler = makeHandler(buildPeopleService(), secondFactorCheck());
