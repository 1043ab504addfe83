import { abortUploadSchema } from '@shared/contract/uploads';
import { buildUploadService } from '../../composition/uploads';
import type { UploadService } from '../uploads';
import { adminHandler } from '../../composition/api-handler';
import { noContent, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (uploads: UploadService, secondFactor: SecondFactorCheck) =>
  adminHandler('abortUpload', secondFactor, async (request, caller) => {
    await uploads.abort(caller, validate(abortUploadSchema, request.body));
    return noContent();
  });

export const handler = makeHandler(buildUploadService(), secondFactorCheck());
