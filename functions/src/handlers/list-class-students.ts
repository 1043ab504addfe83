import { pageQuerySchema } from '@shared/paging';
import { makeClassService } from '../domain/classes';
import { tableStores } from '../platform/table-stores';
import { apiHandler, ok, pathId, validate } from '../platform/http';

const classes = makeClassService(tableStores());

export const handler = apiHandler('listClassStudents', async (request, caller) => {
  const classId = pathId(request, 'classId');
  const { limit, cursor } = validate(pageQuerySchema, request.query);
  return ok(await classes.roster(caller, classId, { limit, after: cursor }));
});
