import { AbortMultipartUploadCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '@shared/contract';
import { mockAws, s3Error } from '@test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { fileKey, uploadItem } from '@test/unit-helpers/fixtures';
import { handler } from './abort-upload';

const { ddb, s3 } = mockAws();
const key = fileKey('lecture.pptx');

const abort = (body: unknown) => invoke(handler, apiEvent(routes.abortUpload, { token: tokens.teacher, body }));

describe('POST /api/uploads/abort', () => {
  beforeEach(() => {
    ddb.on(GetCommand).resolves({ Item: uploadItem() });
  });

  it('aborts the upload, forgets it and answers 204', async () => {
    s3.on(AbortMultipartUploadCommand).resolves({});
    const answer = await abort({ contentUrl: key, uploadId: 'upload-1' });
    expect(answer).toMatchObject({ statusCode: 204, body: undefined });
    expect(s3).toReceiveCommandWith(AbortMultipartUploadCommand, { Bucket: 'test-bucket', Key: key, UploadId: 'upload-1' });
    expect(ddb).toReceiveCommandWith(DeleteCommand, { Key: { pk: 'UPLOAD#upload-1', sk: 'UPLOAD' } });
  });

  it('answers 404 to an upload that storage no longer has', async () => {
    s3.on(AbortMultipartUploadCommand).rejects(s3Error('NoSuchUpload', 404));
    expect(await abort({ contentUrl: key, uploadId: 'upload-1' })).toMatchObject({ statusCode: 404, body: errorBody(/no longer exists/) });
  });

  it('answers 404 to an upload the API has no record of, without calling S3', async () => {
    ddb.on(GetCommand).resolves({});
    expect(await abort({ contentUrl: key, uploadId: 'gone' })).toMatchObject({ statusCode: 404, body: errorBody(/no longer exists/) });
    expect(s3).not.toReceiveAnyCommand();
  });

  it.each([
    ["another teacher's key", fileKey('x.pdf', OTHER_TEACHER_ID)],
    ['a key outside every teacher area', 'public/x.pdf'],
    ['a key climbing out of the caller area', 'protected/teacher-1/../teacher-2/x.pdf'],
  ])('answers 403 to %s without calling S3', async (_case, contentUrl) => {
    expect(await abort({ contentUrl, uploadId: 'upload-1' })).toMatchObject({ statusCode: 403, body: errorBody() });
    expect(s3).not.toReceiveAnyCommand();
  });

  it.each([
    ['a missing contentUrl', { uploadId: 'u' }, /^contentUrl: contentUrl is required/],
    ['an empty uploadId', { contentUrl: key, uploadId: '' }, /^uploadId: uploadId is required\./],
    ['an unknown field', { contentUrl: key, uploadId: 'u', force: true }, /Unknown field\(s\) force/],
  ])('answers 400 to %s', async (_case, body, message) => {
    expect(await abort(body)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(s3).not.toReceiveAnyCommand();
  });
});
