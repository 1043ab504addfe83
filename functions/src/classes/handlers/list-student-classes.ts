import { buildClassService } from '../../composition/classes';
import { requireOwnClassList, type ClassService } from '../classes';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId } from '../../platform/http';

export const makeHandler = (classes: ClassService) =>
  apiHandler('listStudentClasses', async (request, caller) => ok(await classes.listStudentClasses(caller, pathId(request, 'userId'))), {
    tokenCheck: (request, caller) => requireOwnClassList(caller, pathId(request, 'userId')),
  });

export const handler = makeHandler(buildClassService());
