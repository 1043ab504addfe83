// The exact S3 commands the file storage sends, the upload URLs it signs (really signed, with test credentials, no
// request made), and how it turns S3's refusals into outcomes.
import {
  ListObjectsV2Command,
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mockAws, s3Error } from '@test/unit-helpers/aws';
import { makeFileStorage } from './file-storage';

const { s3 } = mockAws();
const storage = makeFileStorage({ client: new S3Client({ region: 'eu-west-1' }), bucketName: 'files-bucket', presign: getSignedUrl });
const key = 'protected/teacher-1/1714557600000-notes.pdf';

test('describeFile heads the object; a missing one (404, or 403 without ListBucket) is undefined, other failures propagate', async () => {
  s3.on(HeadObjectCommand).resolves({ ContentType: 'application/pdf', ContentLength: 2048 });
  await expect(storage.describeFile(key)).resolves.toEqual({ mediaType: 'application/pdf', size: 2048 });
  expect(s3).toReceiveCommandWith(HeadObjectCommand, { Bucket: 'files-bucket', Key: key });
  s3.on(HeadObjectCommand).rejects(new NotFound({ message: 'Not Found', $metadata: { httpStatusCode: 404 } }));
  await expect(storage.describeFile(key)).resolves.toBeUndefined();
  // What S3 answers for a missing key to a function that may not list the bucket (none may).
  s3.on(HeadObjectCommand).rejects(s3Error('Forbidden', 403));
  await expect(storage.describeFile(key)).resolves.toBeUndefined();
  s3.on(HeadObjectCommand).rejects(s3Error('SlowDown', 503));
  await expect(storage.describeFile(key)).rejects.toThrow('SlowDown');
});

test('upload URLs: a single PUT signed for its size, media type and If-None-Match (write once), and parts signed for their length, valid an hour', async () => {
  const single = new URL(await storage.singleUploadUrl(key, 'application/pdf', 1234));
  expect(single.searchParams.get('x-id')).toBe('PutObject');
  expect(single.searchParams.get('X-Amz-Expires')).toBe('3600');
  expect(single.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
  const part = new URL(await storage.partUploadUrl(key, 'upload-1', 3, 5 * 1024 * 1024));
  expect(part.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
  expect(part.pathname).toBe(`/${key}`);
  expect(part.searchParams.get('uploadId')).toBe('upload-1');
  expect(part.searchParams.get('partNumber')).toBe('3');
  expect(part.searchParams.get('X-Amz-Expires')).toBe('3600');
  expect(s3).not.toReceiveAnyCommand();
});

test('startMultipartUpload creates the upload with its media type and answers its id', async () => {
  s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'upload-1' });
  await expect(storage.startMultipartUpload(key, 'video/mp4')).resolves.toBe('upload-1');
  expect(s3).toReceiveCommandWith(CreateMultipartUploadCommand, { Bucket: 'files-bucket', Key: key, ContentType: 'video/mp4' });
  s3.on(CreateMultipartUploadCommand).resolves({});
  await expect(storage.startMultipartUpload(key, 'video/mp4')).rejects.toThrow('S3 returned no UploadId');
});

test('completeMultipartUpload sends the parts in order; refusals the client can fix become outcomes', async () => {
  s3.on(CompleteMultipartUploadCommand).resolves({});
  const parts = [
    { partNumber: 2, etag: '"etag-2"' },
    { partNumber: 1, etag: '"etag-1"' },
  ];
  await expect(storage.completeMultipartUpload(key, 'upload-1', parts)).resolves.toBe('done');
  expect(s3).toReceiveCommandWith(CompleteMultipartUploadCommand, {
    Bucket: 'files-bucket',
    Key: key,
    UploadId: 'upload-1',
    IfNoneMatch: '*',
    MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"etag-1"' }, { PartNumber: 2, ETag: '"etag-2"' }] },
  });
  for (const [name, outcome] of [['NoSuchUpload', 'noSuchUpload'], ['InvalidPart', 'partsMismatch'], ['InvalidPartOrder', 'partsMismatch'], ['EntityTooSmall', 'partsMismatch']]) {
    s3.on(CompleteMultipartUploadCommand).rejects(s3Error(name));
    await expect(storage.completeMultipartUpload(key, 'upload-1', parts)).resolves.toBe(outcome);
  }
  s3.on(CompleteMultipartUploadCommand).rejects(s3Error('InternalError', 500));
  await expect(storage.completeMultipartUpload(key, 'upload-1', parts)).rejects.toThrow('InternalError');
});

test('abortMultipartUpload aborts; an upload that is gone is an outcome, other failures propagate', async () => {
  s3.on(AbortMultipartUploadCommand).resolves({});
  await expect(storage.abortMultipartUpload(key, 'upload-1')).resolves.toBe('done');
  expect(s3).toReceiveCommandWith(AbortMultipartUploadCommand, { Bucket: 'files-bucket', Key: key, UploadId: 'upload-1' });
  s3.on(AbortMultipartUploadCommand).rejects(s3Error('NoSuchUpload', 404));
  await expect(storage.abortMultipartUpload(key, 'upload-1')).resolves.toBe('noSuchUpload');
  s3.on(AbortMultipartUploadCommand).rejects(s3Error('AccessDenied', 403));
  await expect(storage.abortMultipartUpload(key, 'upload-1')).rejects.toThrow('AccessDenied');
});

test('copyFile copies inside the bucket (the source key encoded); a missing source is false, other failures propagate', async () => {
  s3.on(CopyObjectCommand).resolves({});
  const to = 'protected/teacher-9/u1/notes été.pdf';
  await expect(storage.copyFile('protected/teacher-1/u1/notes été.pdf', to)).resolves.toBe(true);
  expect(s3).toReceiveCommandWith(CopyObjectCommand, { Bucket: 'files-bucket', Key: to, CopySource: 'files-bucket/protected/teacher-1/u1/notes%20%C3%A9t%C3%A9.pdf' });
  s3.on(CopyObjectCommand).rejects(s3Error('NoSuchKey', 404));
  await expect(storage.copyFile(key, to)).resolves.toBe(false);
  s3.on(CopyObjectCommand).rejects(s3Error('SlowDown', 503));
  await expect(storage.copyFile(key, to)).rejects.toThrow('SlowDown');
});

test("deleteFolder lists the folder's keys and deletes each page of them until it lists empty", async () => {
  s3.on(ListObjectsV2Command)
    .resolvesOnce({ Contents: [{ Key: key }, { Key: `${key}.2` }] })
    .resolves({});
  s3.on(DeleteObjectsCommand).resolves({});
  await expect(storage.deleteFolder('protected/teacher-1/')).resolves.toBe(2);
  expect(s3).toReceiveCommandWith(ListObjectsV2Command, { Bucket: 'files-bucket', Prefix: 'protected/teacher-1/' });
  expect(s3).toReceiveCommandTimes(ListObjectsV2Command, 2);
  expect(s3).toReceiveCommandWith(DeleteObjectsCommand, { Bucket: 'files-bucket', Delete: { Objects: [{ Key: key }, { Key: `${key}.2` }], Quiet: true } });
});

test('deleteFiles deletes quietly in one request, and sends nothing for no keys', async () => {
  s3.on(DeleteObjectsCommand).resolves({});
  await storage.deleteFiles([key, `${key}.2`]);
  expect(s3).toReceiveCommandWith(DeleteObjectsCommand, {
    Bucket: 'files-bucket',
    Delete: { Objects: [{ Key: key }, { Key: `${key}.2` }], Quiet: true },
  });
  s3.reset();
  await storage.deleteFiles([]);
  expect(s3).not.toReceiveAnyCommand();
});
