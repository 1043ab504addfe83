// The S3 twin refuses what S3 refuses: unsigned and wrongly signed requests, expired or tampered presigned URLs, a
// PUT of another size or type than was signed, and multipart calls with an upload id that is unknown or was started
// for another key. Browsers still get their CORS answers. Deleted objects are announced, as S3's "Object Deleted" events.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LOCAL_CREDENTIALS } from './stack-config';
import { listDespiteDeletions, startStorage, type StorageTwin } from './storage';

const BUCKET = 'twin-bucket';
let directory: string;
let twin: StorageTwin;
let s3: S3Client;
const deleted: string[] = [];

const client = (secretAccessKey = LOCAL_CREDENTIALS.secretAccessKey) =>
  new S3Client({
    endpoint: twin.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: LOCAL_CREDENTIALS.accessKeyId, secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 's3-twin-'));
  twin = await startStorage({ directory, host: '127.0.0.1', port: 0, bucket: BUCKET, onObjectDeleted: (key) => deleted.push(key) });
  s3 = client();
});

afterAll(async () => {
  s3?.destroy();
  await twin?.close();
  await rm(directory, { recursive: true, force: true });
});

const errorCode = async (response: Response) => /<Code>(\w+)<\/Code>/.exec(await response.text())?.[1];

/** A presigned single-upload URL bound to this size and type, as the API issues it. */
const uploadUrl = (key: string, size: number, type = 'application/pdf', options: { signingDate?: Date } = {}) =>
  getSignedUrl(s3, new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: type, ContentLength: size }), {
    expiresIn: 3600,
    signableHeaders: new Set(['content-type', 'content-length']),
    ...options,
  });

describe('signatures', () => {
  it('accepts a PUT of exactly the signed size and type, and the signed GET of it', async () => {
    const put = await fetch(await uploadUrl('protected/u/ok.pdf', 10), { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: '0123456789' });
    expect(put.status).toBe(200);
    const get = await fetch(await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: 'protected/u/ok.pdf' })));
    expect(get.status).toBe(200);
    expect(await get.text()).toBe('0123456789');
  });

  it.each([
    ['a larger body', 'application/pdf', '0123456789 and far more than was declared'],
    ['a smaller body', 'application/pdf', '0123'],
    ['another type', 'text/html', '0123456789'],
  ])('refuses a presigned PUT with %s (403 SignatureDoesNotMatch), storing nothing', async (_case, type, body) => {
    const put = await fetch(await uploadUrl('protected/u/bound.pdf', 10), { method: 'PUT', headers: { 'content-type': type }, body });
    expect(put.status).toBe(403);
    expect(await errorCode(put)).toBe('SignatureDoesNotMatch');
    const head = await fetch(await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: 'protected/u/bound.pdf' })));
    expect(head.status).toBe(404);
  });

  it('refuses an expired presigned URL (403 AccessDenied)', async () => {
    const url = await uploadUrl('protected/u/late.pdf', 3, 'application/pdf', { signingDate: new Date(Date.now() - 2 * 3600_000) });
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: 'abc' });
    expect(put.status).toBe(403);
    expect(await put.text()).toMatch(/<Code>AccessDenied<\/Code><Message>Request has expired/);
  });

  it('refuses a presigned URL whose key or query was changed (403 SignatureDoesNotMatch)', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'protected/u/secret.pdf', Body: 'secret' }));
    const url = await getSignedUrl(
      s3,
      new GetObjectCommand({ Bucket: BUCKET, Key: 'protected/u/mine.pdf', ResponseContentDisposition: 'attachment' }),
    );
    const otherKey = await fetch(url.replace('/mine.pdf', '/secret.pdf'));
    expect(otherKey.status).toBe(403);
    expect(await errorCode(otherKey)).toBe('SignatureDoesNotMatch');
    const inline = await fetch(url.replace('response-content-disposition=attachment', 'response-content-disposition=inline'));
    expect(inline.status).toBe(403);
    expect(await errorCode(inline)).toBe('SignatureDoesNotMatch');
  });

  it.each(['GET', 'PUT', 'DELETE'])('refuses an unsigned %s of an object (403 AccessDenied)', async (method) => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'protected/u/kept.pdf', Body: 'kept' }));
    const answer = await fetch(`${twin.endpoint}/${BUCKET}/protected/u/kept.pdf`, { method, body: method === 'PUT' ? 'replaced' : undefined });
    expect(answer.status).toBe(403);
    expect(await errorCode(answer)).toBe('AccessDenied');
    const stored = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'protected/u/kept.pdf' }));
    expect(await stored.Body!.transformToString()).toBe('kept');
  });

  it('refuses an unsigned listing of the bucket (403 AccessDenied)', async () => {
    const answer = await fetch(`${twin.endpoint}/${BUCKET}?list-type=2`);
    expect(answer.status).toBe(403);
    expect(await errorCode(answer)).toBe('AccessDenied');
  });

  it('refuses a header-signed request made with the wrong secret (403 SignatureDoesNotMatch)', async () => {
    const wrong = client('not-the-secret');
    await expect(wrong.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'protected/u/x.pdf', Body: 'x' }))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    wrong.destroy();
  });

  it('answers a CORS preflight and lets a browser read a refusal', async () => {
    const preflight = await fetch(`${twin.endpoint}/${BUCKET}/protected/u/a.pdf`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await fetch(`${twin.endpoint}/${BUCKET}/protected/u/a.pdf`, { method: 'PUT', headers: { origin: 'http://127.0.0.1:3000' }, body: 'a' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('multipart upload ids', () => {
  const start = async (key: string) =>
    (await s3.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: key, ContentType: 'application/pdf' }))).UploadId!;

  it('a part sent for another key with this upload id is NoSuchUpload (404); the upload itself still works', async () => {
    const uploadId = await start('protected/a/big.pdf');
    const partFor = (key: string) => getSignedUrl(s3, new UploadPartCommand({ Bucket: BUCKET, Key: key, UploadId: uploadId, PartNumber: 1 }));
    const stray = await fetch(await partFor('protected/b/big.pdf'), { method: 'PUT', body: 'part' });
    expect(stray.status).toBe(404);
    expect(await errorCode(stray)).toBe('NoSuchUpload');

    const part = await fetch(await partFor('protected/a/big.pdf'), { method: 'PUT', body: 'part' });
    expect(part.status).toBe(200);
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'protected/a/big.pdf',
        UploadId: uploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.headers.get('etag')! }] },
      }),
    );
  });

  it('aborting with another key is NoSuchUpload and leaves the upload to its owner', async () => {
    const uploadId = await start('protected/a/kept.pdf');
    await expect(s3.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'protected/b/kept.pdf', UploadId: uploadId }))).rejects.toMatchObject({
      name: 'NoSuchUpload',
      $metadata: { httpStatusCode: 404 },
    });
    await s3.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'protected/a/kept.pdf', UploadId: uploadId }));
  });

  it('an unknown upload id is NoSuchUpload (404), not an internal error', async () => {
    const complete = new CompleteMultipartUploadCommand({
      Bucket: BUCKET,
      Key: 'protected/a/none.pdf',
      UploadId: 'no-such-upload',
      MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"x"' }] },
    });
    await expect(s3.send(complete)).rejects.toMatchObject({ name: 'NoSuchUpload', $metadata: { httpStatusCode: 404 } });
    const part = await fetch(
      await getSignedUrl(s3, new UploadPartCommand({ Bucket: BUCKET, Key: 'protected/a/none.pdf', UploadId: 'no-such-upload', PartNumber: 1 })),
      { method: 'PUT', body: 'x' },
    );
    expect(part.status).toBe(404);
  });
});

describe('deletions', () => {
  it('announces each object a DeleteObject or a DeleteObjects deletes, and nothing for a key that holds none', async () => {
    for (const key of ['protected/u/one.txt', 'protected/u/two.txt', 'protected/u/three.txt']) await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'x' }));

    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'protected/u/one.txt' }));
    await s3.send(new DeleteObjectsCommand({ Bucket: BUCKET, Delete: { Objects: [{ Key: 'protected/u/two.txt' }, { Key: 'protected/u/three.txt' }, { Key: 'protected/u/none.txt' }], Quiet: true } }));

    expect(deleted.sort()).toEqual(['protected/u/one.txt', 'protected/u/three.txt', 'protected/u/two.txt']);
    await expect(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'protected/u/two.txt' }))).rejects.toMatchObject({ name: 'NoSuchKey' });
  });
});

describe('conditional writes (If-None-Match: *)', () => {
  /** A single-upload URL as the API issues it: write once. */
  const writeOnceUrl = (key: string, size: number) =>
    getSignedUrl(s3, new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: 'text/plain', ContentLength: size, IfNoneMatch: '*' }), {
      expiresIn: 3600,
      signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
    });
  const put = (url: string, body: string, headers: Record<string, string> = { 'if-none-match': '*' }) =>
    fetch(url, { method: 'PUT', headers: { 'content-type': 'text/plain', ...headers }, body });
  const read = async (key: string) =>
    (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToString();

  it('a write-once URL stores its object, then is refused (412 PreconditionFailed) and the object stays', async () => {
    const url = await writeOnceUrl('protected/u/once.txt', 5);
    expect((await put(url, 'first')).status).toBe(200);
    const again = await put(url, 'again');
    expect(again.status).toBe(412);
    expect(await errorCode(again)).toBe('PreconditionFailed');
    expect(await read('protected/u/once.txt')).toBe('first');
  });

  it('a write-once URL sent without its header is refused (403 SignatureDoesNotMatch)', async () => {
    const url = await writeOnceUrl('protected/u/unconditional.txt', 5);
    const answer = await put(url, 'first', {});
    expect(answer.status).toBe(403);
    expect(await errorCode(answer)).toBe('SignatureDoesNotMatch');
  });

  it('of concurrent write-once PUTs of one key exactly one stores its bytes', async () => {
    const url = await writeOnceUrl('protected/u/race.txt', 5);
    const answers = await Promise.all(['aaaaa', 'bbbbb', 'ccccc', 'ddddd'].map((body) => put(url, body)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 409, 412].includes(status))).toBe(true);
    const winner = ['aaaaa', 'bbbbb', 'ccccc', 'ddddd'][statuses.indexOf(200)];
    expect(await read('protected/u/race.txt')).toBe(winner);
  });

  it('a multipart completion with If-None-Match over an existing object is refused (412) and the object stays', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'protected/u/taken.txt', Body: 'kept' }));
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'protected/u/taken.txt' }));
    const { ETag } = await s3.send(new UploadPartCommand({ Bucket: BUCKET, Key: 'protected/u/taken.txt', UploadId, PartNumber: 1, Body: 'new' }));
    const complete = new CompleteMultipartUploadCommand({
      Bucket: BUCKET,
      Key: 'protected/u/taken.txt',
      UploadId,
      IfNoneMatch: '*',
      MultipartUpload: { Parts: [{ PartNumber: 1, ETag }] },
    });
    await expect(s3.send(complete)).rejects.toMatchObject({ name: 'PreconditionFailed', $metadata: { httpStatusCode: 412 } });
    expect(await read('protected/u/taken.txt')).toBe('kept');
  });
});

describe('conditional writes (If-Match)', () => {
  const read = (key: string) => s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));

  it('stores a PutObject whose If-Match is the stored ETag, and refuses (412) one of an older ETag or of no object', async () => {
    const key = 'protected/u/search/library/terms.json.gz';
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'first' }));
    const { ETag: first } = await read(key);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'second', IfMatch: first }));

    await expect(s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'lost', IfMatch: first }))).rejects.toMatchObject({
      name: 'PreconditionFailed',
      $metadata: { httpStatusCode: 412 },
    });
    await expect(s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'protected/u/none.txt', Body: 'x', IfMatch: first }))).rejects.toMatchObject({ name: 'PreconditionFailed' });
    expect(await (await read(key)).Body!.transformToString()).toBe('second');
  });
});

it('lists again when an object is deleted while it is listed, as S3 lists what exists instead of failing', async () => {
  const listed = { objects: [], commonPrefixes: [], isTruncated: false };
  const vanished = Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' });
  const listObjects = jest.fn().mockRejectedValueOnce(vanished).mockResolvedValueOnce(listed);
  const twin = { store: { listObjects } } as unknown as Parameters<typeof listDespiteDeletions>[0];
  listDespiteDeletions(twin);
  await expect(twin.store.listObjects('bucket', {})).resolves.toBe(listed);
  expect(listObjects).toHaveBeenCalledTimes(2);

  const broken = Object.assign(new Error('EACCES'), { code: 'EACCES' });
  listObjects.mockRejectedValueOnce(broken);
  await expect(twin.store.listObjects('bucket', {})).rejects.toBe(broken);
});
