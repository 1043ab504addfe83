import { lookupPeopleSchema } from '../../../shared/people';
import { routes } from '../../../shared/routes';
import { buildPeopleService } from '../composition/people';
import { apiHandler, ok, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler(routes.lookupPeople, async (request) => {
  const { emails } = validate(lookupPeopleSchema, request.body);
  return ok({ people: await people.lookup(emails) });
});
