import { buildPeopleService } from '../../composition/people';
import type { PeopleService } from '../people';
import { adminHandler } from '../../composition/api-handler';
import { ok, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (people: PeopleService, secondFactor: SecondFactorCheck) =>
  adminHandler('getAdminOverview', secondFactor, async () => ok(await people.overview()));

export const handler = makeHandler(buildPeopleService(), secondFactorCheck());
