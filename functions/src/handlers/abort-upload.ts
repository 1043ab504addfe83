import { abortUploadSchema } from '@shared/schemas';
import { buildUploadService } from '../composition/uploads';
import { apiHandler, noContent, validate } from '../platform/http';

const uploads = buildUploadService();

export const handler = apiHandler('abortUpload', async (request, caller) => {
  await uploads.abort(caller, validate(abortUploadSchema, request.body));
  return noContent();
});
