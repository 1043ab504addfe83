import { listPeopleQuerySchema } from '../../../shared/people';
import { routes } from '../../../shared/routes';
import { buildPeopleService } from '../composition/people';
import { apiHandler, ok, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler(routes.listPeople, async (request) => {
  // Empty parameters (an untouched filter) mean "any".
  const query = Object.fromEntries(Object.entries(request.query).filter(([, value]) => value !== undefined && value !== ''));
  return ok(await people.list(validate(listPeopleQuerySchema, query)));
});
