import { routes } from '../../../shared/routes';
import { buildClassAdminService } from '../composition/classes';
import { apiHandler, ok, pathId } from '../platform/http';

const classes = buildClassAdminService();

export const handler = apiHandler(routes.getAdminClass, async (request) => ok(await classes.detail(pathId(request, 'classId'))));
