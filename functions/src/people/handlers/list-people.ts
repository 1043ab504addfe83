import { listPeopleQuerySchema } from '@shared/contract/people';
import { buildPeopleQueries } from '../../composition/people-queries';
import type { PeopleQueries } from '../people';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (people: PeopleQueries, secondFactor: SecondFactorCheck) =>
  adminHandler('listPeople', secondFactor, async (request) => {
    // Empty parameters (an untouched filter) mean "any".
    const query = Object.fromEntries(Object.entries(request.query).filter(([, value]) => value !== undefined && value !== ''));
    return ok(await people.list(validate(listPeopleQuerySchema, query)));
  });

export const handler = makeHandler(buildPeopleQueries(), secondFactorCheck());
