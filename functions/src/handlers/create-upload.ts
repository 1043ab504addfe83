import { createUploadSchema } from '@shared/schemas';
import { buildUploadService } from '../composition/uploads';
import { apiHandler, created, validate } from '../platform/http';

const uploads = buildUploadService();

export const handler = apiHandler('createUpload', async (request, caller) =>
  created(await uploads.create(caller, validate(createUploadSchema, request.body))),
);
