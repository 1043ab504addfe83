import { makeClassService } from '../domain/classes';
import { moduleStore, classStore } from '../platform/table-stores';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId } from '../platform/http';

const classes = makeClassService({ classes: classStore(), modules: moduleStore() });

export const handler = adminHandler('getClass', async (request, caller) =>
  ok(await classes.getDetail(caller, pathId(request, 'classId'))),
);
