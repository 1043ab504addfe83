// Files through the real storage twin: a single presigned PUT and a multipart upload (also one with renewed part URLs),
// downloaded again through the module's downloadUrl on the app's origin (a tampered or expired link refused); an aborted upload; and the class report's numbers after some
// completions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { windowsProgram, zipArchive } from '@test/unit-helpers/file-bytes';
import { CLASS_ID, fileBytes, MEDIA, pdfBytes, randomBytes, startWorld, type World } from './support/world';
import { DOWNLOAD_URL_TTL_SECONDS, SINGLE_UPLOAD_HEADERS, UPLOAD_LIMITS } from '../../shared/constants';
import { fileSigningKey, LINK_WINDOW_SECONDS, makeFileLinks } from '../../functions/src/uploads/adapters/file-links';

jest.setTimeout(120_000);

const MiB = 1024 * 1024;
let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(() => world?.stop());

async function download(url: string): Promise<{ status: number; bytes: Uint8Array; headers: Headers }> {
  const response = await fetch(world.fileUrl(url));
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
}

describe('uploading and downloading section files', () => {
  it('a single presigned PUT and an 11 MiB multipart upload come back byte for byte through downloadUrl', async () => {
    // Single: up to 5 MiB is one presigned PUT.
    const small = fileBytes('pdf', 300 * 1024, 7);
    const single = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'Cell reading.pdf', contentType: MEDIA.pdf, size: small.length } });
    expect(Object.keys(single).sort()).toEqual(['contentUrl', 'uploadUrl']);
    expect(single.contentUrl).toMatch(new RegExp(`^protected/${world.teacher.userId}/[0-9a-f-]{36}/Cell-reading\\.pdf$`));
    const put = await fetch(single.uploadUrl, { method: 'PUT', headers: { 'content-type': MEDIA.pdf, ...SINGLE_UPLOAD_HEADERS }, body: small });
    expect(put.status).toBe(200);

    // Multipart: 11 MiB is three parts of 5 MiB (the last one 1 MiB).
    const large = fileBytes('pptx', 11 * MiB, 11);
    const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'Lecture slides.pptx', contentType: MEDIA.pptx, size: large.length } });
    expect(ticket).toEqual({
      contentUrl: expect.stringMatching(new RegExp(`^protected/${world.teacher.userId}/[0-9a-f-]{36}/Lecture-slides\\.pptx$`)),
      uploadId: expect.any(String),
      partSize: 5 * MiB,
      parts: [1, 2, 3].map((partNumber) => ({ partNumber, uploadUrl: expect.stringContaining(`partNumber=${partNumber}`) })),
    });
    const parts = [];
    for (const { partNumber, uploadUrl } of ticket.parts) {
      const body = large.subarray((partNumber - 1) * ticket.partSize, partNumber * ticket.partSize);
      const response = await fetch(uploadUrl, { method: 'PUT', body });
      expect(response.status).toBe(200);
      parts.push({ partNumber, etag: response.headers.get('etag')! });
    }
    expect(parts.every((part) => part.etag)).toBe(true);
    const completed = await world.ok('completeUpload', {
      as: world.teacher,
      // In any order: the API sorts them.
      body: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId, parts: [...parts].reverse() },
    });
    expect(completed).toEqual({ contentUrl: ticket.contentUrl });
    expect(await world.listFiles()).toEqual(expect.arrayContaining([single.contentUrl, ticket.contentUrl]));

    const module = await world.createModule(
      world.teacher,
      [
        { title: 'Reading', contentUrl: single.contentUrl, originalFileName: 'Cell reading.pdf' },
        { title: 'Slides', contentUrl: ticket.contentUrl },
      ],
      'Uploaded files',
    );
    // Content types come from the stored files' media types.
    expect(module.sections.map(({ contentType, originalFileName }) => ({ contentType, originalFileName }))).toEqual([
      { contentType: 'PDF', originalFileName: 'Cell reading.pdf' },
      { contentType: 'PPT', originalFileName: 'Lecture-slides.pptx' },
    ]);

    // The enrolled student reads the module once it is assigned, and downloads both files.
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
    const read = await world.ok('getModule', { as: world.student, params: { id: module._id } });
    const [reading, slides] = read.sections as { downloadUrl: string; contentUrl: string }[];
    for (const section of [reading, slides]) {
      // A path on the app's own origin, by the file's key, signed as CloudFront checks it.
      expect(section.downloadUrl.startsWith(`/${section.contentUrl.split('/').map(encodeURIComponent).join('/')}?`)).toBe(true);
      expect(new URL(world.fileUrl(section.downloadUrl)).searchParams.get('Key-Pair-Id')).toBeTruthy();
    }
    const first = await download(reading.downloadUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe(MEDIA.pdf);
    expect(first.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Cell%20reading.pdf");
    expect(Buffer.from(first.bytes).equals(Buffer.from(small))).toBe(true);
    const second = await download(slides.downloadUrl);
    expect(second.status).toBe(200);
    expect(second.bytes.length).toBe(11 * MiB);
    expect(Buffer.from(second.bytes).equals(Buffer.from(large))).toBe(true);

    // The reader's pdf.js reads large files by ranges: the app's origin answers a range.
    const ranged = await fetch(world.fileUrl(slides.downloadUrl), { headers: { range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-1999/${11 * MiB}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(Buffer.from(large.subarray(1000, 2000)))).toBe(true);

    // The app's origin refuses a link without its signature, altered, or past its time, as CloudFront does.
    const refused = async (link: string) => {
      const answer = await fetch(world.fileUrl(link));
      return { status: answer.status, text: await answer.text() };
    };
    const unsigned = reading.downloadUrl.slice(0, reading.downloadUrl.indexOf('&Policy='));
    await expect(refused(unsigned)).resolves.toEqual({ status: 403, text: 'Missing Key' });
    await expect(refused(reading.downloadUrl.replace('Cell-reading.pdf', 'Lecture-slides.pptx'))).resolves.toEqual({ status: 403, text: 'Access Denied' });
    await expect(refused(reading.downloadUrl.replace('response-content-disposition=attachment', 'response-content-disposition=inline'))).resolves.toEqual({ status: 403, text: 'Access Denied' });
    const signedLongAgo = makeFileLinks({ signingKey: fileSigningKey(process.env.FILE_LINK_KEYS_FILE!), now: () => Date.now() - (DOWNLOAD_URL_TTL_SECONDS + 2 * LINK_WINDOW_SECONDS) * 1000 });
    const expired = await signedLongAgo.link(single.contentUrl, 'Cell reading.pdf', MEDIA.pdf);
    await expect(refused(expired)).resolves.toEqual({ status: 403, text: 'Access Denied' });
  });

  it('a multipart upload whose part URLs were renewed (as after a long pause) completes and comes back byte for byte', async () => {
    const bytes = fileBytes('pptx', 11 * MiB, 5);
    const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'Long lecture.pptx', contentType: MEDIA.pptx, size: bytes.length } });
    expect(ticket.parts).toHaveLength(3);

    // Asked in any order, answered in that order.
    const renewed = await world.ok('renewUploadParts', {
      as: world.teacher,
      body: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId, partNumbers: [3, 1, 2] },
    });
    expect(renewed).toEqual({
      parts: [3, 1, 2].map((partNumber) => ({ partNumber, uploadUrl: expect.stringContaining(`partNumber=${partNumber}`) })),
    });
    const parts = [];
    for (const { partNumber, uploadUrl } of renewed.parts as { partNumber: number; uploadUrl: string }[]) {
      const url = new URL(uploadUrl);
      expect(url.searchParams.get('uploadId')).toBe(ticket.uploadId);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
      const response = await fetch(uploadUrl, { method: 'PUT', body: bytes.subarray((partNumber - 1) * ticket.partSize, partNumber * ticket.partSize) });
      expect(response.status).toBe(200);
      parts.push({ partNumber, etag: response.headers.get('etag')! });
    }
    await world.ok('completeUpload', { as: world.teacher, body: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId, parts } });

    const module = await world.createModule(world.teacher, [{ title: 'Slides', contentUrl: ticket.contentUrl }], 'Renewed upload');
    const read = await world.ok('getModule', { as: world.teacher, params: { id: module._id } });
    const file = await download(read.sections[0].downloadUrl);
    expect(file.status).toBe(200);
    expect(file.bytes.length).toBe(bytes.length);
    expect(Buffer.from(file.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('a student outside the class gets no module and so no link', async () => {
    const module = await world.createModuleWithSections(world.teacher, 1, 'Private');
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
    const answer = await world.call('getModule', { as: world.otherStudent, params: { id: module._id } });
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain('X-Amz');
  });

  describe("a file's first bytes against its type, once stored", () => {
    const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, '../e2e/fixtures', name)));

    /** A single upload of these bytes under this name, completed by its key: the API's answer. */
    async function uploadAndComplete(fileName: string, contentType: string, bytes: Uint8Array) {
      const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName, contentType, size: bytes.length } });
      const put = await fetch(ticket.uploadUrl, { method: 'PUT', headers: { 'content-type': contentType, ...SINGLE_UPLOAD_HEADERS }, body: bytes });
      expect(put.status).toBe(200);
      return { contentUrl: ticket.contentUrl as string, answer: await world.call('completeUpload', { as: world.teacher, body: { contentUrl: ticket.contentUrl } }) };
    }

    it('keeps LibreOffice Word and PowerPoint files', async () => {
      for (const [fileName, contentType] of [['libreoffice-notes.docx', MEDIA.docx], ['libreoffice-notes.pptx', MEDIA.pptx]]) {
        const { contentUrl, answer } = await uploadAndComplete(fileName, contentType, fixture(fileName));
        expect(answer).toMatchObject({ status: 200, body: { contentUrl } });
        expect(await world.listFiles()).toContain(contentUrl);
      }
    });

    it.each([
      ['a zip archive renamed .docx', 'notes.docx', MEDIA.docx, zipArchive(), 'it is not a Word file: its content is a zip archive'],
      ['a program renamed .pdf', 'reading.pdf', MEDIA.pdf, windowsProgram(), 'it is not a PDF file: its content is a Windows program (.exe)'],
    ])('refuses %s with the reason and deletes it; a module cannot use it', async (_case, fileName, contentType, bytes, reason) => {
      const { contentUrl, answer } = await uploadAndComplete(fileName, contentType, bytes);
      expect(answer).toMatchObject({ status: 400, body: { message: expect.stringContaining(reason) } });
      expect(await world.listFiles()).not.toContain(contentUrl);
    });

    it('refuses, at save, a file whose single upload was never completed', async () => {
      const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'notes.docx', contentType: MEDIA.docx, size: zipArchive().length } });
      await fetch(ticket.uploadUrl, { method: 'PUT', headers: { 'content-type': MEDIA.docx, ...SINGLE_UPLOAD_HEADERS }, body: zipArchive() });
      const saved = await world.call('createModule', {
        as: world.teacher,
        body: { title: 'Renamed', description: 'A zip renamed .docx', sections: [{ title: 'Notes', contentUrl: ticket.contentUrl }] },
      });
      expect(saved).toMatchObject({
        status: 400,
        body: { message: 'Section 1 ("Notes"): the file was refused: it is not a Word file: its content is a zip archive.' },
      });
    });
  });

  it('an aborted multipart upload is gone: it cannot be aborted again, and its key cannot back a section', async () => {
    const bytes = randomBytes(6 * MiB, 3);
    const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'draft.pdf', contentType: MEDIA.pdf, size: bytes.length } });
    expect(ticket.parts).toHaveLength(2);
    const part = await fetch(ticket.parts[0].uploadUrl, { method: 'PUT', body: bytes.subarray(0, ticket.partSize) });
    expect(part.status).toBe(200);

    const abort = () => world.call('abortUpload', { as: world.teacher, body: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId } });
    expect(await abort()).toMatchObject({ status: 204, body: undefined });
    expect(await abort()).toMatchObject({ status: 404, body: { message: expect.stringMatching(/no longer exists/) } });

    expect(await world.listFiles()).not.toContain(ticket.contentUrl);
    const module = await world.call('createModule', {
      as: world.teacher,
      body: { title: 'Draft', description: 'Never finished', sections: [{ title: 'Draft', contentUrl: ticket.contentUrl }] },
    });
    expect(module).toMatchObject({ status: 400, body: { message: expect.stringMatching(/was not found; upload it again/) } });
  });

  it("another teacher can neither continue, finish nor cancel the teacher's upload", async () => {
    const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'mine.pdf', contentType: MEDIA.pdf, size: 6 * MiB } });
    const body = { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId };
    const renewal = await world.call('renewUploadParts', { as: world.otherTeacher, body: { ...body, partNumbers: [1, 2] } });
    expect(renewal).toMatchObject({ status: 403, body: { message: 'You can only continue your own uploads.' } });
    expect(JSON.stringify(renewal.body)).not.toContain('X-Amz');
    expect((await world.call('abortUpload', { as: world.otherTeacher, body })).status).toBe(403);
    expect((await world.call('completeUpload', { as: world.otherTeacher, body: { ...body, parts: [{ partNumber: 1, etag: 'x' }] } })).status).toBe(403);
    // Still the teacher's to cancel.
    expect((await world.call('abortUpload', { as: world.teacher, body })).status).toBe(204);
  });
});

describe('uploads are bound to what was asked', () => {
  it('a single upload URL issued for a 10-byte PDF refuses 3,000,000 bytes of text/html, and another length or type', async () => {
    const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'small.pdf', contentType: MEDIA.pdf, size: 10 } });
    const put = (type: string, body: Uint8Array | string) =>
      fetch(ticket.uploadUrl, { method: 'PUT', headers: { 'content-type': type, ...SINGLE_UPLOAD_HEADERS }, body });
    for (const [type, body] of [['text/html', '<p>'.repeat(1_000_000)], [MEDIA.pdf, '0123456789A'], ['text/html', '0123456789']] as const) {
      const refused = await put(type, body);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    expect(await world.listFiles()).not.toContain(ticket.contentUrl);
    expect((await put(MEDIA.pdf, '0123456789')).status).toBe(200);
  });

  it('a part URL takes only its exact length', async () => {
    const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'parts.pdf', contentType: MEDIA.pdf, size: 6 * MiB } });
    const [first, last] = ticket.parts as { uploadUrl: string }[];
    expect((await fetch(last.uploadUrl, { method: 'PUT', body: randomBytes(MiB + 1) })).status).toBe(403);
    expect((await fetch(first.uploadUrl, { method: 'PUT', body: randomBytes(MiB) })).status).toBe(403);
    expect((await fetch(last.uploadUrl, { method: 'PUT', body: randomBytes(MiB) })).status).toBe(200);
    await world.ok('abortUpload', { as: world.teacher, body: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId } }, 204);
  });

  it('renewal signs only the parts the declared size has, of an upload the caller started', async () => {
    const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'renew.pdf', contentType: MEDIA.pdf, size: 11 * MiB } });
    const ids = { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId };
    const all = Array.from({ length: 10_000 }, (_, index) => index + 1);
    const tooMany = await world.call('renewUploadParts', { as: world.teacher, body: { ...ids, partNumbers: all } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^This upload has 3 parts; there is no part 4, 5, /);
    expect(JSON.stringify(tooMany.body)).not.toContain('X-Amz');
    const never = await world.call('renewUploadParts', {
      as: world.teacher,
      body: { contentUrl: `protected/${world.teacher.userId}/1-never.pdf`, uploadId: 'never-started', partNumbers: [1] },
    });
    expect(never).toMatchObject({ status: 404, body: { message: expect.stringMatching(/no longer exists/) } });
  });

  it("another teacher cannot abort the teacher's upload through a key of their own; the teacher still completes it", async () => {
    const bytes = fileBytes('pdf', 6 * MiB, 9);
    const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'kept.pdf', contentType: MEDIA.pdf, size: bytes.length } });
    const hijack = await world.call('abortUpload', {
      as: world.otherTeacher,
      body: { contentUrl: `protected/${world.otherTeacher.userId}/1-kept.pdf`, uploadId: ticket.uploadId },
    });
    expect(hijack).toMatchObject({ status: 404, body: { message: expect.stringMatching(/no longer exists/) } });
    const parts = [];
    for (const { partNumber, uploadUrl } of ticket.parts as { partNumber: number; uploadUrl: string }[]) {
      const response = await fetch(uploadUrl, { method: 'PUT', body: bytes.subarray((partNumber - 1) * ticket.partSize, partNumber * ticket.partSize) });
      parts.push({ partNumber, etag: response.headers.get('etag')! });
    }
    await world.ok('completeUpload', { as: world.teacher, body: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId, parts } });
    expect(await world.listFiles()).toContain(ticket.contentUrl);
  });

  it('a completion that leaves out a part makes a file of another size: it is deleted and refused', async () => {
    const bytes = randomBytes(11 * MiB, 4);
    const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'short.pdf', contentType: MEDIA.pdf, size: bytes.length } });
    const parts = [];
    for (const { partNumber, uploadUrl } of (ticket.parts as { partNumber: number; uploadUrl: string }[]).slice(0, 2)) {
      const response = await fetch(uploadUrl, { method: 'PUT', body: bytes.subarray((partNumber - 1) * ticket.partSize, partNumber * ticket.partSize) });
      parts.push({ partNumber, etag: response.headers.get('etag')! });
    }
    const answer = await world.call('completeUpload', { as: world.teacher, body: { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId, parts } });
    expect(answer).toMatchObject({ status: 400, body: { message: expect.stringMatching(/not the 11534336 bytes declared; the file was discarded/) } });
    expect(await world.listFiles()).not.toContain(ticket.contentUrl);
  });
});

describe('upload abuse limits', () => {
  const multipart = (as = world.otherTeacher, name = 'open.pdf') =>
    world.call('createUpload', { as, body: { fileName: name, contentType: MEDIA.pdf, size: 6 * MiB } });
  const openUploadsOf = async (userId: string) =>
    (await world.scanTable()).filter((item) => item.pk.startsWith('UPLOAD#') && item.ownerId === userId);

  it(`of ${UPLOAD_LIMITS.openUploadsMax + 5} multipart uploads started at once, ${UPLOAD_LIMITS.openUploadsMax} open and the rest are refused; cancelling one frees its place`, async () => {
    expect(await openUploadsOf(world.otherTeacher.userId)).toEqual([]);
    const answers = await Promise.all(Array.from({ length: UPLOAD_LIMITS.openUploadsMax + 5 }, () => multipart()));
    const opened = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(opened).toHaveLength(UPLOAD_LIMITS.openUploadsMax);
    for (const answer of refused) {
      expect(answer).toMatchObject({
        status: 429,
        body: { message: 'You have 10 uploads in progress. Finish or cancel one before starting another (an unfinished upload is cancelled a day after it started).' },
      });
    }
    expect(await openUploadsOf(world.otherTeacher.userId)).toHaveLength(UPLOAD_LIMITS.openUploadsMax);
    // Another teacher is not held back.
    const teachers = await multipart(world.teacher);
    expect(teachers.status).toBe(201);

    const [first, ...others] = opened.map((answer) => ({ contentUrl: answer.body.contentUrl, uploadId: answer.body.uploadId }));
    await world.ok('abortUpload', { as: world.otherTeacher, body: first }, 204);
    const replacement = await multipart();
    expect(replacement.status).toBe(201);
    expect((await multipart()).status).toBe(429);

    for (const ids of [...others, { contentUrl: replacement.body.contentUrl, uploadId: replacement.body.uploadId }]) {
      await world.ok('abortUpload', { as: world.otherTeacher, body: ids }, 204);
    }
    await world.ok('abortUpload', { as: world.teacher, body: { contentUrl: teachers.body.contentUrl, uploadId: teachers.body.uploadId } }, 204);
    expect(await openUploadsOf(world.otherTeacher.userId)).toEqual([]);
  });

  it(`renews an upload's part URLs ${UPLOAD_LIMITS.renewalsPerUploadMax} times, then refuses with a way out`, async () => {
    const ticket = await world.ok('createUpload', { as: world.otherTeacher, body: { fileName: 'renewed.pdf', contentType: MEDIA.pdf, size: 6 * MiB } });
    const ids = { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId };
    const renew = () => world.call('renewUploadParts', { as: world.otherTeacher, body: { ...ids, partNumbers: [1, 2] } });
    for (let count = 0; count < UPLOAD_LIMITS.renewalsPerUploadMax; count += 1) expect((await renew()).status).toBe(200);
    const refused = await renew();
    expect(refused).toMatchObject({
      status: 429,
      body: { message: "This upload's links were renewed 24 times, the most one upload allows. Cancel it and upload the file again." },
    });
    expect(JSON.stringify(refused.body)).not.toContain('X-Amz');
    await world.ok('abortUpload', { as: world.otherTeacher, body: ids }, 204);
  });

  it('a single upload URL writes its key once: used again it is refused and the file stays as uploaded', async () => {
    const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'once.pdf', contentType: MEDIA.pdf, size: 10 } });
    const put = (body: string) => fetch(ticket.uploadUrl, { method: 'PUT', headers: { 'content-type': MEDIA.pdf, ...SINGLE_UPLOAD_HEADERS }, body });
    expect((await put('%PDF-1.4\n%')).status).toBe(200);
    const again = await put('ABCDEFGHIJ');
    expect(again.status).toBe(412);
    expect(await again.text()).toContain('<Code>PreconditionFailed</Code>');
    // Without the header the signature does not match.
    const bare = await fetch(ticket.uploadUrl, { method: 'PUT', headers: { 'content-type': MEDIA.pdf }, body: 'ABCDEFGHIJ' });
    expect(bare.status).toBe(403);

    const module = await world.createModule(world.teacher, [{ title: 'Once', contentUrl: ticket.contentUrl }], 'Write once');
    const read = await world.ok('getModule', { as: world.teacher, params: { id: module._id } });
    expect((await download(read.sections[0].downloadUrl)).bytes).toEqual(new TextEncoder().encode('%PDF-1.4\n%'));
  });

  it("a completed multipart upload's part URLs cannot overwrite it, nor can its upload be renewed or completed again", async () => {
    const bytes = fileBytes('pdf', 6 * MiB, 21);
    const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'done.pdf', contentType: MEDIA.pdf, size: bytes.length } });
    const parts = [];
    for (const { partNumber, uploadUrl } of ticket.parts as { partNumber: number; uploadUrl: string }[]) {
      const response = await fetch(uploadUrl, { method: 'PUT', body: bytes.subarray((partNumber - 1) * ticket.partSize, partNumber * ticket.partSize) });
      parts.push({ partNumber, etag: response.headers.get('etag')! });
    }
    const ids = { contentUrl: ticket.contentUrl, uploadId: ticket.uploadId };
    await world.ok('completeUpload', { as: world.teacher, body: { ...ids, parts } });

    const reused = await fetch(ticket.parts[1].uploadUrl, { method: 'PUT', body: randomBytes(MiB, 22) });
    expect(reused.status).toBe(404);
    expect(await reused.text()).toContain('<Code>NoSuchUpload</Code>');
    expect(await world.call('renewUploadParts', { as: world.teacher, body: { ...ids, partNumbers: [1] } })).toMatchObject({ status: 404 });
    expect(await world.call('completeUpload', { as: world.teacher, body: { ...ids, parts } })).toMatchObject({ status: 404 });

    const module = await world.createModule(world.teacher, [{ title: 'Done', contentUrl: ticket.contentUrl }], 'Completed once');
    const read = await world.ok('getModule', { as: world.teacher, params: { id: module._id } });
    const file = await download(read.sections[0].downloadUrl);
    expect(Buffer.from(file.bytes).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('the class report', () => {
  it('counts completed sections per student and module, with percentages rounded to whole numbers', async () => {
    // A class of its own keeps the report to these two modules.
    await world.createClass('report-class', world.teacher, [world.student, world.otherStudent]);
    const file = await world.upload(world.teacher, 'report.pdf', MEDIA.pdf, pdfBytes('report'));
    const create = (title: string, count: number) =>
      world.createModule(world.teacher, Array.from({ length: count }, (_, index) => ({ title: `${title} ${index + 1}`, contentUrl: file })), title);
    const thirds = await create('Algebra', 3);
    const halves = await create('Biology', 2);
    for (const module of [halves, thirds]) {
      await world.ok('assignModule', { as: world.teacher, params: { classId: 'report-class' }, body: { moduleId: module._id } });
    }
    const complete = (who: typeof world.student, moduleId: string, sectionId: string) =>
      world.ok('markComplete', { as: who, body: { studentId: who.userId, moduleId, classId: 'report-class', sectionId } });
    await complete(world.student, thirds._id, thirds.sections[0]._id);
    await complete(world.student, halves._id, halves.sections[0]._id);
    await complete(world.student, halves._id, halves.sections[1]._id);
    await complete(world.student, halves._id, halves.sections[1]._id); // again: changes nothing
    await complete(world.otherStudent, thirds._id, thirds.sections[0]._id);
    await complete(world.otherStudent, thirds._id, thirds.sections[2]._id);

    const report = await world.ok('getClassReport', { as: world.teacher, params: { classId: 'report-class' } });

    const cell = (module: typeof thirds, completed: number, total: number, percentage: number) => ({
      moduleId: module._id,
      moduleTitle: module.title,
      completed,
      total,
      percentage,
      completedAt: expect.any(Object),
    });
    expect(report).toEqual([
      // By name: Kim before Sam.
      {
        studentId: world.otherStudent.userId,
        studentName: 'Kim Student',
        studentEmail: world.otherStudent.email,
        lastActivityAt: expect.any(String),
        modules: [cell(thirds, 2, 3, 67), cell(halves, 0, 2, 0)],
      },
      {
        studentId: world.student.userId,
        studentName: 'Sam Student',
        studentEmail: world.student.email,
        lastActivityAt: expect.any(String),
        modules: [cell(thirds, 1, 3, 33), cell(halves, 2, 2, 100)],
      },
    ]);
  });
});
