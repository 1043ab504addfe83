import { invitePersonSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import { adminHandler } from '../platform/admin-handler';
import { created, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = adminHandler('invitePerson', async (request, caller) =>
  created(await people.invite(caller, validate(invitePersonSchema, request.body))),
);
