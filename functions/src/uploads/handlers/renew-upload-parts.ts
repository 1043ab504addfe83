import { renewUploadPartsSchema } from '@shared/contract/uploads';
import { buildUploadService } from '../../composition/uploads';
import type { UploadService } from '../uploads';
import { apiHandler } from '../../composition/api-handler';
import { ok, validate } from '../../platform/http';

export const makeHandler = (uploads: UploadService) =>
  apiHandler('renewUploadParts', async (request, caller) =>
    ok(await uploads.renewParts(caller, validate(renewUploadPartsSchema, request.body))),
  );

export const handler = makeHandler(buildUploadService());
