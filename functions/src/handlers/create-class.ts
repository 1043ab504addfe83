import { createClassSchema } from '@shared/class-admin';
import { buildClassAdminService } from '../composition/classes';
import { apiHandler, created, validate } from '../platform/http';

const classes = buildClassAdminService();

export const handler = apiHandler('createClass', async (request, caller) =>
  created(await classes.create(caller, validate(createClassSchema, request.body))),
);
