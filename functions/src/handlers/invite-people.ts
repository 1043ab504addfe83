import { invitePeopleSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import { adminHandler } from '../platform/admin-handler';
import { ok, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = adminHandler('invitePeople', async (request, caller) => {
  const { people: rows } = validate(invitePeopleSchema, request.body);
  return ok({ results: await people.inviteMany(caller, rows) });
});
