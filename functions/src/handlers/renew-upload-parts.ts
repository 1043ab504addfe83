import { renewUploadPartsSchema } from '@shared/schemas';
import { buildUploadService } from '../composition/uploads';
import { apiHandler, ok, validate } from '../platform/http';

const uploads = buildUploadService();

export const handler = apiHandler('renewUploadParts', async (request, caller) =>
  ok(await uploads.renewParts(caller, validate(renewUploadPartsSchema, request.body))),
);
