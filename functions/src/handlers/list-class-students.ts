import { pageQuerySchema } from '@shared/paging';
import { makeClassService } from '../domain/classes';
import { moduleStore, classStore } from '../platform/table-stores';
import { apiHandler, ok, pathId, validate } from '../platform/http';

const classes = makeClassService({ classes: classStore(), modules: moduleStore() });

export const handler = apiHandler('listClassStudents', async (request, caller) => {
  const classId = pathId(request, 'classId');
  const { limit, cursor } = validate(pageQuerySchema, request.query);
  return ok(await classes.roster(caller, classId, { limit, after: cursor }));
});
