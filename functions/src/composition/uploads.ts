// Wires the upload use cases to their adapters; each upload handler calls it once, at cold start.
import { makeUploadService } from '../domain/uploads';
import { fileStore } from '../platform/file-store';
import { randomIds, systemClock } from '../platform/system';
import { uploadStore } from '../platform/table-stores';

export function buildUploadService() {
  return makeUploadService({ files: fileStore(), uploads: uploadStore(), clock: systemClock, ids: randomIds });
}
