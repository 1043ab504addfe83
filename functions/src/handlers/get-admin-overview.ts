import { routes } from '../../../shared/routes';
import { buildPeopleService } from '../composition/people';
import { apiHandler, ok } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler(routes.getAdminOverview, async () => ok(await people.overview()));
