// Use cases for uploading section files. Each teacher writes only under their own storage prefix.
import { UPLOAD_LIMITS } from '../../../shared/constants';
import type { RenewedUploadParts, UploadPartUrl, UploadTicket } from '../../../shared/entities';
import type {
  AbortUploadInput,
  CompleteUploadInput,
  CreateUploadInput,
  RenewUploadPartsInput,
} from '../../../shared/schemas';
import type { Caller } from './caller';
import { forbidden, invalid, notFound } from './errors';
import type { Clock, FileStore, MultipartOutcome } from './ports';

const ownPrefix = (caller: Caller) => `protected/${caller.userId}/`;

/** True when the storage key lies in the caller's own area (and does not climb out of it). */
export const ownsStorageKey = (caller: Caller, key: string) =>
  key.startsWith(ownPrefix(caller)) && !key.includes('..') && key.length > ownPrefix(caller).length;

export function safeFileName(fileName: string): string {
  const cleaned = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents split off by NFKD: é → e
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+/g, '-')
    // A '..' in the key would make ownsStorageKey refuse the caller's own upload later.
    .replace(/\.{2,}/g, '.');
  const leading = /^[-.]*/.exec(cleaned)![0];
  const rest = cleaned.slice(leading.length);
  // A name with nothing usable before its extension (日本語.pdf became -.pdf) keeps the extension.
  const named = leading.endsWith('.') && rest && !rest.includes('.') ? `file.${rest}` : rest;
  return named.slice(-100).replace(/^[-.]+/, '') || 'file';
}

/** Smallest part size (from the minimum, doubling) that keeps the part count under the maximum. */
export function partSizeFor(size: number): number {
  let partSize = UPLOAD_LIMITS.minPartBytes;
  while (Math.ceil(size / partSize) >= UPLOAD_LIMITS.maxParts) partSize *= 2;
  return partSize;
}

export interface UploadServicePorts {
  files: FileStore;
  clock: Clock;
}

export function makeUploadService({ files, clock }: UploadServicePorts) {
  async function create(caller: Caller, input: CreateUploadInput): Promise<UploadTicket> {
    const contentUrl = `${ownPrefix(caller)}${clock.now().getTime()}-${safeFileName(input.fileName)}`;
    if (input.size <= UPLOAD_LIMITS.singleUploadMaxBytes) {
      return { contentUrl, uploadUrl: await files.singleUploadUrl(contentUrl, input.contentType) };
    }
    const partSize = partSizeFor(input.size);
    const uploadId = await files.startMultipartUpload(contentUrl, input.contentType);
    const partNumbers = Array.from({ length: Math.ceil(input.size / partSize) }, (_, index) => index + 1);
    return { contentUrl, uploadId, partSize, parts: await partUploadUrls(contentUrl, uploadId, partNumbers) };
  }

  /**
   * New presigned URLs for parts of the caller's multipart upload, when the first ones expired. Signing asks nothing
   * of storage: an upload that no longer exists shows when a part is PUT (404) or the upload is completed.
   */
  async function renewParts(caller: Caller, input: RenewUploadPartsInput): Promise<RenewedUploadParts> {
    requireOwnKey(caller, input.contentUrl, 'You can only continue your own uploads.');
    return { parts: await partUploadUrls(input.contentUrl, input.uploadId, input.partNumbers) };
  }

  function partUploadUrls(contentUrl: string, uploadId: string, partNumbers: number[]): Promise<UploadPartUrl[]> {
    return Promise.all(
      partNumbers.map(async (partNumber) => ({
        partNumber,
        uploadUrl: await files.partUploadUrl(contentUrl, uploadId, partNumber),
      })),
    );
  }

  async function complete(caller: Caller, input: CompleteUploadInput): Promise<{ contentUrl: string }> {
    requireOwnKey(caller, input.contentUrl);
    refuseUnlessDone(await files.completeMultipartUpload(input.contentUrl, input.uploadId, input.parts));
    return { contentUrl: input.contentUrl };
  }

  async function abort(caller: Caller, input: AbortUploadInput): Promise<void> {
    requireOwnKey(caller, input.contentUrl);
    refuseUnlessDone(await files.abortMultipartUpload(input.contentUrl, input.uploadId));
  }

  return { create, renewParts, complete, abort };
}

function requireOwnKey(caller: Caller, key: string, message = 'You can only finish or cancel your own uploads.') {
  if (!ownsStorageKey(caller, key)) throw forbidden(message);
}

/** Storage's refusals are the client's to fix. */
function refuseUnlessDone(outcome: MultipartOutcome): void {
  if (outcome === 'noSuchUpload') {
    throw notFound('This upload no longer exists (it was finished or cancelled). Upload the file again.');
  }
  if (outcome === 'partsMismatch') throw invalid('The uploaded parts do not match this upload. Upload the file again.');
}
