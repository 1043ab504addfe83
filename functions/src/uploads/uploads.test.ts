import { UPLOAD_LIMITS } from '@shared/constants';
import type { MultipartUploadTicket } from '@shared/contract/uploads';
import { callers, refused } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import type { Caller } from '../kernel/caller';
import { sampleContent } from './fakes/file-samples';
import { makeUploadService, ownsStorageKey, partSizeFor, safeFileName } from './uploads';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe('partSizeFor', () => {
  it.each([
    [1, 5 * MiB],
    [5 * MiB + 1, 5 * MiB],
    [11 * MiB, 5 * MiB],
    [9_999 * 5 * MiB, 5 * MiB], // exactly 9,999 parts of 5 MiB
    [9_999 * 5 * MiB + 1, 10 * MiB], // 10,000 parts would be one too many: doubles
    [UPLOAD_LIMITS.maxFileBytes, 5 * MiB],
    [100 * GiB, 20 * MiB],
    [5 * 1024 * GiB, 640 * MiB],
  ])('gives a %i-byte file parts of %i bytes', (size, partSize) => {
    expect(partSizeFor(size)).toBe(partSize);
  });

  it.each([1, 6 * MiB, 48_828 * MiB, 50 * GiB, 97_656.25 * MiB, 1024 * GiB, 5 * 1024 * GiB - 1])(
    'for %i bytes: at least 5 MiB, a doubling of 5 MiB, under 10,000 parts, and the smallest such size',
    (size) => {
      const partSize = partSizeFor(size);
      expect(partSize).toBeGreaterThanOrEqual(5 * MiB);
      expect(Number.isInteger(Math.log2(partSize / (5 * MiB)))).toBe(true);
      expect(Math.ceil(size / partSize)).toBeLessThan(10_000);
      if (partSize > 5 * MiB) expect(Math.ceil(size / (partSize / 2))).toBeGreaterThanOrEqual(10_000);
    },
  );
});

describe('safeFileName', () => {
  it.each([
    ['Cell notes (v2).pdf', 'Cell-notes-v2-.pdf'],
    ['café.pdf', 'cafe.pdf'],
    ['../../etc/passwd', 'etc-passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['chapter 1...final.pdf', 'chapter-1.final.pdf'],
    ['.hidden', 'file.hidden'],
    ['日本語.pdf', 'file.pdf'],
    ['', 'file'],
    ['....', 'file'],
    ['***', 'file'],
  ])('turns %j into %j', (input, output) => {
    expect(safeFileName(input)).toBe(output);
  });

  it('keeps the end (and so the extension) of a long name, within 100 characters, never starting with a dot', () => {
    const long = `${'x'.repeat(150)}.${'y'.repeat(99)}`;
    expect(safeFileName(long)).toBe('y'.repeat(99));
    expect(safeFileName(`${'a'.repeat(300)}.pdf`)).toBe(`${'a'.repeat(96)}.pdf`);
  });

  it.each(['notes..pdf', 'a/../b.pdf', '日本語.pdf', 'tab\there.docx', '%2e%2e%2f.pdf', 'ﬁle․pdf', `${'.'.repeat(120)}x`])(
    "gives %j a name that makes a key the uploader owns",
    (name) => {
      const teacher: Caller = { userId: 'teacher-1', roles: ['Teachers'] };
      const name_ = safeFileName(name);
      expect(name_).toMatch(/^[\w][\w.-]{0,99}$/);
      expect(ownsStorageKey(teacher, `protected/teacher-1/1714557600000-${name_}`)).toBe(true);
    },
  );
});

describe('ownsStorageKey', () => {
  const teacher: Caller = { userId: 'teacher-1', roles: ['Teachers'] };
  it.each([
    ['protected/teacher-1/1714557600000-notes.pdf', true],
    ['protected/teacher-1/nested/notes.pdf', true],
    ['protected/teacher-2/1714557600000-notes.pdf', false],
    ['protected/teacher-10/notes.pdf', false],
    ['protected/teacher-1', false],
    ['protected/teacher-1/', false],
    ['protected/teacher-1/../teacher-2/notes.pdf', false],
    ['public/teacher-1/notes.pdf', false],
    ['/protected/teacher-1/notes.pdf', false],
    ['', false],
  ])('%j → %s', (key, owned) => {
    expect(ownsStorageKey(teacher, key)).toBe(owned);
  });
});

describe('upload use cases', () => {
  let ports: InMemoryPorts;
  let uploads: ReturnType<typeof makeUploadService>;
  const { teacher, otherTeacher, admin } = callers;

  beforeEach(() => {
    ports = inMemoryPorts();
    uploads = makeUploadService(ports);
  });

  it("answers one upload URL under the caller's prefix, in a folder of its own with a safe name, for a file up to 5 MiB", async () => {
    const ticket = await uploads.create(teacher, { fileName: 'Cell notes.pdf', contentType: 'application/pdf', size: 5 * MiB });
    const contentUrl = `protected/${teacher.userId}/id-1/Cell-notes.pdf`;
    expect(ticket).toEqual({ contentUrl, uploadUrl: `memory://put/${contentUrl}?type=application%2Fpdf&size=${5 * MiB}` });
    expect(ports.files.openUploads()).toEqual([]);
  });

  it("lets an admin upload a OneRoster package (a zip) into their own folder, and complete it", async () => {
    const ticket = await uploads.create(admin, { fileName: 'roster.zip', contentType: 'application/zip', size: 4096 });
    const contentUrl = `protected/${admin.userId}/id-1/roster.zip`;
    expect(ticket).toEqual({ contentUrl, uploadUrl: `memory://put/${contentUrl}?type=application%2Fzip&size=4096` });
    ports.files.put(contentUrl, 'application/zip');
    await expect(uploads.complete(admin, { contentUrl })).resolves.toEqual({ contentUrl });
  });

  it('refuses an admin any file but a zip, and a teacher a zip, saying what each may upload', async () => {
    await expect(uploads.create(admin, { fileName: 'notes.pdf', contentType: 'application/pdf', size: 4096 })).rejects.toEqual(
      refused('invalid', /^Admins upload a OneRoster package here: the \.zip file your information system exported\.$/),
    );
    await expect(uploads.create(teacher, { fileName: 'roster.zip', contentType: 'application/zip', size: 4096 })).rejects.toEqual(
      refused('invalid', /^Only PDF, PowerPoint \(\.ppt, \.pptx\) and Word \(\.doc, \.docx\) files can be added\.$/),
    );
    expect(ports.files.keys()).toEqual([]);
  });

  it("deletes an admin's completed zip that is really a Word document", async () => {
    const { contentUrl } = await uploads.create(admin, { fileName: 'roster.zip', contentType: 'application/zip', size: 4096 });
    ports.files.put(contentUrl, 'application/zip');
    ports.files.giveContent(contentUrl, sampleContent('application/vnd.openxmlformats-officedocument.wordprocessingml.document'));
    await expect(uploads.complete(admin, { contentUrl })).rejects.toEqual(refused('invalid', /it is not a zip archive \(a OneRoster package\): its content is a Word document/));
    expect(ports.files.keys()).toEqual([]);
  });

  const partLengths = [5 * MiB, 5 * MiB, MiB];

  it('starts and records a multipart upload above 5 MiB with a URL per part signed for its length; completing forgets it', async () => {
    const ticket = (await uploads.create(teacher, { fileName: 'lecture.pdf', contentType: 'application/pdf', size: 11 * MiB })) as MultipartUploadTicket;
    expect(ticket).toMatchObject({ uploadId: 'upload-1', partSize: 5 * MiB });
    expect(ticket.parts.map((part) => part.uploadUrl)).toEqual(
      partLengths.map((length, index) => `memory://put/${ticket.contentUrl}?uploadId=upload-1&partNumber=${index + 1}&size=${length}`),
    );
    expect(ports.uploads.all()).toEqual([
      { uploadId: 'upload-1', contentUrl: ticket.contentUrl, ownerId: teacher.userId, size: 11 * MiB, partSize: 5 * MiB, expiresAt: '2024-05-04T10:00:00.000Z' },
    ]);
    const parts = ticket.parts.map(({ partNumber }) => ({ partNumber, etag: ports.files.uploadPart('upload-1', partNumber, partLengths[partNumber - 1]) }));
    await expect(uploads.complete(teacher, { contentUrl: ticket.contentUrl, uploadId: 'upload-1', parts })).resolves.toEqual({
      contentUrl: ticket.contentUrl,
    });
    expect(ports.files.keys()).toEqual([ticket.contentUrl]);
    expect(ports.uploads.all()).toEqual([]);
  });

  it('deletes a completed file whose size is not the declared one', async () => {
    const ticket = (await uploads.create(teacher, { fileName: 'lecture.pdf', contentType: 'application/pdf', size: 11 * MiB })) as MultipartUploadTicket;
    const parts = [1, 2].map((partNumber) => ({ partNumber, etag: ports.files.uploadPart('upload-1', partNumber) }));
    await expect(uploads.complete(teacher, { contentUrl: ticket.contentUrl, uploadId: 'upload-1', parts })).rejects.toEqual(
      refused('invalid', /make 10485760 bytes, not the 11534336 bytes declared/),
    );
    expect(ports.files.keys()).toEqual([]);
  });

  it('deletes a completed multipart file whose first bytes are not its type, saying what they are', async () => {
    const ticket = (await uploads.create(teacher, { fileName: 'lecture.pdf', contentType: 'application/pdf', size: 11 * MiB })) as MultipartUploadTicket;
    ports.files.giveContent(ticket.contentUrl, Uint8Array.from(Buffer.from('MZ\x90\x00 a program, not a PDF', 'latin1')));
    const parts = ticket.parts.map(({ partNumber }) => ({ partNumber, etag: ports.files.uploadPart('upload-1', partNumber, partLengths[partNumber - 1]) }));
    await expect(uploads.complete(teacher, { contentUrl: ticket.contentUrl, uploadId: 'upload-1', parts })).rejects.toEqual(
      refused('invalid', /^The file was refused: it is not a PDF file: its content is a Windows program \(\.exe\)\./),
    );
    expect(ports.files.keys()).toEqual([]);
  });

  describe('completing a single upload (its key alone)', () => {
    const contentUrl = `protected/${teacher.userId}/id-1/notes.docx`;
    const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

    it('keeps a genuine file', async () => {
      ports.files.put(contentUrl, DOCX);
      await expect(uploads.complete(teacher, { contentUrl })).resolves.toEqual({ contentUrl });
      expect(ports.files.keys()).toEqual([contentUrl]);
    });

    it('deletes a file whose content is another type', async () => {
      ports.files.put(contentUrl, DOCX);
      ports.files.giveContent(contentUrl, new TextEncoder().encode('%PDF-1.7 a PDF renamed .docx'));
      await expect(uploads.complete(teacher, { contentUrl })).rejects.toEqual(
        refused('invalid', /it is not a Word file: its content is a PDF\./),
      );
      expect(ports.files.keys()).toEqual([]);
    });

    it("answers 404 for a file not uploaded, and 403 for another teacher's key", async () => {
      await expect(uploads.complete(teacher, { contentUrl })).rejects.toEqual(refused('notFound', /not found; upload it again/));
      await expect(uploads.complete(otherTeacher, { contentUrl })).rejects.toEqual(refused('forbidden'));
    });
  });

  it("renews part URLs of the caller's own upload, in the order asked, only for parts the declared size has", async () => {
    const ticket = (await uploads.create(teacher, { fileName: 'lecture.pdf', contentType: 'application/pdf', size: 11 * MiB })) as MultipartUploadTicket;
    const input = { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId };
    const renewed = await uploads.renewParts(teacher, { ...input, partNumbers: [3, 1] });
    expect(renewed.parts.map((part) => part.uploadUrl)).toEqual([
      `memory://put/${ticket.contentUrl}?uploadId=upload-1&partNumber=3&size=${MiB}`,
      `memory://put/${ticket.contentUrl}?uploadId=upload-1&partNumber=1&size=${5 * MiB}`,
    ]);
    await expect(uploads.renewParts(teacher, { ...input, partNumbers: [4] })).rejects.toEqual(refused('invalid', /has 3 parts; there is no part 4/));
    ports.clock.set('2024-05-04T10:00:00.000Z');
    await expect(uploads.renewParts(teacher, { ...input, partNumbers: [1] })).rejects.toEqual(refused('notFound', /no longer exists/));
  });

  it("treats another teacher's upload id under the caller's own key as gone", async () => {
    const theirs = (await uploads.create(otherTeacher, { fileName: 'lecture.pdf', contentType: 'application/pdf', size: 6 * MiB })) as MultipartUploadTicket;
    const mine = { contentUrl: `protected/${teacher.userId}/1-film.mp4`, uploadId: theirs.uploadId };
    await expect(uploads.abort(teacher, mine)).rejects.toEqual(refused('notFound', /no longer exists/));
    await expect(uploads.renewParts(teacher, { ...mine, partNumbers: [1] })).rejects.toEqual(refused('notFound', /no longer exists/));
    expect(ports.files.openUploads()).toEqual([theirs.uploadId]);
  });

  it("refuses to renew, finish or cancel another teacher's upload", async () => {
    const contentUrl = `protected/${otherTeacher.userId}/1-film.mp4`;
    await expect(uploads.renewParts(teacher, { contentUrl, uploadId: 'u', partNumbers: [1] })).rejects.toEqual(refused('forbidden', /continue your own uploads/));
    await expect(uploads.complete(teacher, { contentUrl, uploadId: 'u', parts: [{ partNumber: 1, etag: 'e' }] })).rejects.toEqual(
      refused('forbidden', /finish or cancel your own uploads/),
    );
    await expect(uploads.abort(teacher, { contentUrl, uploadId: 'u' })).rejects.toEqual(refused('forbidden', /finish or cancel your own uploads/));
  });

  it('reports an upload that no longer exists, and parts that do not match, as the client\'s to fix', async () => {
    const ticket = (await uploads.create(teacher, { fileName: 'lecture.pdf', contentType: 'application/pdf', size: 6 * MiB })) as MultipartUploadTicket;
    const input = { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId };
    await expect(uploads.complete(teacher, { ...input, parts: [{ partNumber: 1, etag: 'wrong' }] })).rejects.toEqual(
      refused('invalid', /parts do not match/),
    );
    await uploads.abort(teacher, input);
    expect(ports.files.openUploads()).toEqual([]);
    await expect(uploads.abort(teacher, input)).rejects.toEqual(refused('notFound', /no longer exists/));
    await expect(uploads.complete(teacher, { ...input, parts: [{ partNumber: 1, etag: 'e' }] })).rejects.toEqual(
      refused('notFound', /no longer exists/),
    );
  });

  describe('abuse limits', () => {
    const multipart = (caller: Caller = teacher) =>
      uploads.create(caller, { fileName: 'lecture.pdf', contentType: 'application/pdf', size: 6 * MiB }) as Promise<MultipartUploadTicket>;

    it('gives the same file name, uploaded twice at the same moment, two keys', async () => {
      const [first, second] = await Promise.all([1, 2].map(() => uploads.create(teacher, { fileName: 'a.pdf', contentType: 'application/pdf', size: 10 })));
      expect(first.contentUrl).not.toBe(second.contentUrl);
    });

    it(`refuses a teacher's multipart upload beyond ${UPLOAD_LIMITS.openUploadsMax} open ones, starting nothing; another teacher is not held back`, async () => {
      const open = [];
      for (let count = 0; count < UPLOAD_LIMITS.openUploadsMax; count += 1) open.push(await multipart());
      await expect(multipart()).rejects.toEqual(
        refused('tooMany', /^You have 10 uploads in progress\. Finish or cancel one before starting another/),
      );
      expect(ports.files.openUploads()).toHaveLength(UPLOAD_LIMITS.openUploadsMax);
      expect(ports.uploads.all()).toHaveLength(UPLOAD_LIMITS.openUploadsMax);
      await expect(multipart(otherTeacher)).resolves.toMatchObject({ uploadId: expect.any(String) });
      // Single uploads hold no slot.
      await expect(uploads.create(teacher, { fileName: 'a.pdf', contentType: 'application/pdf', size: 10 })).resolves.toHaveProperty('uploadUrl');
    });

    it('frees a slot when an upload is completed, cancelled, or expires', async () => {
      const open = [];
      for (let count = 0; count < UPLOAD_LIMITS.openUploadsMax; count += 1) open.push(await multipart());
      await uploads.abort(teacher, { contentUrl: open[0].contentUrl, uploadId: open[0].uploadId });
      const replacement = await multipart();
      await expect(multipart()).rejects.toEqual(refused('tooMany'));

      const etag = ports.files.uploadPart(open[1].uploadId, 1, 5 * MiB);
      const last = ports.files.uploadPart(open[1].uploadId, 2, MiB);
      await uploads.complete(teacher, { contentUrl: open[1].contentUrl, uploadId: open[1].uploadId, parts: [{ partNumber: 1, etag }, { partNumber: 2, etag: last }] });
      await expect(multipart()).resolves.toMatchObject({ uploadId: expect.any(String) });
      await expect(multipart()).rejects.toEqual(refused('tooMany'));

      // A day later every one of them has expired: none holds a slot any more.
      ports.clock.set('2024-05-04T10:00:00.000Z');
      await expect(multipart()).resolves.toMatchObject({ uploadId: expect.any(String) });
      expect(ports.uploads.heldBy(teacher.userId)).toHaveLength(1);
      expect(ports.uploads.heldBy(teacher.userId)).not.toContain(replacement.contentUrl);
    });

    it('releases the slot when storage fails to start the upload', async () => {
      jest.spyOn(ports.files, 'startMultipartUpload').mockRejectedValueOnce(new Error('S3 is down'));
      await expect(multipart()).rejects.toThrow('S3 is down');
      expect(ports.uploads.heldBy(teacher.userId)).toEqual([]);
    });

    it(`renews an upload's part URLs ${UPLOAD_LIMITS.renewalsPerUploadMax} times, then refuses`, async () => {
      const ticket = await multipart();
      const renew = () => uploads.renewParts(teacher, { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId, partNumbers: [1, 2] });
      for (let count = 0; count < UPLOAD_LIMITS.renewalsPerUploadMax; count += 1) await renew();
      await expect(renew()).rejects.toEqual(refused('tooMany', /renewed 24 times, the most one upload allows\. Cancel it and upload the file again\./));
      // A refused renewal (bad part numbers) counts nothing; the cap is per upload.
      const other = await multipart();
      await expect(uploads.renewParts(teacher, { contentUrl: other.contentUrl, uploadId: other.uploadId, partNumbers: [9] })).rejects.toEqual(refused('invalid'));
      await expect(uploads.renewParts(teacher, { contentUrl: other.contentUrl, uploadId: other.uploadId, partNumbers: [1] })).resolves.toBeDefined();
    });
  });
});
