import { createUploadSchema } from '@shared/contract/uploads';
import { buildUploadService } from '../composition/uploads';
import type { UploadService } from '../domain/uploads';
import { apiHandler, created, validate } from '../platform/http';

export const makeHandler = (uploads: UploadService) =>
  apiHandler('createUpload', async (request, caller) =>
    created(await uploads.create(caller, validate(createUploadSchema, request.body))),
  );

export const handler = makeHandler(buildUploadService());
