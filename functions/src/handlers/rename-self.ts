import { renamePersonSchema } from '../../../shared/people';
import { routes } from '../../../shared/routes';
import { buildPeopleService } from '../composition/people';
import { apiHandler, ok, validate } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler(routes.renameSelf, async (request, caller) => {
  const { name } = validate(renamePersonSchema, request.body);
  return ok(await people.renameSelf(caller, name));
});
