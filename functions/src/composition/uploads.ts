// Builds the upload use cases over the bucket and the upload records; each upload handler calls it once, at cold start.
import { makeUploadService } from '../uploads/uploads';
import { fileStore } from './file-store';
import { randomIds, systemClock } from './system';
import { uploadStore } from './table-stores';

export const buildUploadService = () =>
  makeUploadService({ files: fileStore(), uploads: uploadStore(), clock: systemClock, ids: randomIds });
