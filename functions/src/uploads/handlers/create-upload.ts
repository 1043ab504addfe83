import { createUploadSchema } from '@shared/contract/uploads';
import { buildUploadService } from '../../composition/uploads';
import type { UploadService } from '../uploads';
import { apiHandler } from '../../composition/api-handler';
import { created, validate } from '../../platform/http';

export const makeHandler = (uploads: UploadService) =>
  apiHandler('createUpload', async (request, caller) =>
    created(await uploads.create(caller, validate(createUploadSchema, request.body))),
  );

export const handler = makeHandler(buildUploadService());
