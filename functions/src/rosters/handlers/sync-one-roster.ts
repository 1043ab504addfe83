// The function behind the upload bucket's "Object Created" events under the OneRoster sync prefix (EventBridge): the
// package the information system dropped there is applied on arrival. Locally the S3 twin calls it after each object
// it writes there. A failure other than a bad package throws, so EventBridge retries, then keeps the event in a queue.
import type { ObjectCreatedEvent } from '../../search/handlers/extract-text';
import { buildOneRosterImport } from '../../composition/oneroster-import';
import type { OneRosterImport } from '../oneroster-import';

export const makeHandler = (oneRoster: Pick<OneRosterImport, 'importFromBucket'>) => async (event: ObjectCreatedEvent) => {
  await oneRoster.importFromBucket(event.detail.object.key);
};

export const handler = makeHandler(buildOneRosterImport());
