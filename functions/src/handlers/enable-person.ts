import { buildPeopleService } from '../composition/people';
import { apiHandler, ok, pathId } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler('enablePerson', async (request, caller) =>
  ok(await people.enable(caller, pathId(request, 'userId'))),
);
