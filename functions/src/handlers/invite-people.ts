import { invitePeopleSchema } from '../../../shared/people';
import { routes } from '../../../shared/routes';
import { buildPeopleService } from '../composition/people';
import { apiHandler, ok, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler(routes.invitePeople, async (request, caller) => {
  const { people: rows } = validate(invitePeopleSchema, request.body);
  return ok({ results: await people.inviteMany(caller, rows) });
});
