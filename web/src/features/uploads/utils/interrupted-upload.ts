// A multipart upload cut short by a reload, remembered per form (a draft's or a module's "add section") with what
// the form needs to finish the job. The server keeps the URLs of an upload valid for an hour; an older record is
// forgotten (its parts are cleaned up by the bucket's rule for incomplete uploads).
import { UPLOAD_LIMITS } from '@shared/constants';
import { readStored, removeStored, writeStored } from '@web/lib/session-store';
import type { UploadCheckpoint } from './file-upload';

export interface InterruptedUpload {
  /** The section title typed for the file. */
  title: string;
  checkpoint: UploadCheckpoint;
}

const keyOf = (slot: string) => `interrupted-upload:${slot}`;

const isInterruptedUpload = (value: unknown): value is InterruptedUpload => {
  if (!value || typeof value !== 'object') return false;
  const { title, checkpoint } = value as Record<string, unknown>;
  if (typeof title !== 'string' || !checkpoint || typeof checkpoint !== 'object') return false;
  const { contentUrl, uploadId, partSize, fileName, size, startedAt, finishedParts } = checkpoint as Record<string, unknown>;
  return (
    typeof contentUrl === 'string' &&
    typeof uploadId === 'string' &&
    typeof partSize === 'number' &&
    typeof fileName === 'string' &&
    typeof size === 'number' &&
    typeof startedAt === 'number' &&
    Array.isArray(finishedParts)
  );
};

export function loadInterruptedUpload(slot: string, now = Date.now()): InterruptedUpload | undefined {
  const saved = readStored(keyOf(slot), isInterruptedUpload);
  if (saved && now - saved.checkpoint.startedAt < UPLOAD_LIMITS.uploadUrlTtlSeconds * 1000) return saved;
  if (saved) removeStored(keyOf(slot));
  return undefined;
}

export const rememberInterruptedUpload = (slot: string, upload: InterruptedUpload) => writeStored(keyOf(slot), upload);
export const forgetInterruptedUpload = (slot: string) => removeStored(keyOf(slot));
