// The EventBridge events S3 sends for a new or deleted object (the upload bucket has EventBridge notifications on),
// built for the local twin, which calls the functions the same way.
import type { StoredObjectChange, StoredObjectEvent } from '../functions/src/search/handlers/extract-text';

export function storedObjectEvent<Change extends StoredObjectChange>(change: Change, bucket: string, key: string, region = 'us-east-1'): StoredObjectEvent<Change> {
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': change,
    source: 'aws.s3',
    account: '000000000000',
    time: new Date().toISOString(),
    region,
    resources: [`arn:aws:s3:::${bucket}`],
    detail: { bucket: { name: bucket }, object: { key } },
  };
}
