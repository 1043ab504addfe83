// The exact reads and writes of a teacher's gathered terms: one object in their folder, written back only over the
// version read (If-Match), the first only where none is (If-None-Match); a write that lost the race reads again, so
// two extractions finishing at once both land; a deleted file's terms dropped the same way.
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockAws, s3Error } from '@test/unit-helpers/aws';
import { gatherTerms, noGatheredTerms } from '../gathered-terms';
import type { PageTerms } from '../port';
import { makeLibraryTermsStore } from './library-terms-store';

const { s3 } = mockAws();
const store = makeLibraryTermsStore({ client: new S3Client({}), bucketName: 'uploads' });
const KEY = 'protected/teacher-1/search/library/terms.json.gz';
const cells = [{ number: 1, length: 2, stems: ['cell'], counts: [2] }];
const atoms = [{ number: 3, length: 1, stems: ['atom'], counts: [1] }];

/** The gathered terms of these files, as the store keeps them. */
const gathered = (files: Record<string, PageTerms[]>) => gatherTerms(noGatheredTerms(), new Map(Object.entries(files)));
const stored = (files: Record<string, PageTerms[]>, ETag: string) => {
  const bytes = new Uint8Array(gzipSync(JSON.stringify(gathered(files))));
  return { Body: { transformToByteArray: async () => bytes }, ETag } as never;
};
const written = (call: number) => {
  const input = s3.commandCalls(PutObjectCommand)[call].args[0].input;
  return { ...input, Body: JSON.parse(gunzipSync(input.Body as Uint8Array).toString('utf8')) as unknown };
};

test('reads nothing gathered as no files, and the gathered files by key', async () => {
  s3.on(GetObjectCommand).rejectsOnce(s3Error('NoSuchKey', 404)).resolves(stored({ 'protected/teacher-1/u1/cells.pdf': cells }, '"v1"'));

  expect(await store.read('teacher-1')).toEqual(noGatheredTerms());
  expect(await store.read('teacher-1')).toEqual(gathered({ 'protected/teacher-1/u1/cells.pdf': cells }));
  expect(s3).toReceiveCommandWith(GetObjectCommand, { Bucket: 'uploads', Key: KEY });
});

test('writes the first gathered terms only where there are none, and adds to them over the version it read', async () => {
  s3.on(GetObjectCommand).rejectsOnce(s3Error('NoSuchKey', 404)).resolves(stored({ a: cells }, '"v1"'));

  await store.add('teacher-1', new Map([['a', cells]]));
  await store.add('teacher-1', new Map([['b', atoms]]));

  expect(written(0)).toMatchObject({ Bucket: 'uploads', Key: KEY, IfNoneMatch: '*', ContentEncoding: 'gzip', Body: gathered({ a: cells }) });
  expect(written(1)).toMatchObject({ Key: KEY, IfMatch: '"v1"', Body: gathered({ a: cells, b: atoms }) });
});

test('a write that lost the race to another extraction reads again and keeps that one\'s terms', async () => {
  s3.on(GetObjectCommand).resolvesOnce(stored({ a: cells }, '"v1"')).resolves(stored({ a: cells, c: atoms }, '"v2"'));
  s3.on(PutObjectCommand).rejectsOnce(s3Error('PreconditionFailed', 412)).resolves({});

  await store.add('teacher-1', new Map([['b', atoms]]));

  expect(s3).toReceiveCommandTimes(PutObjectCommand, 2);
  expect(written(1)).toMatchObject({ IfMatch: '"v2"', Body: gathered({ a: cells, c: atoms, b: atoms }) });
});

test('any other failure to write propagates (the storage event is retried)', async () => {
  s3.on(GetObjectCommand).resolves(stored({}, '"v1"'));
  s3.on(PutObjectCommand).rejects(s3Error('InternalError', 500));

  await expect(store.add('teacher-1', new Map([['a', cells]]))).rejects.toMatchObject({ name: 'InternalError' });
  expect(s3).toReceiveCommandTimes(PutObjectCommand, 1);
});

test("drops a deleted file's terms over the version read, and writes nothing when the file has none gathered or no object is stored", async () => {
  s3.on(GetObjectCommand)
    .resolvesOnce(stored({ a: cells, b: atoms }, '"v1"'))
    .resolvesOnce(stored({ b: atoms }, '"v2"'))
    .rejectsOnce(s3Error('NoSuchKey', 404));

  await store.remove('teacher-1', ['a']);
  await store.remove('teacher-1', ['a']);
  await store.remove('teacher-1', ['a']);

  expect(s3).toReceiveCommandTimes(PutObjectCommand, 1);
  expect(written(0)).toMatchObject({ Key: KEY, IfMatch: '"v1"', Body: gathered({ b: atoms }) });
});
