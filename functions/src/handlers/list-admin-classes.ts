import { routes } from '../../../shared/routes';
import { buildClassAdminService } from '../composition/classes';
import { apiHandler, ok } from '../platform/http';

const classes = buildClassAdminService();

export const handler = apiHandler(routes.listAdminClasses, async () => ok(await classes.list()));
