import { routes } from '../../../shared/routes';
import { listModules } from '../domain/modules';
import { apiHandler, ok } from '../platform/http';

export const handler = apiHandler(routes.listModules, async (_request, caller) => ok(await listModules(caller)));
