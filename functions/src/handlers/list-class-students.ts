import { pageQuerySchema } from '@shared/paging';
import { makeClassService } from '../domain/classes';
import { moduleStore, classStore } from '../platform/table-stores';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId, validate } from '../platform/http';

const classes = makeClassService({ classes: classStore(), modules: moduleStore() });

export const handler = adminHandler('listClassStudents', async (request, caller) => {
  const classId = pathId(request, 'classId');
  const { limit, cursor } = validate(pageQuerySchema, request.query);
  return ok(await classes.roster(caller, classId, { limit, after: cursor }));
});
