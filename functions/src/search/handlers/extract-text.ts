// The function behind the upload bucket's "Object Created" events (EventBridge, keys under protected/): extracts the
// new file's text and stores it, off the request path. Locally the S3 twin calls it after each object it writes.
import type { EventBridgeEvent } from 'aws-lambda';
import { buildTextExtraction } from '../../composition/text-extraction';
import type { TextExtraction } from '../section-texts';

export interface ObjectCreatedDetail {
  bucket: { name: string };
  /** Upload keys hold only letters, digits, '.', '_', '-' and '/' (safeFileName), so no URL encoding is at play. */
  object: { key: string; size?: number };
}

export type ObjectCreatedEvent = EventBridgeEvent<'Object Created', ObjectCreatedDetail>;

export const makeHandler = (extraction: TextExtraction) => async (event: ObjectCreatedEvent) => {
  await extraction.extractFile(event.detail.object.key);
};

export const handler = makeHandler(buildTextExtraction());
