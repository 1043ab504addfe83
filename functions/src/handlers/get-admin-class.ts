import { makeClassAdminQueries } from '../domain/class-admin';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId } from '../platform/http';
import { classStore } from '../platform/table-stores';

// The class store only (the directory is asked only for the caller's two-factor setting, by adminHandler).
const classes = makeClassAdminQueries({ classes: classStore() });

export const handler = adminHandler('getAdminClass', async (request) => ok(await classes.detail(pathId(request, 'classId'))));
