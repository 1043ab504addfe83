import { buildClassService } from '../../composition/classes';
import type { ClassService } from '../classes';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId } from '../../platform/http';

export const makeHandler = (classes: ClassService) =>
  apiHandler('unassignModule', async (request, caller) =>
    ok(await classes.unassignModule(caller, pathId(request, 'classId'), pathId(request, 'moduleId'))),
  );

export const handler = makeHandler(buildClassService());
