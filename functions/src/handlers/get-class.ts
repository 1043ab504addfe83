import { makeClassService } from '../domain/classes';
import { moduleStore, classStore } from '../platform/table-stores';
import { apiHandler, ok, pathId } from '../platform/http';

const classes = makeClassService({ classes: classStore(), modules: moduleStore() });

export const handler = apiHandler('getClass', async (request, caller) =>
  ok(await classes.getDetail(caller, pathId(request, 'classId'))),
);
