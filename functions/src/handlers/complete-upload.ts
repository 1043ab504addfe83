import { routes } from '../../../shared/routes';
import { completeUploadSchema } from '../../../shared/schemas';
import { completeUpload } from '../domain/uploads';
import { apiHandler, ok, validate } from '../platform/http';

export const handler = apiHandler(routes.completeUpload, async (request, caller) =>
  ok(await completeUpload(caller, validate(completeUploadSchema, request.body))),
);
