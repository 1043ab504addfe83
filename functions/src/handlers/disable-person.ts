import { buildPeopleService } from '../composition/people';
import { apiHandler, ok, pathId } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler('disablePerson', async (request, caller) =>
  ok(await people.disable(caller, pathId(request, 'userId'))),
);
