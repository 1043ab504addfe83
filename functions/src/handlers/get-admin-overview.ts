import { buildPeopleService } from '../composition/people';
import { adminHandler } from '../platform/admin-handler';
import { ok } from '../platform/http';

const people = buildPeopleService();

export const handler = adminHandler('getAdminOverview', async () => ok(await people.overview()));
