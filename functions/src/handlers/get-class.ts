import { makeClassService } from '../domain/classes';
import { tableStores } from '../platform/table-stores';
import { apiHandler, ok, pathId } from '../platform/http';

const classes = makeClassService(tableStores());

export const handler = apiHandler('getClass', async (request, caller) =>
  ok(await classes.getDetail(caller, pathId(request, 'classId'))),
);
