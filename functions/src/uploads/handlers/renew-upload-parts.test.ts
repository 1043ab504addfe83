import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '@shared/contract';
import { mockAws } from '@test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { fileKey, uploadItem } from '@test/unit-helpers/fixtures';
import { handler } from './renew-upload-parts';

const { ddb, s3 } = mockAws();
const key = fileKey('lecture.pptx');

const body = (overrides: Record<string, unknown> = {}) => ({ contentUrl: key, uploadId: 'upload-1', partNumbers: [3, 1], ...overrides });
const renew = (payload: unknown, token = tokens.teacher) =>
  invoke(handler, apiEvent(routes.renewUploadParts, { token, body: payload }));

describe('POST /api/uploads/parts', () => {
  beforeEach(() => {
    ddb.on(GetCommand, { Key: { pk: 'UPLOAD#upload-1', sk: 'UPLOAD' } }).resolves({ Item: uploadItem() });
  });

  it('answers a fresh presigned URL per asked part, in the order asked, each signed for its length, without a call to S3', async () => {
    const answer = await renew(body());

    expect(answer).toMatchObject({ statusCode: 200 });
    expect(answer.body).toEqual({
      parts: [3, 1].map((partNumber) => ({ partNumber, uploadUrl: expect.any(String) })),
    });
    for (const { partNumber, uploadUrl } of answer.body.parts) {
      const url = new URL(uploadUrl);
      expect(url.pathname).toBe(`/${key}`);
      expect(url.searchParams.get('uploadId')).toBe('upload-1');
      expect(url.searchParams.get('partNumber')).toBe(String(partNumber));
      expect(url.searchParams.get('x-id')).toBe('UploadPart');
      expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    }
    // Signing needs no S3 request; the table is only read.
    expect(s3).not.toReceiveAnyCommand();
    expect(ddb).not.toReceiveCommand(PutCommand);
    expect(ddb).not.toReceiveCommand(DeleteCommand);
  });

  it('answers 400 to a part past the declared size (11 MiB in parts of 5 MiB has 3), signing nothing', async () => {
    const answer = await renew(body({ partNumbers: [3, 4, 10_000] }));
    expect(answer).toMatchObject({ statusCode: 400, body: { message: 'This upload has 3 parts; there is no part 4, 10000.' } });
    expect(JSON.stringify(answer.body)).not.toContain('X-Amz');
  });

  it.each([
    ['an upload the API never started', undefined],
    ['an upload started by someone else', uploadItem({ ownerId: OTHER_TEACHER_ID })],
    ['an upload started for another key', uploadItem({ contentUrl: fileKey('other.pptx') })],
    ['an expired upload', uploadItem({ expiresAt: '2001-01-01T00:00:00.000Z' })],
  ])('answers 404 to %s, signing nothing', async (_case, Item) => {
    ddb.on(GetCommand).resolves({ Item });
    const answer = await renew(body());
    expect(answer).toMatchObject({ statusCode: 404, body: errorBody(/no longer exists/) });
    expect(JSON.stringify(answer.body)).not.toContain('X-Amz');
  });

  it.each([
    ["another teacher's key", fileKey('lecture.pptx', OTHER_TEACHER_ID)],
    ['a key outside every teacher area', 'public/x.pdf'],
    ['a key climbing out of the caller area', 'protected/teacher-1/../teacher-2/x.pdf'],
  ])('answers 403 to %s without signing anything', async (_case, contentUrl) => {
    const answer = await renew(body({ contentUrl }));
    expect(answer).toMatchObject({ statusCode: 403, body: { message: 'You can only continue your own uploads.' } });
    expect(JSON.stringify(answer.body)).not.toContain('X-Amz');
    expect(s3).not.toReceiveAnyCommand();
  });

  it('answers 403 to a student', async () => {
    expect(await renew(body(), tokens.student)).toMatchObject({ statusCode: 403, body: errorBody(/teachers/) });
    expect(s3).not.toReceiveAnyCommand();
  });

  it.each([
    ['no body', undefined, /^The request body must be a JSON object/],
    ['a missing contentUrl', body({ contentUrl: undefined }), /^contentUrl: contentUrl is required/],
    ['a missing uploadId', body({ uploadId: undefined }), /^uploadId: uploadId is required\./],
    ['missing partNumbers', body({ partNumbers: undefined }), /^partNumbers: partNumbers must be a list of part numbers\./],
    ['partNumbers that are not a list', body({ partNumbers: 1 }), /^partNumbers: partNumbers must be a list of part numbers\./],
    ['no part numbers', body({ partNumbers: [] }), /^partNumbers: partNumbers must list at least one part to upload\./],
    ['a part number of 0', body({ partNumbers: [0] }), /^partNumbers\.0: partNumber must be a whole number from 1 to 10000\./],
    ['a part number past 10,000', body({ partNumbers: [1, 10_001] }), /^partNumbers\.1: partNumber must be a whole number/],
    ['a fractional part number', body({ partNumbers: [1.5] }), /^partNumbers\.0: partNumber must be a whole number/],
    ['a part number as text', body({ partNumbers: ['1'] }), /^partNumbers\.0: partNumber must be a number\./],
    ['a part listed twice', body({ partNumbers: [2, 1, 2] }), /^partNumbers: partNumbers must list each part only once\./],
    ['more than 10,000 part numbers', body({ partNumbers: Array.from({ length: 10_001 }, (_, i) => i + 1) }), /An upload has at most 10000 parts\./],
    ['an unknown field', body({ partSize: 5 }), /Unknown field\(s\) partSize are not accepted\./],
  ])('answers 400 to %s without signing anything', async (_case, payload, message) => {
    expect(await renew(payload)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(s3).not.toReceiveAnyCommand();
  });
});
