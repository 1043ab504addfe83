import { renamePersonSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import type { PeopleService } from '../domain/people';
import { apiHandler, ok, validate } from '../platform/http';

export const makeHandler = (people: PeopleService) =>
  apiHandler('renameSelf', async (request, caller) => {
    const { name } = validate(renamePersonSchema, request.body);
    return ok(await people.renameSelf(caller, name));
  });

export const handler = makeHandler(buildPeopleService());
