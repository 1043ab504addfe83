import { invitePersonSchema } from '../../../shared/people';
import { routes } from '../../../shared/routes';
import { buildPeopleService } from '../composition/people';
import { apiHandler, created, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler(routes.invitePerson, async (request, caller) =>
  created(await people.invite(caller, validate(invitePersonSchema, request.body))),
);
