import { routes } from '../../../shared/routes';
import { createUploadSchema } from '../../../shared/schemas';
import { createUpload } from '../domain/uploads';
import { apiHandler, created, validate } from '../platform/http';

export const handler = apiHandler(routes.createUpload, async (request, caller) =>
  created(await createUpload(caller, validate(createUploadSchema, request.body))),
);
