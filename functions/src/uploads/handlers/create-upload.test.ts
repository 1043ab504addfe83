import { CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '@shared/contract';
import { mockAws } from '@test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { inMemoryPorts } from '@functions/test/in-memory/ports';
import { makeUploadService } from '../uploads';
import { handler, makeHandler } from './create-upload';

const { ddb, s3 } = mockAws();
const MiB = 1024 * 1024;

const request = (body: unknown) => invoke(handler, apiEvent(routes.createUpload, { token: tokens.teacher, body }));
const ownKey = (name: string) => new RegExp(`^protected/${TEACHER_ID}/[0-9a-f-]{36}/${name.replace(/\./g, '\\.')}$`);

describe('POST /api/uploads', () => {
  it("answers one presigned PUT under the caller's prefix for a file up to 5 MiB", async () => {
    const answer = await request({ fileName: 'Cell notes (v2).pdf', contentType: 'application/pdf', size: 5 * MiB });

    expect(answer.statusCode).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(['contentUrl', 'uploadUrl']);
    expect(answer.body.contentUrl).toMatch(ownKey('Cell-notes-v2-.pdf'));
    const url = new URL(answer.body.uploadUrl);
    expect(url.pathname).toBe(`/${answer.body.contentUrl}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    // Bound to the declared size and type: S3 refuses a PUT of any other.
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    expect(url.searchParams.get('x-id')).toBe('PutObject');
    // No S3 request is needed to sign a single PUT, and nothing is recorded.
    expect(s3).not.toReceiveAnyCommand();
    expect(ddb).not.toReceiveAnyCommand();
  });

  it('starts a multipart upload above 5 MiB, records it, and answers a presigned URL per 5 MiB part signed for its length', async () => {
    s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'upload-1' });
    ddb.on(GetCommand).resolves({});

    const answer = await request({ fileName: 'lecture.pptx', contentType: 'application/vnd.ms-powerpoint', size: 11 * MiB });

    expect(answer.statusCode).toBe(201);
    expect(answer.body).toEqual({
      contentUrl: expect.stringMatching(ownKey('lecture.pptx')),
      uploadId: 'upload-1',
      partSize: 5 * MiB,
      parts: [1, 2, 3].map((partNumber) => ({ partNumber, uploadUrl: expect.any(String) })),
    });
    expect(s3).toReceiveCommandWith(CreateMultipartUploadCommand, {
      Bucket: 'test-bucket',
      Key: answer.body.contentUrl,
      ContentType: 'application/vnd.ms-powerpoint',
    });
    for (const { partNumber, uploadUrl } of answer.body.parts) {
      const url = new URL(uploadUrl);
      expect(url.pathname).toBe(`/${answer.body.contentUrl}`);
      expect(url.searchParams.get('uploadId')).toBe('upload-1');
      expect(url.searchParams.get('partNumber')).toBe(String(partNumber));
      expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    }
    expect(ddb).toReceiveCommandWith(PutCommand, {
      Item: expect.objectContaining({
        pk: 'UPLOAD#upload-1',
        sk: 'UPLOAD',
        contentUrl: answer.body.contentUrl,
        ownerId: TEACHER_ID,
        size: 11 * MiB,
        partSize: 5 * MiB,
        expiresAt: expect.any(String),
        expiresAtEpoch: expect.any(Number),
      }),
    });
  });

  it("stores a file the browser sent without a media type as its extension's type", async () => {
    s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'upload-2' });
    ddb.on(GetCommand).resolves({});
    await request({ fileName: 'Worksheet.DOCX', size: 6 * MiB });
    expect(s3).toReceiveCommandWith(CreateMultipartUploadCommand, {
      ContentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it.each([
    ['an image', { fileName: 'photo.png', contentType: 'image/png', size: 10 }],
    ['a spreadsheet', { fileName: 'marks.xlsx', size: 10 }],
    ['a file without extension', { fileName: 'blob', size: 10 }],
    ['a PDF name declared as HTML', { fileName: 'notes.pdf', contentType: 'text/html', size: 10 }],
  ])('answers 400 naming the allowed types to %s, asking nothing of S3', async (_case, body) => {
    const answer = await request(body);
    expect(answer).toMatchObject({
      statusCode: 400,
      body: { message: 'fileName: Only PDF, PowerPoint (.ppt, .pptx) and Word (.doc, .docx) files can be added.' },
    });
    expect(s3).not.toReceiveAnyCommand();
  });

  it('answers 500 when S3 gives no upload id', async () => {
    s3.on(CreateMultipartUploadCommand).resolves({});
    expect((await request({ fileName: 'a.pdf', size: 6 * MiB })).statusCode).toBe(500);
  });

  it.each([
    ['an empty file', { fileName: 'a.pdf', size: 0 }, /^size: The file is empty\./],
    ['a fractional size', { fileName: 'a.pdf', size: 1.5 }, /^size: size must be a whole number of bytes\./],
    ['a file over 5 GiB', { fileName: 'a.pdf', size: 5 * 1024 * MiB + 1 }, /^size: The file is larger than the 5 GB limit/],
    ['a missing file name', { size: 10 }, /^fileName: fileName is required\./],
    ['a file name over 255 characters', { fileName: `${'a'.repeat(256)}.pdf`, size: 10 }, /at most 255 characters/],
    ['a size sent as text', { fileName: 'a.pdf', size: '10' }, /^size: size must be the file size in bytes\./],
    ['a caller-chosen key', { fileName: 'a.pdf', size: 10, contentUrl: 'protected/teacher-2/x' }, /Unknown field\(s\) contentUrl/],
  ])('answers 400 to %s without calling S3', async (_case, body, message) => {
    expect(await request(body)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(s3).not.toReceiveAnyCommand();
  });
});

describe('POST /api/uploads as an admin', () => {
  const asAdmin = (body: unknown, secondFactor = withSecondFactor) =>
    invoke(makeHandler(makeUploadService(inMemoryPorts()), secondFactor), apiEvent(routes.createUpload, { token: tokens.admin, body }));

  it('answers a PUT into their own folder for a OneRoster package (a zip)', async () => {
    const answer = await asAdmin({ fileName: 'roster.zip', contentType: 'application/x-zip-compressed', size: 4096 });
    expect(answer).toMatchObject({ statusCode: 201, body: { contentUrl: expect.stringMatching(/^protected\/admin-1\/[^/]+\/roster\.zip$/) } });
    expect(new URL(answer.body.uploadUrl).searchParams.get('type')).toBe('application/zip');
  });

  it('answers 400 to a PDF, and to a zip over 50 MB', async () => {
    expect(await asAdmin({ fileName: 'notes.pdf', size: 10 })).toMatchObject({ statusCode: 400, body: errorBody(/^Admins upload a OneRoster package here/) });
    expect(await asAdmin({ fileName: 'roster.zip', size: 50 * MiB + 1 })).toMatchObject({ statusCode: 400, body: errorBody(/^size: The package is larger than 50 MB/) });
  });

  it('answers 403 to an admin without two-factor authentication', async () => {
    expect(await asAdmin({ fileName: 'roster.zip', size: 10 }, withoutSecondFactor)).toMatchObject({ statusCode: 403 });
  });
});
