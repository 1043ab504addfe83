import { buildPeopleService } from '../composition/people';
import { apiHandler, ok, pathId } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler('resendInvitation', async (request, caller) =>
  ok(await people.resendInvitation(caller, pathId(request, 'userId'))),
);
