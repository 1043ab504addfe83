// Use cases for uploading section files (teachers) and OneRoster packages (admins). Each person writes only under
// their own storage prefix.
import { UPLOAD_LIMITS } from '@shared/constants';
import { storedFilesPrefix } from '@shared/storage';
import { ADMIN_FILE_TYPES_MESSAGE, ALLOWED_FILE_TYPES_MESSAGE, ROSTER_PACKAGE_TYPE } from '@shared/content-type';
import type { RenewedUploadParts, UploadPartUrl, UploadTicket, AbortUploadInput, CompleteUploadInput, CreateUploadInput, RenewUploadPartsInput } from '@shared/contract/uploads';
import type { Caller } from '../kernel/caller';
import { forbidden, invalid, notFound, tooMany } from '../kernel/errors';
import { storedFileMismatch } from './file-content';
import type { Clock, IdGenerator } from '../kernel/ports';
import type { FileStore, MultipartOutcome, StoredFile, UploadRecord, UploadStore } from './port';

/** Where a person's uploaded files are stored: their own folder of the bucket. */
export const filesFolderOf = (userId: string) => `${storedFilesPrefix('upload')}${userId}/`;
const ownPrefix = (caller: Caller) => filesFolderOf(caller.userId);

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

/** Storage aborts multipart uploads left incomplete this long (the bucket's lifecycle rule); so does the API. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

const GONE = 'This upload no longer exists (it was finished, cancelled or expired). Upload the file again.';
const TOO_MANY_OPEN =
  `You have ${UPLOAD_LIMITS.openUploadsMax} uploads in progress. Finish or cancel one before starting another ` +
  '(an unfinished upload is cancelled a day after it started).';
const TOO_MANY_RENEWALS =
  `This upload's links were renewed ${UPLOAD_LIMITS.renewalsPerUploadMax} times, the most one upload allows. ` +
  'Cancel it and upload the file again.';

/** How many parts a file of this size has, and how long part n (from 1) is. */
const partCount = ({ size, partSize }: Pick<UploadRecord, 'size' | 'partSize'>) => Math.ceil(size / partSize);
const partLength = ({ size, partSize }: Pick<UploadRecord, 'size' | 'partSize'>, partNumber: number) =>
  Math.min(partSize, size - (partNumber - 1) * partSize);

export interface UploadServicePorts {
  files: FileStore;
  uploads: UploadStore;
  clock: Clock;
  ids: IdGenerator;
}

export type UploadService = ReturnType<typeof makeUploadService>;

export function makeUploadService({ files, uploads, clock, ids }: UploadServicePorts) {
  /**
   * Every upload gets a key of its own (`protected/{sub}/{fresh id}/{safe name}`), which storage writes once: a single
   * upload's URL and a multipart completion both refuse to replace an object already there.
   */
  async function create(caller: Caller, input: CreateUploadInput): Promise<UploadTicket> {
    requireOwnRoleFileType(caller, input.contentType);
    const now = clock.now();
    const contentUrl = `${ownPrefix(caller)}${ids.newId()}/${safeFileName(input.fileName)}`;
    if (input.size <= UPLOAD_LIMITS.singleUploadMaxBytes) {
      return { contentUrl, uploadUrl: await files.singleUploadUrl(contentUrl, input.contentType, input.size) };
    }
    const expiresAt = new Date(now.getTime() + UPLOAD_LIFETIME_MS).toISOString();
    if (!(await uploads.holdUploadSlot(caller.userId, contentUrl, expiresAt, now, UPLOAD_LIMITS.openUploadsMax))) {
      throw tooMany(TOO_MANY_OPEN);
    }
    let record: UploadRecord;
    try {
      const uploadId = await files.startMultipartUpload(contentUrl, input.contentType);
      record = { uploadId, contentUrl, ownerId: caller.userId, size: input.size, partSize: partSizeFor(input.size), expiresAt };
      await uploads.recordUpload(record);
    } catch (error) {
      await uploads.releaseUploadSlot(caller.userId, contentUrl);
      throw error;
    }
    const partNumbers = Array.from({ length: partCount(record) }, (_, index) => index + 1);
    return { contentUrl, uploadId: record.uploadId, partSize: record.partSize, parts: await partUploadUrls(record, partNumbers) };
  }

  /**
   * New presigned URLs for parts of a multipart upload the caller started, when the first ones expired: only parts
   * the declared size has, each signed for its exact length.
   */
  async function renewParts(caller: Caller, input: RenewUploadPartsInput): Promise<RenewedUploadParts> {
    requireOwnKey(caller, input.contentUrl, 'You can only continue your own uploads.');
    const record = await requireOpenUpload(caller, input);
    const beyond = input.partNumbers.filter((partNumber) => partNumber > partCount(record));
    if (beyond.length) {
      throw invalid(`This upload has ${partCount(record)} parts; there is no part ${beyond.join(', ')}.`);
    }
    if (!(await uploads.countRenewal(record.uploadId, UPLOAD_LIMITS.renewalsPerUploadMax))) throw tooMany(TOO_MANY_RENEWALS);
    return { parts: await partUploadUrls(record, input.partNumbers) };
  }

  function partUploadUrls(record: UploadRecord, partNumbers: number[]): Promise<UploadPartUrl[]> {
    return Promise.all(
      partNumbers.map(async (partNumber) => ({
        partNumber,
        uploadUrl: await files.partUploadUrl(record.contentUrl, record.uploadId, partNumber, partLength(record, partNumber)),
      })),
    );
  }

  /**
   * Ends an upload: assembles a multipart upload's parts (a file of another size than declared is deleted rather than
   * kept), then checks the stored file's first bytes against its type, and deletes a file that is not what it claims.
   */
  async function complete(caller: Caller, input: CompleteUploadInput): Promise<{ contentUrl: string }> {
    requireOwnKey(caller, input.contentUrl);
    const { uploadId, parts } = input;
    const stored =
      uploadId && parts
        ? await assembleParts(caller, { contentUrl: input.contentUrl, uploadId, parts })
        : await files.describeFile(input.contentUrl);
    if (!stored) throw notFound('The uploaded file was not found; upload it again.');
    const mismatch = await storedFileMismatch(files, input.contentUrl, stored.mediaType);
    if (mismatch) {
      await files.deleteFiles([input.contentUrl]);
      throw invalid(`The file was refused: ${mismatch}. Upload the file itself, as saved by the program that made it.`);
    }
    return { contentUrl: input.contentUrl };
  }

  async function assembleParts(caller: Caller, input: Required<CompleteUploadInput>): Promise<StoredFile> {
    const record = await requireOpenUpload(caller, input);
    refuseUnlessDone(await files.completeMultipartUpload(input.contentUrl, input.uploadId, input.parts));
    await forget(record);
    const stored = await files.describeFile(input.contentUrl);
    if (stored?.size !== record.size) {
      await files.deleteFiles([input.contentUrl]);
      throw invalid(
        `The uploaded parts make ${stored?.size ?? 0} bytes, not the ${record.size} bytes declared; the file was discarded. Upload it again.`,
      );
    }
    return stored;
  }

  async function abort(caller: Caller, input: AbortUploadInput): Promise<void> {
    requireOwnKey(caller, input.contentUrl);
    const record = await requireOpenUpload(caller, input);
    refuseUnlessDone(await files.abortMultipartUpload(input.contentUrl, input.uploadId));
    await forget(record);
  }

  /** The record first: a slot left held by a failure in between frees itself when the upload expires. */
  async function forget(record: UploadRecord): Promise<void> {
    await uploads.forgetUpload(record.uploadId);
    await uploads.releaseUploadSlot(record.ownerId, record.contentUrl);
  }

  /** The caller's own unexpired upload with this id and key; anything else is reported as gone. */
  async function requireOpenUpload(caller: Caller, input: { contentUrl: string; uploadId: string }): Promise<UploadRecord> {
    const record = await uploads.getUpload(input.uploadId);
    const open =
      record &&
      record.ownerId === caller.userId &&
      record.contentUrl === input.contentUrl &&
      Date.parse(record.expiresAt) > clock.now().getTime();
    if (!open) throw notFound(GONE);
    return record;
  }

  return { create, renewParts, complete, abort };
}

/** Teachers upload section files; admins upload OneRoster packages only (the roster import reads them). */
function requireOwnRoleFileType(caller: Caller, mediaType: string) {
  const rosterPackage = mediaType === ROSTER_PACKAGE_TYPE.mediaType;
  if (caller.roles.includes('Admins') && !rosterPackage) throw invalid(ADMIN_FILE_TYPES_MESSAGE, { fileName: ADMIN_FILE_TYPES_MESSAGE });
  if (!caller.roles.includes('Admins') && rosterPackage) throw invalid(ALLOWED_FILE_TYPES_MESSAGE, { fileName: ALLOWED_FILE_TYPES_MESSAGE });
}

function requireOwnKey(caller: Caller, key: string, message = 'You can only finish or cancel your own uploads.') {
  if (!ownsStorageKey(caller, key)) throw forbidden(message);
}

/** Storage's refusals are the client's to fix. */
function refuseUnlessDone(outcome: MultipartOutcome): void {
  if (outcome === 'noSuchUpload') throw notFound(GONE);
  if (outcome === 'partsMismatch') throw invalid('The uploaded parts do not match this upload. Upload the file again.');
}
