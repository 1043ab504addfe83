import { invitePersonSchema } from '@shared/people';
import { buildPeopleService } from '../composition/people';
import { apiHandler, created, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler('invitePerson', async (request, caller) =>
  created(await people.invite(caller, validate(invitePersonSchema, request.body))),
);
