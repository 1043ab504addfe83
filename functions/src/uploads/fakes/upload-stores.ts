// In-memory file storage and multipart uploads, keeping the S3 and DynamoDB adapters' promises: a multipart upload
// completes only with the parts a client uploaded, an unknown upload is NoSuchUpload, an owner holds at most the
// slots allowed; records are copies. `put` and `giveContent` arrange files behind the use case's back.
import { copy } from '../../kernel/fakes/copy';
import type { FileLinks, FileStore, StoredFile, UploadRecord, UploadStore } from '../port';
import { sampleContent } from './file-samples';

interface MultipartUpload {
  key: string;
  mediaType: string;
  /** partNumber → etag and length of the bytes a client PUT. */
  parts: Map<number, { etag: string; size: number }>;
}

/** Files by key; signed URLs are readable `memory://` strings that say what they grant. */
export class InMemoryFileStore implements FileStore, FileLinks {
  private readonly files = new Map<string, StoredFile>();
  /** Bytes given by a test; any other file reads as a real file of its media type (sampleContent). */
  private readonly contents = new Map<string, Uint8Array>();
  private readonly uploads = new Map<string, MultipartUpload>();
  private nextUploadId = 1;

  clear(): void {
    this.files.clear();
    this.contents.clear();
    this.uploads.clear();
    this.nextUploadId = 1;
  }

  /** A file as if a client had uploaded it (test set-up). */
  put(key: string, mediaType: string | undefined, size = 1024): void {
    this.files.set(key, { mediaType, size });
  }

  /** The bytes the file at `key` has (or will have once its upload completes). */
  giveContent(key: string, content: Uint8Array): void {
    this.contents.set(key, content);
  }

  keys(): string[] {
    return [...this.files.keys()].sort();
  }

  /** What a client's PUT of one part (5 MiB unless told) to its presigned URL does: answers the part's etag. */
  uploadPart(uploadId: string, partNumber: number, size = 5 * 1024 * 1024): string {
    const upload = this.uploads.get(uploadId);
    if (!upload) throw new Error(`No multipart upload ${uploadId}`);
    const etag = `"etag-${uploadId}-${partNumber}"`;
    upload.parts.set(partNumber, { etag, size });
    return etag;
  }

  openUploads(): string[] {
    return [...this.uploads.keys()];
  }

  async describeFile(key: string) {
    const file = this.files.get(key);
    return file && { ...file };
  }

  async readFileStart(key: string, bytes: number) {
    const file = this.files.get(key);
    if (!file) return undefined;
    return (this.contents.get(key) ?? sampleContent(file.mediaType)).slice(0, bytes);
  }

  /** The file links (FileLinks) too: a readable string of what the link serves. */
  async link(key: string, fileName: string, mediaType?: string) {
    return `memory://get/${key}?name=${encodeURIComponent(fileName)}${mediaType ? `&type=${encodeURIComponent(mediaType)}` : ''}`;
  }

  async singleUploadUrl(key: string, mediaType: string, size: number) {
    return `memory://put/${key}?type=${encodeURIComponent(mediaType)}&size=${size}`;
  }

  async startMultipartUpload(key: string, mediaType: string) {
    const uploadId = `upload-${this.nextUploadId++}`;
    this.uploads.set(uploadId, { key, mediaType, parts: new Map() });
    return uploadId;
  }

  async partUploadUrl(key: string, uploadId: string, partNumber: number, size: number) {
    return `memory://put/${key}?uploadId=${uploadId}&partNumber=${partNumber}&size=${size}`;
  }

  /** As S3: an unknown upload (or one for another key) is NoSuchUpload; parts must be the uploaded ones. */
  async completeMultipartUpload(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]) {
    const upload = this.uploads.get(uploadId);
    if (!upload || upload.key !== key) return 'noSuchUpload' as const;
    if (parts.length === 0 || parts.some((part) => upload.parts.get(part.partNumber)?.etag !== part.etag)) {
      return 'partsMismatch' as const;
    }
    this.uploads.delete(uploadId);
    const size = parts.reduce((total, part) => total + upload.parts.get(part.partNumber)!.size, 0);
    this.files.set(key, { mediaType: upload.mediaType, size });
    return 'done' as const;
  }

  async abortMultipartUpload(key: string, uploadId: string) {
    const upload = this.uploads.get(uploadId);
    if (!upload || upload.key !== key) return 'noSuchUpload' as const;
    this.uploads.delete(uploadId);
    return 'done' as const;
  }

  async deleteFiles(keys: string[]) {
    for (const key of keys) {
      this.files.delete(key);
      this.contents.delete(key);
    }
  }

  async copyFile(fromKey: string, toKey: string) {
    const file = this.files.get(fromKey);
    if (!file) return false;
    this.files.set(toKey, { ...file });
    const content = this.contents.get(fromKey);
    if (content) this.contents.set(toKey, content);
    return true;
  }

  async deleteFolder(prefix: string) {
    const keys = [...this.files.keys()].filter((key) => key.startsWith(prefix));
    await this.deleteFiles(keys);
    return keys.length;
  }
}

/** The multipart uploads the API started, by id. */
export class InMemoryUploadStore implements UploadStore {
  private readonly records = new Map<string, UploadRecord & { renewals?: number }>();
  /** Owner → their open uploads' keys → expiry (ms). */
  private readonly slots = new Map<string, Map<string, number>>();

  clear(): void {
    this.records.clear();
    this.slots.clear();
  }

  /** The keys whose slots the owner holds (expired ones included until a new hold drops them). */
  heldBy(ownerId: string): string[] {
    return [...(this.slots.get(ownerId)?.keys() ?? [])];
  }

  async holdUploadSlot(ownerId: string, contentUrl: string, expiresAt: string, now: Date, max: number) {
    const held = this.slots.get(ownerId) ?? new Map<string, number>();
    for (const [key, expiry] of held) if (expiry <= now.getTime()) held.delete(key);
    if (held.size >= max) return false;
    held.set(contentUrl, Date.parse(expiresAt));
    this.slots.set(ownerId, held);
    return true;
  }

  async releaseUploadSlot(ownerId: string, contentUrl: string) {
    this.slots.get(ownerId)?.delete(contentUrl);
  }

  async countRenewal(uploadId: string, max: number) {
    const record = this.records.get(uploadId);
    if (!record || (record.renewals ?? 0) >= max) return false;
    record.renewals = (record.renewals ?? 0) + 1;
    return true;
  }

  all(): UploadRecord[] {
    return [...this.records.values()].map(({ renewals: _renewals, ...record }) => copy(record));
  }

  async recordUpload(record: UploadRecord) {
    this.records.set(record.uploadId, copy(record));
  }

  async getUpload(uploadId: string) {
    const record = this.records.get(uploadId);
    if (!record) return undefined;
    const { renewals: _renewals, ...stored } = record;
    return copy(stored);
  }

  async forgetUpload(uploadId: string) {
    this.records.delete(uploadId);
  }
}
