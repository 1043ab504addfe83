import { routes } from '../../../shared/routes';
import { deleteModule } from '../domain/modules';
import { apiHandler, noContent, pathId } from '../platform/http';

export const handler = apiHandler(routes.deleteModule, async (request, caller) => {
  await deleteModule(caller, pathId(request, 'id'));
  return noContent();
});
