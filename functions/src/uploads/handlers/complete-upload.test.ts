import { CompleteMultipartUploadCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '@shared/contract';
import { mockAws, s3Error } from '@test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { fileKey, uploadItem } from '@test/unit-helpers/fixtures';
import { handler } from './complete-upload';
import { sampleContent } from '../fakes/file-samples';

const { ddb, s3 } = mockAws();
const key = fileKey('lecture.pptx');

const body = (overrides: Record<string, unknown> = {}) => ({
  contentUrl: key,
  uploadId: 'upload-1',
  parts: [
    { partNumber: 2, etag: '"etag-2"' },
    { partNumber: 1, etag: '"etag-1"' },
  ],
  ...overrides,
});
const complete = (payload: unknown) => invoke(handler, apiEvent(routes.completeUpload, { token: tokens.teacher, body: payload }));

describe('POST /api/uploads/complete', () => {
  beforeEach(() => {
    ddb.on(GetCommand, { Key: { pk: 'UPLOAD#upload-1', sk: 'UPLOAD' } }).resolves({ Item: uploadItem() });
    s3.on(HeadObjectCommand).resolves({ ContentLength: 11 * 1024 * 1024, ContentType: 'application/pdf' });
    storedBytes(sampleContent('application/pdf'));
  });

  /** What a ranged GET of the stored file's start answers (the body's one method the adapter calls). */
  const storedBytes = (bytes: Uint8Array) =>
    s3.on(GetObjectCommand).resolves({ Body: { transformToByteArray: async () => bytes.slice(0, 64 * 1024) } } as never);

  it('reads only the first 64 KiB of the assembled file to check its type', async () => {
    s3.on(CompleteMultipartUploadCommand).resolves({});
    expect(await complete(body())).toMatchObject({ statusCode: 200 });
    expect(s3).toReceiveCommandWith(GetObjectCommand, { Bucket: 'test-bucket', Key: key, Range: 'bytes=0-65535' });
  });

  it('deletes a file whose first bytes are a program, not the PDF it was declared, and answers 400 saying so', async () => {
    s3.on(CompleteMultipartUploadCommand).resolves({});
    storedBytes(Uint8Array.from(Buffer.from('MZ\x90\x00 a program renamed .pdf', 'latin1')));
    expect(await complete(body())).toMatchObject({
      statusCode: 400,
      body: {
        message:
          'The file was refused: it is not a PDF file: its content is a Windows program (.exe). Upload the file itself, as saved by the program that made it.',
      },
    });
    expect(s3).toReceiveCommandWith(DeleteObjectsCommand, { Delete: { Objects: [{ Key: key }], Quiet: true } });
  });

  it('checks a single upload, named by its key alone, without multipart calls', async () => {
    expect(await complete({ contentUrl: key })).toMatchObject({ statusCode: 200, body: { contentUrl: key } });
    expect(s3).not.toReceiveCommand(CompleteMultipartUploadCommand);
    expect(ddb).not.toReceiveCommand(DeleteCommand);
  });

  it('answers 404 to a single upload whose file is not there', async () => {
    s3.on(HeadObjectCommand).rejects(s3Error('NotFound', 404));
    expect(await complete({ contentUrl: key })).toMatchObject({ statusCode: 404, body: errorBody(/not found; upload it again/) });
  });

  it('completes the upload with the parts in order, forgets it and answers the contentUrl', async () => {
    s3.on(CompleteMultipartUploadCommand).resolves({});
    expect(await complete(body())).toMatchObject({ statusCode: 200, body: { contentUrl: key } });
    expect(s3).toReceiveCommandWith(CompleteMultipartUploadCommand, {
      Bucket: 'test-bucket',
      Key: key,
      UploadId: 'upload-1',
      MultipartUpload: {
        Parts: [
          { PartNumber: 1, ETag: '"etag-1"' },
          { PartNumber: 2, ETag: '"etag-2"' },
        ],
      },
    });
    expect(ddb).toReceiveCommandWith(DeleteCommand, { Key: { pk: 'UPLOAD#upload-1', sk: 'UPLOAD' } });
    expect(s3).not.toReceiveCommand(DeleteObjectsCommand);
  });

  it('deletes an assembled file of another size than declared and answers 400', async () => {
    s3.on(CompleteMultipartUploadCommand).resolves({});
    s3.on(HeadObjectCommand).resolves({ ContentLength: 10 * 1024 * 1024 });
    expect(await complete(body())).toMatchObject({
      statusCode: 400,
      body: { message: 'The uploaded parts make 10485760 bytes, not the 11534336 bytes declared; the file was discarded. Upload it again.' },
    });
    expect(s3).toReceiveCommandWith(DeleteObjectsCommand, { Delete: { Objects: [{ Key: key }], Quiet: true } });
  });

  it('answers 404 to an upload the API did not start for this teacher and key, without calling S3', async () => {
    ddb.on(GetCommand).resolves({ Item: uploadItem({ contentUrl: fileKey('other.pptx') }) });
    expect(await complete(body())).toMatchObject({ statusCode: 404, body: errorBody(/no longer exists/) });
    expect(s3).not.toReceiveAnyCommand();
  });

  it("answers 403 to another teacher's upload without calling S3", async () => {
    const answer = await complete(body({ contentUrl: fileKey('lecture.pptx', OTHER_TEACHER_ID) }));
    expect(answer).toMatchObject({ statusCode: 403, body: { message: 'You can only finish or cancel your own uploads.' } });
    expect(s3).not.toReceiveAnyCommand();
  });

  it.each([
    ['NoSuchUpload', 404, /no longer exists/],
    ['InvalidPart', 400, /do not match this upload/],
    ['InvalidPartOrder', 400, /do not match this upload/],
    ['EntityTooSmall', 400, /do not match this upload/],
    ['InternalError', 500, /Something went wrong on our side\. .* quote reference request-1\./],
  ])('maps S3 %s to %i', async (name, status, message) => {
    s3.on(CompleteMultipartUploadCommand).rejects(s3Error(name));
    expect(await complete(body())).toMatchObject({ statusCode: status, body: errorBody(message) });
  });

  it.each([
    ['no parts', body({ parts: [] }), /^parts: parts must list every uploaded part\./],
    ['a part without an etag', body({ parts: [{ partNumber: 1 }] }), /^parts\.0\.etag: /],
    ['a part number of 0', body({ parts: [{ partNumber: 0, etag: 'x' }] }), /^parts\.0\.partNumber: /],
    ['a part number past 10,000', body({ parts: [{ partNumber: 10_001, etag: 'x' }] }), /^parts\.0\.partNumber: /],
    ['parts without an uploadId', body({ uploadId: undefined }), /^uploadId: Send uploadId and parts together/],
    ['an uploadId without parts', body({ parts: undefined }), /^uploadId: Send uploadId and parts together/],
  ])('answers 400 with a sentence to %s, without calling S3', async (_case, payload, message) => {
    expect(await complete(payload)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(s3).not.toReceiveAnyCommand();
  });
});
