import { BUSINESS_METRICS } from '@shared/metrics';
import { completeUploadSchema } from '@shared/contract/uploads';
import { buildUploadService } from '../../composition/uploads';
import type { UploadService } from '../uploads';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (uploads: UploadService, secondFactor: SecondFactorCheck) =>
  adminHandler(
    'completeUpload',
    secondFactor,
    async (request, caller) => ok(await uploads.complete(caller, validate(completeUploadSchema, request.body))),
    { counts: BUSINESS_METRICS.uploadCompleted },
  );

export const handler = makeHandler(buildUploadService(), secondFactorCheck());
