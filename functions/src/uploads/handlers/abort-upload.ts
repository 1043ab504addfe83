import { abortUploadSchema } from '@shared/contract/uploads';
import { buildUploadService } from '../../composition/uploads';
import type { UploadService } from '../uploads';
import { apiHandler } from '../../composition/api-handler';
import { noContent, validate } from '../../platform/http';

export const makeHandler = (uploads: UploadService) =>
  apiHandler('abortUpload', async (request, caller) => {
    await uploads.abort(caller, validate(abortUploadSchema, request.body));
    return noContent();
  });

export const handler = makeHandler(buildUploadService());
