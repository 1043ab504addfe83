// The registered LMSs' frame-ancestors sources in AWS: one key of the CloudFront key value store that the Web stack's
// viewer-response function reads on every app page (shared/security-headers.ts). Its API is signed with SigV4a, whose
// pure-JS signer registers itself on import (docs/decisions/dependencies/cloudfront-key-value-store.md).
import '@aws-sdk/signature-v4a';
import { CloudFrontKeyValueStoreClient, DescribeKeyValueStoreCommand, PutKeyCommand } from '@aws-sdk/client-cloudfront-keyvaluestore';
import { FRAME_ANCESTORS_KEY } from '@shared/security-headers';
import { traced } from '../../platform/tracing';
import type { FrameAncestorsPublisher } from '../port';

let client: CloudFrontKeyValueStoreClient | undefined;
const kvs = () => (client ??= traced(new CloudFrontKeyValueStoreClient({})));

/** A write that met another one between its read of the store's ETag and its PutKey is tried again, this often. */
const ATTEMPTS = 3;

export function makeFrameAncestorsStore(storeArn: string): FrameAncestorsPublisher {
  return {
    async publish(sources) {
      for (let attempt = 1; ; attempt += 1) {
        // Every write names the store's current ETag (optimistic concurrency of the key value store's API).
        const { ETag } = await kvs().send(new DescribeKeyValueStoreCommand({ KvsARN: storeArn }));
        try {
          await kvs().send(new PutKeyCommand({ KvsARN: storeArn, Key: FRAME_ANCESTORS_KEY, Value: sources, IfMatch: ETag }));
          return;
        } catch (error) {
          if (attempt >= ATTEMPTS || (error as Error).name !== 'ConflictException') throw error;
        }
      }
    },
  };
}
