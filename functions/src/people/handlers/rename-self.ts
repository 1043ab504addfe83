import { renamePersonSchema } from '@shared/contract/people';
import { buildPeopleService } from '../../composition/people';
import type { PeopleService } from '../people';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (people: PeopleService, secondFactor: SecondFactorCheck) =>
  adminHandler('renameSelf', secondFactor, async (request, caller) => {
    const { name } = validate(renamePersonSchema, request.body);
    return ok(await people.renameSelf(caller, name));
  });

export const handler = makeHandler(buildPeopleService(), secondFactorCheck());
