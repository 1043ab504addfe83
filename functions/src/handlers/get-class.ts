import { buildClassService } from '../composition/classes';
import type { ClassService } from '../domain/classes';
import { apiHandler, ok, pathId } from '../platform/http';

export const makeHandler = (classes: ClassService) =>
  apiHandler('getClass', async (request, caller) =>
    ok(await classes.getDetail(caller, pathId(request, 'classId'))),
  );

export const handler = makeHandler(buildClassService());
