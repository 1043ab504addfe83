import { createClassSchema } from '@shared/class-admin';
import { buildClassAdminService } from '../composition/classes';
import { adminHandler } from '../platform/admin-handler';
import { created, validate } from '../platform/http';

const classes = buildClassAdminService();

export const handler = adminHandler('createClass', async (request, caller) =>
  created(await classes.create(caller, validate(createClassSchema, request.body))),
);
