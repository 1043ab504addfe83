import { pageQuerySchema } from '@shared/paging';
import { buildClassService } from '../composition/classes';
import type { ClassService } from '../domain/classes';
import { apiHandler, ok, pathId, validate } from '../platform/http';

export const makeHandler = (classes: ClassService) =>
  apiHandler('listClassStudents', async (request, caller) => {
    const classId = pathId(request, 'classId');
    const { limit, cursor } = validate(pageQuerySchema, request.query);
    return ok(await classes.roster(caller, classId, { limit, after: cursor }));
  });

export const handler = makeHandler(buildClassService());
