import { createUploadSchema } from '@shared/contract/uploads';
import { buildUploadService } from '../../composition/uploads';
import type { UploadService } from '../uploads';
import { adminHandler } from '../../composition/api-handler';
import { created, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (uploads: UploadService, secondFactor: SecondFactorCheck) =>
  adminHandler('createUpload', secondFactor, async (request, caller) =>
    created(await uploads.create(caller, validate(createUploadSchema, request.body))),
  );

export const handler = makeHandler(buildUploadService(), secondFactorCheck());
