import { routes } from '../../../shared/routes';
import { getClassDetail } from '../domain/classes';
import { apiHandler, ok, pathId } from '../platform/http';

export const handler = apiHandler(routes.getClass, async (request, caller) =>
  ok(await getClassDetail(caller, pathId(request, 'classId'))),
);
