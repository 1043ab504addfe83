import { lookupPeopleSchema } from '@shared/contract/people';
import { buildPeopleLookup } from '../../composition/people-lookup';
import type { PeopleLookup } from '../people';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (people: PeopleLookup, secondFactor: SecondFactorCheck) =>
  adminHandler('lookupPeople', secondFactor, async (request) => {
    const { emails } = validate(lookupPeopleSchema, request.body);
    return ok({ people: await people.lookup(emails) });
  });

export const handler = makeHandler(buildPeopleLookup(), secondFactorCheck());
