import { invitePeopleSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import { apiHandler, ok, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler('invitePeople', async (request, caller) => {
  const { people: rows } = validate(invitePeopleSchema, request.body);
  return ok({ results: await people.inviteMany(caller, rows) });
});
