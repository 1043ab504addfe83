// The nightly sync's function over in-memory stores: the object named by the event is applied, a bad package is a
// run with its error (no retry), either package is deleted after its run, and an outage throws (EventBridge retries,
// then the dead-letter queue) and keeps the package.
import { storedObjectEvent } from '@local/storage-events';
import { givenAdminSchool, givenOneRoster } from '@functions/test/in-memory/admin';
import { DEFAULT_ONEROSTER_SYNC_PREFIX } from '@shared/oneroster';
import { zipSample } from '../oneroster/samples/zip-sample';
import { makeHandler } from './sync-one-roster';

const KEY = `${DEFAULT_ONEROSTER_SYNC_PREFIX}2026-11-29/northfield.zip`;

it('applies the package the event names, records the run and deletes the package', async () => {
  const school = givenAdminSchool();
  const { oneRoster, stored, history } = givenOneRoster(school);
  stored.set(KEY, zipSample('bulk-1.2'));
  await makeHandler(oneRoster)(storedObjectEvent('Object Created', 'bucket', KEY));
  expect([...school.directory.people.values()].some((person) => person.email === 'ada.okafor@northfield.example')).toBe(true);
  expect(await history.recent()).toEqual([expect.objectContaining({ source: 'bucket', mode: 'apply', by: 'OneRoster sync', errorCount: expect.any(Number) })]);
  expect(stored.has(KEY)).toBe(false);
});

it('records a package that cannot be read as a run with its one error, without throwing, and deletes it', async () => {
  const school = givenAdminSchool();
  const { oneRoster, stored, history } = givenOneRoster(school);
  stored.set(KEY, new TextEncoder().encode('not a zip'));
  await makeHandler(oneRoster)(storedObjectEvent('Object Created', 'bucket', KEY));
  expect(await history.recent()).toEqual([
    expect.objectContaining({ source: 'bucket', errorCount: 1, errors: [{ file: 'northfield.zip', line: 1, message: expect.stringMatching(/not a zip archive/) }] }),
  ]);
  expect(stored.has(KEY)).toBe(false);
});

it('keeps the package when its run fails otherwise, for the retries', async () => {
  const school = givenAdminSchool();
  const { oneRoster, stored, links } = givenOneRoster(school);
  stored.set(KEY, zipSample('bulk-1.2'));
  links.recordRun = () => Promise.reject(new Error('DynamoDB is down'));
  await expect(makeHandler(oneRoster)(storedObjectEvent('Object Created', 'bucket', KEY))).rejects.toThrow('DynamoDB is down');
  expect(stored.has(KEY)).toBe(true);
});

it('throws when storage fails, so the event is retried', async () => {
  const failing = { importFromBucket: async () => Promise.reject(new Error('S3 is down')) };
  await expect(makeHandler(failing)(storedObjectEvent('Object Created', 'bucket', KEY))).rejects.toThrow('S3 is down');
});
