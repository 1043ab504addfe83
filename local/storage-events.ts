// The EventBridge event S3 sends for a new object (the upload bucket has EventBridge notifications on), built for the
// local twin, which calls the extraction function the same way.
import type { ObjectCreatedEvent } from '../functions/src/search/handlers/extract-text';

export function objectCreatedEvent(bucket: string, key: string, region = 'us-east-1'): ObjectCreatedEvent {
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': 'Object Created',
    source: 'aws.s3',
    account: '000000000000',
    time: new Date().toISOString(),
    region,
    resources: [`arn:aws:s3:::${bucket}`],
    detail: { bucket: { name: bucket }, object: { key } },
  };
}
