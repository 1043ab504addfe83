import { buildPeopleService } from '../composition/people';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId } from '../platform/http';

const people = buildPeopleService();

export const handler = adminHandler('disablePerson', async (request, caller) =>
  ok(await people.disable(caller, pathId(request, 'userId'))),
);
