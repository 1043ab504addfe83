// The key value store adapter: each publish writes the one key under the store's current ETag, tries again when
// another write came in between, and lets any other failure through (the route answers 500 and the admin saves again).
import { CloudFrontKeyValueStoreClient, ConflictException, DescribeKeyValueStoreCommand, PutKeyCommand, ValidationException } from '@aws-sdk/client-cloudfront-keyvaluestore';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { makeFrameAncestorsStore } from './frame-ancestors-store';

const STORE = 'arn:aws:cloudfront::123456789012:key-value-store/0a1b2c3d-frame';
const SOURCES = "'self' https://canvas.example.edu https://school.instructure.com";

const kvs = mockClient(CloudFrontKeyValueStoreClient);
beforeEach(() => kvs.reset());

const conflict = () => new ConflictException({ message: 'Pre-condition failed: the ETag does not match', $metadata: {} });

test("puts the sources under the frame-ancestors key, naming the store's current ETag", async () => {
  kvs.on(DescribeKeyValueStoreCommand).resolves({ ETag: 'etag-1', KvsARN: STORE, Created: new Date(), ItemCount: 1, TotalSizeInBytes: 10 });
  kvs.on(PutKeyCommand).resolves({ ETag: 'etag-2', ItemCount: 1, TotalSizeInBytes: 80 });
  await makeFrameAncestorsStore(STORE).publish(SOURCES);
  expect(kvs).toHaveReceivedCommandWith(DescribeKeyValueStoreCommand, { KvsARN: STORE });
  expect(kvs).toHaveReceivedCommandTimes(PutKeyCommand, 1);
  expect(kvs).toHaveReceivedCommandWith(PutKeyCommand, { KvsARN: STORE, Key: 'frame-ancestors', Value: SOURCES, IfMatch: 'etag-1' });
});

test('a write that met another is tried again with the new ETag, up to three times', async () => {
  kvs.on(DescribeKeyValueStoreCommand).resolvesOnce({ ETag: 'etag-1' }).resolves({ ETag: 'etag-2' });
  kvs.on(PutKeyCommand).rejectsOnce(conflict()).resolves({ ETag: 'etag-3' });
  await makeFrameAncestorsStore(STORE).publish(SOURCES);
  expect(kvs).toHaveReceivedNthCommandWith(4, PutKeyCommand, { IfMatch: 'etag-2' });

  kvs.reset();
  kvs.on(DescribeKeyValueStoreCommand).resolves({ ETag: 'etag-1' });
  kvs.on(PutKeyCommand).rejects(conflict());
  await expect(makeFrameAncestorsStore(STORE).publish(SOURCES)).rejects.toThrow('Pre-condition failed');
  expect(kvs).toHaveReceivedCommandTimes(PutKeyCommand, 3);
});

test('any other failure is not retried', async () => {
  kvs.on(DescribeKeyValueStoreCommand).resolves({ ETag: 'etag-1' });
  kvs.on(PutKeyCommand).rejects(new ValidationException({ message: 'Value too long', $metadata: {} }));
  await expect(makeFrameAncestorsStore(STORE).publish(SOURCES)).rejects.toThrow('Value too long');
  expect(kvs).toHaveReceivedCommandTimes(PutKeyCommand, 1);
});
