import { buildPeopleService } from '../composition/people';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId } from '../platform/http';

const people = buildPeopleService();

export const handler = adminHandler('enablePerson', async (request, caller) =>
  ok(await people.enable(caller, pathId(request, 'userId'))),
);
