// The upload state machine: asks the API for a ticket, then moves the file with one PUT (small files) or with
// parallel part PUTs (multipart), which can be paused, resumed and canceled. Part URLs expire
// (UPLOAD_LIMITS.uploadUrlTtlSeconds): resuming with old URLs, or a part PUT refused with 403, first asks the API
// once for fresh URLs of the unfinished parts. React-free; the hook mirrors it.
import { SINGLE_UPLOAD_HEADERS, UPLOAD_LIMITS } from '@shared/constants';
import { uploadMediaType } from '@shared/content-type';
import type { MultipartUploadTicket, UploadPartUrl, UploadTicket } from '@shared/contract/uploads';
import { abortUpload, completeUpload, createUpload, renewUploadParts } from '@web/api/uploads';
import { ApiError } from '@web/lib/api-client';
import { putBlob, StorageRefusalError, TransferAbortedError } from './put-blob';

export type UploadStatus = 'idle' | 'uploading' | 'paused' | 'canceled' | 'error' | 'success';

/** What a section needs from a finished upload. */
export interface UploadedFile {
  contentUrl: string;
  originalFileName: string;
  /** The media type the file is stored as (from its extension when the browser did not know it). */
  mediaType: string;
}

export interface UploadSnapshot {
  status: UploadStatus;
  fileName: string;
  loaded: number;
  total: number;
  /** Known once the API answered the ticket; only multipart uploads can pause and resume. */
  multipart: boolean;
  result?: UploadedFile;
  error?: unknown;
}

/**
 * What it takes to continue a multipart upload after the page was reloaded: the upload on the server, which parts
 * are stored (with their ETags), and which file it was, to check the teacher picks the same one again.
 */
export interface UploadCheckpoint {
  contentUrl: string;
  uploadId: string;
  partSize: number;
  fileName: string;
  size: number;
  lastModified: number;
  /** When the upload was started (ms); the server keeps an unfinished upload's URLs valid for an hour. */
  startedAt: number;
  finishedParts: { partNumber: number; etag: string }[];
}

export interface FileUploadOptions {
  /** Continues this upload instead of starting a new one (the same file, picked again). */
  resumeFrom?: UploadCheckpoint;
  /** Told after every stored part of a multipart upload, and null once it finished, failed or was canceled. */
  onCheckpoint?: (checkpoint: UploadCheckpoint | null) => void;
}

/** Whether `file` is the file the checkpoint was made from (same name, size and modification time). */
export const isSameFile = (file: File, checkpoint: UploadCheckpoint) =>
  file.name === checkpoint.fileName && file.size === checkpoint.size && file.lastModified === checkpoint.lastModified;

/** The server's reason for refusing the file itself (a 400, e.g. its content is not its type), to show as it is. */
export const uploadRefusal = (error: unknown): string | undefined =>
  error instanceof ApiError && error.status === 400 ? error.message : undefined;

export const IDLE_UPLOAD: UploadSnapshot = { status: 'idle', fileName: '', loaded: 0, total: 0, multipart: false };

/** A part PUT that fails for another reason than pause or cancel is tried this many times in all. */
export const PART_ATTEMPTS = 3;

/** A resume renews the part URLs first when they have less than this left before they expire. */
export const URL_RENEWAL_MARGIN_SECONDS = 300;

interface Part {
  partNumber: number;
  uploadUrl: string;
  start: number;
  end: number;
  loaded: number;
  attempts: number;
  etag?: string;
  /** Set while the part's PUT is in flight. */
  controller?: AbortController;
  /** A 403 of this part already led to renewed URLs; another one, while they are fresh, is a failure like any other. */
  renewedAfterRefusal?: boolean;
}

const isMultipart = (ticket: UploadTicket): ticket is MultipartUploadTicket => 'uploadId' in ticket;

export class FileUpload {
  private snapshot: UploadSnapshot;
  private ticket?: UploadTicket;
  private parts: Part[] = [];
  private singleController?: AbortController;
  private completing = false;
  /** When the part URLs in use were asked for (every renewal replaces all unfinished parts' URLs). */
  private urlsIssuedAt = 0;
  /** Set while fresh part URLs are on their way; no part starts meanwhile. */
  private renewal?: Promise<boolean>;
  private resolve!: (result: UploadedFile | null) => void;
  private readonly finished: Promise<UploadedFile | null>;

  private startedAt = Date.now();

  constructor(
    private readonly file: File,
    private readonly onChange: (snapshot: UploadSnapshot) => void,
    private readonly options: FileUploadOptions = {},
  ) {
    this.snapshot = { status: 'idle', fileName: file.name, loaded: 0, total: file.size, multipart: false };
    this.finished = new Promise((resolve) => (this.resolve = resolve));
  }

  get state(): UploadSnapshot {
    return this.snapshot;
  }

  /** What the API stores the file as, hence what a single PUT must declare: the URL is signed for exactly that. */
  private get mediaType() {
    return uploadMediaType(this.file.name, this.file.type) ?? (this.file.type || 'application/octet-stream');
  }

  /** Runs the upload; settles with the stored file on success and null on cancel or error (see `state`). */
  start(): Promise<UploadedFile | null> {
    if (this.snapshot.status !== 'idle') return this.finished;
    this.update({ status: 'uploading' });
    if (this.options.resumeFrom) this.continueFrom(this.options.resumeFrom);
    else void this.run();
    return this.finished;
  }

  /** Multipart only: stops scheduling parts and aborts the part PUTs in flight (they restart on resume). */
  pause() {
    if (this.snapshot.status !== 'uploading' || !this.snapshot.multipart) return;
    this.update({ status: 'paused' });
    this.abortInFlight();
  }

  /** Sends the unfinished parts again, with renewed URLs when the ones in hand have expired or are about to. */
  resume() {
    if (this.snapshot.status !== 'paused') return;
    this.update({ status: 'uploading' });
    if (this.urlsNearExpiry()) void this.renewThenAdvance();
    else void this.advance();
  }

  /** Stops for good; a multipart upload is also aborted on the server so its parts are not kept. */
  cancel() {
    if (this.snapshot.status !== 'uploading' && this.snapshot.status !== 'paused') return;
    this.update({ status: 'canceled' });
    this.options.onCheckpoint?.(null);
    this.abortInFlight();
    this.abortOnServer();
    this.resolve(null);
  }

  private async run() {
    this.urlsIssuedAt = Date.now();
    try {
      this.ticket = await createUpload({ fileName: this.file.name, contentType: this.mediaType, size: this.file.size });
    } catch (error) {
      this.fail(error);
      return;
    }
    const ticket = this.ticket;
    if (this.snapshot.status === 'canceled') {
      // Canceled while the ticket was on its way: nothing was sent yet, but a multipart upload exists.
      this.abortOnServer();
      return;
    }
    if (isMultipart(ticket)) {
      this.parts = ticket.parts.map(({ partNumber, uploadUrl }) => this.partOf(partNumber, uploadUrl, ticket.partSize));
      this.update({ multipart: true });
      this.checkpoint();
      void this.advance();
    } else {
      await this.runSingle(ticket.uploadUrl, ticket.contentUrl);
    }
  }

  /**
   * Picks up a multipart upload begun before a reload: the stored parts count as done, the others get fresh URLs
   * (the old ones were lost with the page) and go up.
   */
  private continueFrom(saved: UploadCheckpoint) {
    this.startedAt = saved.startedAt;
    this.ticket = { contentUrl: saved.contentUrl, uploadId: saved.uploadId, partSize: saved.partSize, parts: [] };
    const etags = new Map(saved.finishedParts.map((part) => [part.partNumber, part.etag]));
    const count = Math.ceil(this.file.size / saved.partSize);
    this.parts = Array.from({ length: count }, (_, index) => {
      const part = this.partOf(index + 1, '', saved.partSize);
      const etag = etags.get(part.partNumber);
      return etag ? { ...part, etag, loaded: part.end - part.start } : part;
    });
    this.update({ multipart: true });
    this.updateProgress();
    // No URL in hand: renew first.
    this.urlsIssuedAt = 0;
    void this.renewThenAdvance();
  }

  private partOf(partNumber: number, uploadUrl: string, partSize: number): Part {
    return {
      partNumber,
      uploadUrl,
      start: (partNumber - 1) * partSize,
      end: Math.min(partNumber * partSize, this.file.size),
      loaded: 0,
      attempts: 0,
    };
  }

  private checkpoint() {
    const ticket = this.ticket;
    if (!this.options.onCheckpoint || !ticket || !isMultipart(ticket)) return;
    this.options.onCheckpoint({
      contentUrl: ticket.contentUrl,
      uploadId: ticket.uploadId,
      partSize: ticket.partSize,
      fileName: this.file.name,
      size: this.file.size,
      lastModified: this.file.lastModified,
      startedAt: this.startedAt,
      finishedParts: this.parts.flatMap(({ partNumber, etag }) => (etag ? [{ partNumber, etag }] : [])),
    });
  }

  private async runSingle(uploadUrl: string, contentUrl: string) {
    this.singleController = new AbortController();
    try {
      await putBlob(uploadUrl, this.file, {
        contentType: this.mediaType,
        headers: SINGLE_UPLOAD_HEADERS,
        signal: this.singleController.signal,
        onProgress: (loaded) => this.isActive() && this.update({ loaded }),
      });
    } catch (error) {
      if (!(error instanceof TransferAbortedError)) this.fail(error);
      return;
    } finally {
      this.singleController = undefined;
    }
    try {
      // The server checks the stored file's first bytes against its type (and deletes a file that is not).
      await completeUpload({ contentUrl });
    } catch (error) {
      this.fail(error);
      return;
    }
    this.succeed(contentUrl);
  }

  /** Completes the upload once every part is stored, otherwise keeps parts flowing. */
  private async advance() {
    if (this.snapshot.status !== 'uploading') return;
    if (this.parts.every((part) => part.etag)) await this.completeMultipart();
    else this.pump();
  }

  /** Starts pending parts until UPLOAD_LIMITS.parallelParts are in flight. */
  private pump() {
    if (this.snapshot.status !== 'uploading' || this.renewal) return;
    let inFlight = this.parts.filter((part) => part.controller).length;
    for (const part of this.parts) {
      if (inFlight >= UPLOAD_LIMITS.parallelParts) break;
      if (part.etag || part.controller) continue;
      inFlight += 1;
      void this.sendPart(part);
    }
  }

  private async sendPart(part: Part) {
    const controller = new AbortController();
    const { uploadUrl } = part;
    part.controller = controller;
    part.attempts += 1;
    try {
      const { etag } = await putBlob(uploadUrl, this.file.slice(part.start, part.end), {
        signal: controller.signal,
        onProgress: (loaded) => {
          if (part.controller !== controller || !this.isActive()) return;
          part.loaded = loaded;
          this.updateProgress();
        },
      });
      if (!etag) throw new Error('The storage did not expose the ETag header of a part (check its CORS ExposeHeaders).');
      part.etag = etag;
      part.loaded = part.end - part.start;
      this.checkpoint();
    } catch (error) {
      if (part.controller !== controller) return; // already released by pause or cancel
      part.loaded = 0;
      part.controller = undefined;
      if (error instanceof TransferAbortedError) return;
      // S3 answers 403 (AccessDenied, "Request has expired") to a part URL past its lifetime.
      if (error instanceof StorageRefusalError && error.status === 403 && this.snapshot.status === 'uploading') {
        if (part.uploadUrl !== uploadUrl) {
          // Renewed while this PUT was on its way: send it again with the new URL.
          this.updateProgress();
          this.pump();
          return;
        }
        if (!part.renewedAfterRefusal || this.urlsNearExpiry()) {
          part.renewedAfterRefusal = true;
          this.updateProgress();
          await this.renewThenAdvance();
          return;
        }
      }
      if (part.attempts < PART_ATTEMPTS && this.snapshot.status === 'uploading') {
        this.updateProgress();
        this.pump();
      } else {
        this.fail(error);
      }
      return;
    }
    if (part.controller === controller) part.controller = undefined;
    if (!this.isActive()) return;
    this.updateProgress();
    await this.advance();
  }

  private urlsNearExpiry() {
    return Date.now() >= this.urlsIssuedAt + (UPLOAD_LIMITS.uploadUrlTtlSeconds - URL_RENEWAL_MARGIN_SECONDS) * 1000;
  }

  private async renewThenAdvance() {
    if (await this.renewUrls()) await this.advance();
  }

  /**
   * Asks the API for fresh URLs of every unfinished part; one request at a time, shared by whoever needs it.
   * Answers whether the upload goes on: a refused renewal puts it in error.
   */
  private renewUrls(): Promise<boolean> {
    this.renewal ??= this.requestRenewedUrls().finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  private async requestRenewedUrls(): Promise<boolean> {
    const ticket = this.ticket as MultipartUploadTicket;
    const unfinished = this.parts.filter((part) => !part.etag);
    if (unfinished.length === 0) return this.isActive();
    const askedAt = Date.now();
    let renewed: UploadPartUrl[];
    try {
      ({ parts: renewed } = await renewUploadParts({
        contentUrl: ticket.contentUrl,
        uploadId: ticket.uploadId,
        partNumbers: unfinished.map((part) => part.partNumber),
      }));
    } catch (error) {
      this.fail(error);
      return false;
    }
    const urls = new Map(renewed.map((part) => [part.partNumber, part.uploadUrl]));
    for (const part of unfinished) part.uploadUrl = urls.get(part.partNumber) ?? part.uploadUrl;
    this.urlsIssuedAt = askedAt;
    return this.isActive();
  }

  private async completeMultipart() {
    if (this.completing) return;
    this.completing = true;
    const ticket = this.ticket as MultipartUploadTicket;
    try {
      await completeUpload({
        contentUrl: ticket.contentUrl,
        uploadId: ticket.uploadId,
        parts: this.parts.map(({ partNumber, etag }) => ({ partNumber, etag: etag! })),
      });
    } catch (error) {
      this.fail(error);
      return;
    }
    this.succeed(ticket.contentUrl);
  }

  private succeed(contentUrl: string) {
    if (!this.isActive()) return;
    this.options.onCheckpoint?.(null);
    const result: UploadedFile = { contentUrl, originalFileName: this.file.name, mediaType: this.mediaType };
    this.update({ status: 'success', loaded: this.file.size, result });
    this.resolve(result);
  }

  private fail(error: unknown) {
    if (!this.isActive()) return;
    console.error(`File upload of "${this.file.name}" failed:`, error);
    this.options.onCheckpoint?.(null);
    this.update({ status: 'error', error });
    this.abortInFlight();
    this.abortOnServer();
    this.resolve(null);
  }

  private isActive() {
    return this.snapshot.status === 'uploading' || this.snapshot.status === 'paused';
  }

  /** Stops every PUT in flight and releases its part at once, so a quick resume sends it again. */
  private abortInFlight() {
    this.singleController?.abort();
    for (const part of this.parts) {
      if (!part.controller) continue;
      const { controller } = part;
      part.controller = undefined;
      part.loaded = 0;
      controller.abort();
    }
    if (this.parts.length) this.updateProgress();
  }

  private abortOnServer() {
    const ticket = this.ticket;
    if (!ticket || !isMultipart(ticket)) return;
    abortUpload({ contentUrl: ticket.contentUrl, uploadId: ticket.uploadId }).catch((error: unknown) => {
      console.error('Could not abort the multipart upload on the server:', error);
    });
  }

  private updateProgress() {
    const loaded = this.parts.reduce((sum, part) => sum + (part.etag ? part.end - part.start : part.loaded), 0);
    this.update({ loaded });
  }

  private update(change: Partial<UploadSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    this.onChange(this.snapshot);
  }
}
