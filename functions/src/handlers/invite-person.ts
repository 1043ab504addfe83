import { invitePersonSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import { adminHandler } from '../platform/admin-handler';
import { created, ok, validate } from '../platform/http';

const people = buildPeopleService();

// 201 for a new invitation, 200 when the same invitation is still pending (a retry of a request that got through).
export const handler = adminHandler('invitePerson', async (request, caller) => {
  const { created: isNew, ...invitation } = await people.invite(caller, validate(invitePersonSchema, request.body));
  return isNew ? created(invitation) : ok(invitation);
});
