import { buildPeopleService } from '../composition/people';
import { apiHandler, ok } from '../platform/http';

const people = buildPeopleService();

export const handler = apiHandler('getAdminOverview', async () => ok(await people.overview()));
