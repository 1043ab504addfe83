// The storage events' function: a created object's text is extracted, a deleted object's terms forgotten.
import { storedObjectEvent } from '@local/storage-events';
import type { TextExtraction } from '../section-texts';
import { makeHandler } from './extract-text';

const KEY = 'protected/teacher-1/upload-1/cells.pdf';

test('extracts the text of a created object and forgets the terms of a deleted one, by its key', async () => {
  const extraction = { extractFile: jest.fn(async () => undefined), forgetFile: jest.fn(async () => undefined) } satisfies TextExtraction;
  const handler = makeHandler(extraction);

  await handler(storedObjectEvent('Object Created', 'uploads', KEY));
  expect(extraction.extractFile).toHaveBeenCalledWith(KEY);
  expect(extraction.forgetFile).not.toHaveBeenCalled();

  await handler(storedObjectEvent('Object Deleted', 'uploads', KEY));
  expect(extraction.forgetFile).toHaveBeenCalledWith(KEY);
  expect(extraction.extractFile).toHaveBeenCalledTimes(1);
});
