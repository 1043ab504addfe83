// What uploads need: the file storage (S3 in adapters/file-storage.ts) and the upload records.
export interface StoredFile {
  mediaType: string | undefined;
  size: number;
}

/** Links that read stored files (CloudFront signed URLs in adapters/file-links.ts). */
export interface FileLinks {
  /**
   * A short-lived same-origin path that reads one stored file; opened as a page it downloads as `fileName` (the reader
   * fetches it itself), served as `mediaType` when one is given.
   */
  link(key: string, fileName: string, mediaType?: string): Promise<string>;
}

/** How storage ended a multipart upload the client asked to finish or cancel. */
export type MultipartOutcome = 'done' | 'noSuchUpload' | 'partsMismatch';

export interface FileStore {
  /** The stored file's metadata, or undefined when no such file exists. */
  describeFile(key: string): Promise<StoredFile | undefined>;
  /** Up to `bytes` bytes from the start of a stored file (a ranged read), or undefined when no such file exists. */
  readFileStart(key: string, bytes: number): Promise<Uint8Array | undefined>;
  /** A presigned PUT that storage accepts only with exactly this Content-Type and Content-Length. */
  singleUploadUrl(key: string, mediaType: string, size: number): Promise<string>;
  startMultipartUpload(key: string, mediaType: string): Promise<string>;
  /** A presigned PUT of one part that storage accepts only with exactly this Content-Length. */
  partUploadUrl(key: string, uploadId: string, partNumber: number, size: number): Promise<string>;
  completeMultipartUpload(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<MultipartOutcome>;
  abortMultipartUpload(key: string, uploadId: string): Promise<Exclude<MultipartOutcome, 'partsMismatch'>>;
  /**
   * Copies a stored file to another key (its type kept), replacing what is there; false, and nothing written, when the
   * file to copy does not exist.
   */
  copyFile(fromKey: string, toKey: string): Promise<boolean>;
  deleteFiles(keys: string[]): Promise<void>;
  /** Deletes every file whose key starts with `prefix` (a person's folder); answers how many there were. */
  deleteFolder(prefix: string): Promise<number>;
}

/** A multipart upload the API started: what it was declared to be, and who may continue, finish or cancel it. */
export interface UploadRecord {
  uploadId: string;
  contentUrl: string;
  ownerId: string;
  size: number;
  partSize: number;
  /** ISO time after which it cannot be continued (storage aborts incomplete uploads then). */
  expiresAt: string;
}

export interface UploadStore {
  /**
   * Holds one of the owner's open-upload slots for this key until it is released or `expiresAt` passes; false, and
   * nothing held, when `max` unexpired slots are held already (atomic: concurrent holders never pass `max`).
   */
  holdUploadSlot(ownerId: string, contentUrl: string, expiresAt: string, now: Date, max: number): Promise<boolean>;
  releaseUploadSlot(ownerId: string, contentUrl: string): Promise<void>;
  recordUpload(record: UploadRecord): Promise<void>;
  getUpload(uploadId: string): Promise<UploadRecord | undefined>;
  /** Counts one more signing of the upload's part URLs; false, and not counted, when `max` were counted already. */
  countRenewal(uploadId: string, max: number): Promise<boolean>;
  forgetUpload(uploadId: string): Promise<void>;
}

/** Reads a stored file's bytes, refusing one larger than `maxBytes` without reading it. */
export interface FileReader {
  readFile(key: string, maxBytes: number): Promise<Uint8Array | 'missing' | 'too-large'>;
}
