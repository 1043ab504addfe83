import { routes } from '../../../shared/routes';
import { abortUploadSchema } from '../../../shared/schemas';
import { abortUpload } from '../domain/uploads';
import { apiHandler, noContent, validate } from '../platform/http';

export const handler = apiHandler(routes.abortUpload, async (request, caller) => {
  await abortUpload(caller, validate(abortUploadSchema, request.body));
  return noContent();
});
