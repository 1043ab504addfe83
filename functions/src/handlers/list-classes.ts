import { routes } from '../../../shared/routes';
import { listTeacherClasses } from '../domain/classes';
import { apiHandler, ok } from '../platform/http';

export const handler = apiHandler(routes.listClasses, async (_request, caller) => ok(await listTeacherClasses(caller)));
