/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { waitFor } from '@testing-library/react';
import { UPLOAD_LIMITS } from '@shared/constants';
import { answer, HttpError, withFakeApi } from '@web/testing/api-server';
import { FakeXhr, flushPromises } from '@web/testing/fake-xhr';
import { FileUpload, PART_ATTEMPTS, URL_RENEWAL_MARGIN_SECONDS, type UploadCheckpoint, type UploadSnapshot } from './file-upload';
import { captureConsoleErrors } from '@web/testing/console-errors';

withFakeApi();

const PART_SIZE = 4;
const multipartTicket = (parts: number) => ({
  contentUrl: 'protected/t1/123-big.pptx',
  uploadId: 'upload-1',
  partSize: PART_SIZE,
  parts: Array.from({ length: parts }, (_, index) => ({ partNumber: index + 1, uploadUrl: `https://s3/part-${index + 1}` })),
});

function track(file: File) {
  const states: UploadSnapshot[] = [];
  const upload = new FileUpload(file, (state) => states.push(state));
  return { upload, states };
}

/** Answers every attempt at part 1 the same way, letting the upload react between attempts (a renewal included). */
async function answerEveryAttemptAtPart1(reply: (request: FakeXhr) => void) {
  for (let attempt = 1; attempt <= PART_ATTEMPTS; attempt += 1) {
    const part1 = await waitFor(() => {
      const pending = FakeXhr.pendingRequests().find((request) => request.url.endsWith('part-1'));
      expect(pending).toBeDefined();
      return pending!;
    });
    reply(part1);
  }
}

/** The storage stores a part, answering with its ETag. */
const storePart = (request: FakeXhr) => request.respond(200, { ETag: `"etag-${request.url.split('-').pop()}"` });

const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

const bodies = <T>(requests: { body: T }[]) => requests.map(({ body }) => body);
/** The upload aborted on the server exactly once (asked for without waiting, so waited for here). */
const abortedOnServer = () =>
  waitFor(() => expect(bodies(aborts)).toEqual([{ contentUrl: 'protected/t1/123-big.pptx', uploadId: 'upload-1' }]));

const consoleErrors = captureConsoleErrors();

let tickets: ReturnType<typeof answer<'createUpload'>>;
let completions: ReturnType<typeof answer<'completeUpload'>>;
let aborts: ReturnType<typeof answer<'abortUpload'>>;
let renewals: ReturnType<typeof answer<'renewUploadParts'>>;
beforeEach(() => {
  FakeXhr.install();
  tickets = answer('createUpload', new HttpError(500, 'not answered by this test'));
  completions = answer('completeUpload', { contentUrl: 'protected/t1/123-big.pptx' });
  aborts = answer('abortUpload', undefined);
  renewals = answer('renewUploadParts', ({ body }) => ({
    parts: body.partNumbers.map((partNumber) => ({ partNumber, uploadUrl: `https://s3/renewed-part-${partNumber}` })),
  }));
});
afterEach(() => jest.restoreAllMocks());

describe('single upload', () => {
  const file = new File(['%PDF-1.7 hello'], 'notes.pdf', { type: 'application/pdf' });

  beforeEach(() => {
    tickets = answer('createUpload', { contentUrl: 'protected/t1/1-notes.pdf', uploadUrl: 'https://s3/put' });
  });

  it('asks for a ticket, PUTs the file with its content type and If-None-Match (its URL writes once), reports progress and succeeds', async () => {
    const { upload, states } = track(file);
    const done = upload.start();
    const put = await FakeXhr.sent();

    expect(bodies(tickets)).toEqual([{ fileName: 'notes.pdf', contentType: 'application/pdf', size: file.size }]);
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('https://s3/put');
    expect(put.headers['Content-Type']).toBe('application/pdf');
    expect(put.headers['If-None-Match']).toBe('*');
    expect(put.body).toBe(file);
    expect(upload.state.multipart).toBe(false);

    put.progress(5);
    expect(upload.state).toMatchObject({ status: 'uploading', loaded: 5, total: file.size });
    put.respond(200);

    await expect(done).resolves.toEqual({ contentUrl: 'protected/t1/1-notes.pdf', originalFileName: 'notes.pdf', mediaType: 'application/pdf' });
    expect(upload.state.status).toBe('success');
    expect(states.map((state) => state.status)).toEqual(['uploading', 'uploading', 'success']);
    // Completed by its key alone, so the server checks the stored bytes against the type.
    expect(bodies(completions)).toEqual([{ contentUrl: 'protected/t1/1-notes.pdf' }]);
  });

  it("ends in error with the server's reason when the stored file's content is not its type", async () => {
    const reason = 'The file was refused: it is not a PDF file: its content is a Windows program (.exe).';
    consoleErrors.expect(new RegExp(`^File upload of "notes\\.pdf" failed: ApiError: ${reason.replace(/[.()]/g, '\\$&')}`));
    answer('completeUpload', new HttpError(400, reason));
    const { upload } = track(file);
    const done = upload.start();
    (await FakeXhr.sent()).respond(200);

    await expect(done).resolves.toBeNull();
    expect(upload.state).toMatchObject({ status: 'error', error: expect.objectContaining({ message: reason }) });
  });

  it('ends in error (and settles with null) when the storage refuses the PUT', async () => {
    consoleErrors.expect(/^File upload of "notes\.pdf" failed: StorageRefusalError: The storage answered 403/);
    const { upload } = track(file);
    const done = upload.start();
    (await FakeXhr.sent()).respond(403);

    await expect(done).resolves.toBeNull();
    expect(upload.state.status).toBe('error');
  });

  it('ends in error when the API refuses the ticket', async () => {
    consoleErrors.expect(/^File upload of "notes\.pdf" failed: ApiError: Uploads are for teachers\./);
    answer('createUpload', new HttpError(403, 'Uploads are for teachers.'));
    const { upload } = track(file);
    await expect(upload.start()).resolves.toBeNull();
    expect(upload.state.status).toBe('error');
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it("PUTs a zip a Windows browser calls application/x-zip-compressed as application/zip, the type its URL is signed for", async () => {
    const zip = new File(['PK'], 'roster.zip', { type: 'application/x-zip-compressed' });
    const { upload } = track(zip);
    void upload.start();
    const put = await FakeXhr.sent();
    expect(put.headers['Content-Type']).toBe('application/zip');
  });

  it('cannot be paused (pause applies to multipart only)', async () => {
    const { upload } = track(file);
    void upload.start();
    const put = await FakeXhr.sent();
    upload.pause();
    expect(upload.state.status).toBe('uploading');
    expect(put.aborted).toBe(false);
  });
});

describe('multipart upload', () => {
  // 6 parts of 4 bytes, the last one 2 bytes.
  const file = new File(['abcdefghijklmnopqrstuv'], 'big.pptx', { type: 'application/vnd.ms-powerpoint' });

  beforeEach(() => {
    tickets = answer('createUpload', multipartTicket(6));
  });
  /** Starts the upload and waits until its first parts are in flight; `done` is the upload's outcome. */
  const started = async (upload: FileUpload) => {
    const done = upload.start();
    await FakeXhr.sent(UPLOAD_LIMITS.parallelParts - 1);
    return { done };
  };
  const everyPartCompleted = {
    contentUrl: 'protected/t1/123-big.pptx',
    uploadId: 'upload-1',
    parts: [1, 2, 3, 4, 5, 6].map((partNumber) => ({ partNumber, etag: `"etag-${partNumber}"` })),
  };

  it(`keeps ${UPLOAD_LIMITS.parallelParts} parts in flight, sends the right bytes and completes with every ETag`, async () => {
    const { upload } = track(file);
    const { done } = await started(upload);

    expect(upload.state.multipart).toBe(true);
    expect(FakeXhr.pendingRequests().map((request) => request.url)).toEqual([
      'https://s3/part-1',
      'https://s3/part-2',
      'https://s3/part-3',
      'https://s3/part-4',
    ]);
    expect(await readText(FakeXhr.requests[1].body!)).toBe('efgh');

    storePart(FakeXhr.requests[0]);
    await flushPromises();
    expect(FakeXhr.pendingRequests().map((request) => request.url)).toContain('https://s3/part-5');
    expect(upload.state.loaded).toBe(PART_SIZE);

    while (FakeXhr.pendingRequests().length) {
      FakeXhr.pendingRequests().forEach(storePart);
      await flushPromises();
    }
    const lastPart = FakeXhr.requests.find((request) => request.url.endsWith('part-6'))!;
    expect(await readText(lastPart.body!)).toBe('uv');

    await expect(done).resolves.toMatchObject({ contentUrl: 'protected/t1/123-big.pptx', originalFileName: 'big.pptx' });
    expect(bodies(completions)).toEqual([everyPartCompleted]);
    expect(upload.state).toMatchObject({ status: 'success', loaded: file.size });
  });

  it('pause aborts the parts in flight and schedules nothing; resume sends only the unfinished parts again', async () => {
    const { upload } = track(file);
    const { done } = await started(upload);
    storePart(FakeXhr.requests[0]); // part 1 is stored before the pause
    await flushPromises();
    const inFlight = FakeXhr.pendingRequests();
    FakeXhr.requests[1].progress(3);

    upload.pause();
    expect(upload.state.status).toBe('paused');
    expect(inFlight.every((request) => request.aborted)).toBe(true);
    expect(upload.state.loaded).toBe(PART_SIZE); // only part 1 counts
    await flushPromises();
    expect(FakeXhr.pendingRequests()).toHaveLength(0);

    const sentBeforeResume = FakeXhr.requests.length;
    upload.resume();
    expect(upload.state.status).toBe('uploading');
    const resent = FakeXhr.requests.slice(sentBeforeResume).map((request) => request.url);
    expect(resent).toEqual(['https://s3/part-2', 'https://s3/part-3', 'https://s3/part-4', 'https://s3/part-5']);

    while (FakeXhr.pendingRequests().length) {
      FakeXhr.pendingRequests().forEach(storePart);
      await flushPromises();
    }
    await expect(done).resolves.not.toBeNull();
    expect(renewals).toHaveLength(0); // the URLs were still fresh
    expect(FakeXhr.requests.filter((request) => request.url.endsWith('part-1'))).toHaveLength(1);
    expect(bodies(completions)).toEqual([everyPartCompleted]);
  });

  it('cancel aborts the parts in flight and the multipart upload on the server', async () => {
    const { upload } = track(file);
    const { done } = await started(upload);

    upload.cancel();
    await expect(done).resolves.toBeNull();
    expect(upload.state.status).toBe('canceled');
    expect(FakeXhr.requests.every((request) => request.aborted)).toBe(true);
    await abortedOnServer();
    expect(completions).toHaveLength(0);
  });

  it('cancel while paused also aborts on the server', async () => {
    const { upload } = track(file);
    await started(upload);
    upload.pause();
    upload.cancel();
    expect(upload.state.status).toBe('canceled');
    upload.resume();
    expect(upload.state.status).toBe('canceled');
    await abortedOnServer();
  });

  it(`retries a failing part, then after ${PART_ATTEMPTS} attempts ends in error and aborts on the server`, async () => {
    consoleErrors.expect(/^File upload of "big\.pptx" failed: Error: The connection to the storage failed\./);
    const { upload } = track(file);
    const { done } = await started(upload);

    await answerEveryAttemptAtPart1((part1) => part1.fail());
    await expect(done).resolves.toBeNull();
    expect(upload.state.status).toBe('error');
    expect(FakeXhr.pendingRequests()).toHaveLength(0);
    await abortedOnServer();
    expect(completions).toHaveLength(0);
  });

  it('fails when the storage hides the ETag header (CORS) instead of completing with bad parts', async () => {
    consoleErrors.expect(/^File upload of "big\.pptx" failed: Error: The storage did not expose the ETag header/);
    const { upload } = track(file);
    const { done } = await started(upload);
    await answerEveryAttemptAtPart1((part1) => part1.respond(200));
    await expect(done).resolves.toBeNull();
    expect(upload.state.status).toBe('error');
    await abortedOnServer();
    expect(completions).toHaveLength(0);
  });

  describe('when the part URLs expire', () => {
    const TTL_MS = UPLOAD_LIMITS.uploadUrlTtlSeconds * 1000;
    const renewalOf = (partNumbers: number[]) => ({ contentUrl: 'protected/t1/123-big.pptx', uploadId: 'upload-1', partNumbers });
    const finishAll = async () => {
      while (FakeXhr.pendingRequests().length) {
        FakeXhr.pendingRequests().forEach(storePart);
        await flushPromises();
      }
    };
    const renewedPartSent = (partNumber: number) =>
      waitFor(() => expect(FakeXhr.pendingRequests().map((request) => request.url)).toContain(`https://s3/renewed-part-${partNumber}`));

    it('a part refused with 403 renews the URLs of the unfinished parts once and sends them with the new ones', async () => {
      const { upload } = track(file);
      const { done } = await started(upload);
      storePart(FakeXhr.requests[0]); // part 1 is stored
      await flushPromises();

      FakeXhr.requests[1].respond(403); // part 2: "Request has expired"
      await renewedPartSent(2);

      expect(bodies(renewals)).toEqual([renewalOf([2, 3, 4, 5, 6])]);
      expect(upload.state.status).toBe('uploading');

      await finishAll();
      await expect(done).resolves.toMatchObject({ contentUrl: 'protected/t1/123-big.pptx' });
      // Parts already on their way finish with their URL; everything sent after the renewal uses the new ones.
      const sentAfter = FakeXhr.requests.slice(5).map((request) => request.url);
      expect(sentAfter.every((url) => url.includes('renewed-part-'))).toBe(true);
      expect(sentAfter).toEqual(expect.arrayContaining(['https://s3/renewed-part-2', 'https://s3/renewed-part-6']));
      expect(renewals).toHaveLength(1);
      expect(bodies(completions)).toEqual([everyPartCompleted]);
      expect(aborts).toHaveLength(0);
    });

    it('parts refused together share one renewal', async () => {
      const { upload } = track(file);
      const { done } = await started(upload);
      FakeXhr.pendingRequests().forEach((request) => request.respond(403));
      await renewedPartSent(1);

      expect(bodies(renewals)).toEqual([renewalOf([1, 2, 3, 4, 5, 6])]);
      await finishAll();
      await expect(done).resolves.not.toBeNull();
      expect(renewals).toHaveLength(1);
    });

    it('ends in error, and aborts on the server, when the renewal is refused', async () => {
      consoleErrors.expect(/^File upload of "big\.pptx" failed: ApiError: Request has expired/);
      answer('renewUploadParts', new HttpError(403, 'Request has expired'));
      const { upload } = track(file);
      const { done } = await started(upload);
      FakeXhr.requests[0].respond(403);

      await expect(done).resolves.toBeNull();
      expect(upload.state.status).toBe('error');
      expect(FakeXhr.pendingRequests()).toHaveLength(0);
      await abortedOnServer();
      expect(completions).toHaveLength(0);
    });

    it(`a part refused again with its fresh URL is a failure like any other (${PART_ATTEMPTS} attempts, one renewal)`, async () => {
      consoleErrors.expect(/^File upload of "big\.pptx" failed: StorageRefusalError: The storage answered 403/);
      const { upload } = track(file);
      const { done } = await started(upload);

      await answerEveryAttemptAtPart1((part1) => part1.respond(403));
      await expect(done).resolves.toBeNull();
      expect(upload.state.status).toBe('error');
      expect(renewals).toHaveLength(1);
      expect(FakeXhr.requests.filter((request) => request.url.endsWith('renewed-part-1'))).toHaveLength(PART_ATTEMPTS - 1);
      await abortedOnServer();
    });

    it('a resume after the URLs expired renews them first, then sends only the unfinished parts with the new URLs', async () => {
      const now = jest.spyOn(Date, 'now');
      const startedAt = Date.now();
      now.mockReturnValue(startedAt);
      const { upload } = track(file);
      const { done } = await started(upload);
      storePart(FakeXhr.requests[0]);
      await flushPromises();
      upload.pause();

      now.mockReturnValue(startedAt + TTL_MS - URL_RENEWAL_MARGIN_SECONDS * 1000); // the URLs are about to expire
      const sentBeforeResume = FakeXhr.requests.length;
      upload.resume();
      expect(upload.state.status).toBe('uploading');
      expect(FakeXhr.requests).toHaveLength(sentBeforeResume); // nothing goes out with the old URLs

      // The first requests after the resume are the renewed ones.
      await waitFor(() =>
        expect(FakeXhr.requests.slice(sentBeforeResume).map((request) => request.url)).toEqual([
          'https://s3/renewed-part-2',
          'https://s3/renewed-part-3',
          'https://s3/renewed-part-4',
          'https://s3/renewed-part-5',
        ]),
      );
      expect(bodies(renewals)).toEqual([renewalOf([2, 3, 4, 5, 6])]);
      await finishAll();
      await expect(done).resolves.not.toBeNull();
      expect(renewals).toHaveLength(1);
    });

    it('a resume whose renewal fails ends in error', async () => {
      consoleErrors.expect(/^File upload of "big\.pptx" failed: ApiError: boom/);
      const now = jest.spyOn(Date, 'now');
      const startedAt = Date.now();
      now.mockReturnValue(startedAt);
      answer('renewUploadParts', new HttpError(500, 'boom'));
      const { upload } = track(file);
      const { done } = await started(upload);
      upload.pause();

      now.mockReturnValue(startedAt + 2 * TTL_MS);
      const sentBeforeResume = FakeXhr.requests.length;
      upload.resume();

      await expect(done).resolves.toBeNull();
      expect(upload.state.status).toBe('error');
      expect(FakeXhr.requests).toHaveLength(sentBeforeResume);
      await abortedOnServer();
    });
  });

  it('ends in error when completing the upload fails', async () => {
    consoleErrors.expect(/^File upload of "x\.pptx" failed: ApiError: boom/);
    answer('createUpload', multipartTicket(1));
    answer('completeUpload', new HttpError(500, 'boom'));
    const { upload } = track(new File(['abc'], 'x.pptx'));
    const done = upload.start();
    storePart(await FakeXhr.sent());
    await expect(done).resolves.toBeNull();
    expect(upload.state.status).toBe('error');
    await abortedOnServer();
  });
});

describe('continuing after a reload', () => {
  // 3 parts of 4 bytes, the last one 2 bytes.
  const file = new File(['abcdefghij'], 'big.pptx', { type: 'application/vnd.ms-powerpoint', lastModified: 1_700_000_000_000 });
  const checkpointOf = (finishedParts: UploadCheckpoint['finishedParts']): UploadCheckpoint => ({
    contentUrl: 'protected/t1/123-big.pptx',
    uploadId: 'upload-1',
    partSize: PART_SIZE,
    fileName: 'big.pptx',
    size: 10,
    lastModified: 1_700_000_000_000,
    startedAt: Date.now() - 60_000,
    finishedParts,
  });

  it('records a checkpoint after each stored part, and clears it when the upload completes', async () => {
    answer('createUpload', multipartTicket(3));
    const checkpoints: (UploadCheckpoint | null)[] = [];
    const upload = new FileUpload(file, () => undefined, { onCheckpoint: (checkpoint) => checkpoints.push(checkpoint) });
    const done = upload.start();
    storePart(await FakeXhr.sent(1));
    await flushPromises();

    expect(checkpoints.at(-1)).toEqual({
      ...checkpointOf([{ partNumber: 2, etag: '"etag-2"' }]),
      startedAt: expect.any(Number),
    });
    FakeXhr.pendingRequests().forEach(storePart);
    await done;
    expect(checkpoints.at(-1)).toBeNull();
  });

  it('sends only the parts not stored yet, with renewed URLs, and completes with every ETag', async () => {
    const checkpoint = checkpointOf([{ partNumber: 1, etag: '"etag-1"' }]);
    const upload = new FileUpload(file, () => undefined, { resumeFrom: checkpoint });
    const done = upload.start();
    await FakeXhr.sent(1);

    expect(tickets).toHaveLength(0);
    expect(bodies(renewals)).toEqual([{ contentUrl: checkpoint.contentUrl, uploadId: 'upload-1', partNumbers: [2, 3] }]);
    expect(FakeXhr.pendingRequests().map((request) => request.url)).toEqual(['https://s3/renewed-part-2', 'https://s3/renewed-part-3']);
    expect(await readText(FakeXhr.requests[1].body!)).toBe('ij');
    expect(upload.state).toMatchObject({ status: 'uploading', multipart: true, loaded: PART_SIZE });
    FakeXhr.pendingRequests().forEach(storePart);

    await expect(done).resolves.toMatchObject({ contentUrl: checkpoint.contentUrl });
    expect(bodies(completions)).toEqual([
      {
        contentUrl: checkpoint.contentUrl,
        uploadId: 'upload-1',
        parts: [
          { partNumber: 1, etag: '"etag-1"' },
          { partNumber: 2, etag: '"etag-2"' },
          { partNumber: 3, etag: '"etag-3"' },
        ],
      },
    ]);
  });
});
