// The function behind the upload bucket's "Object Created" and "Object Deleted" events (EventBridge, keys under
// protected/): extracts a new file's text and stores it, and drops a deleted file's terms from its owner's library
// terms, off the request path. Locally the S3 twin calls it after each object it writes or deletes.
import type { EventBridgeEvent } from 'aws-lambda';
import { buildTextExtraction } from '../../composition/text-extraction';
import type { TextExtraction } from '../section-texts';

export interface StoredObjectDetail {
  bucket: { name: string };
  /** Upload keys hold only letters, digits, '.', '_', '-' and '/' (safeFileName), so no URL encoding is at play. */
  object: { key: string; size?: number };
}

export type StoredObjectChange = 'Object Created' | 'Object Deleted';
export type StoredObjectEvent<Change extends StoredObjectChange = StoredObjectChange> = EventBridgeEvent<Change, StoredObjectDetail>;
export type ObjectCreatedEvent = StoredObjectEvent<'Object Created'>;

export const makeHandler = (extraction: TextExtraction) => async (event: StoredObjectEvent) => {
  const { key } = event.detail.object;
  await (event['detail-type'] === 'Object Deleted' ? extraction.forgetFile(key) : extraction.extractFile(key));
};

export const handler = makeHandler(buildTextExtraction());
