// GET /api/admin/audit through the local stack with odd queries: a reversed range, instants written without
// milliseconds, and a page cursor sent with filters it did not come from. Each is a 400 naming the field or a
// well-defined page, never a 500.
import { localTableStores } from '@local/table-stores';
import { startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
  const stores = localTableStores(world.config);
  try {
    // Three changes on one day of 2019, before anything this run records, one second apart at whole seconds.
    for (let index = 0; index < 3; index += 1) {
      await stores.audit.record({ at: new Date(Date.UTC(2019, 2, 1, 9, 0, index)).toISOString(), actorId: 'admin-odd', actor: 'Odd Admin', action: 'invite', subject: `Odd ${index}` });
    }
  } finally {
    stores.destroy();
  }
});
afterAll(() => world?.stop());

const audit = (query: string) => world.call('listAuditTrail', { as: world.admin, path: `/api/admin/audit?${query}` });
const subjects = (body: { entries: { subject: string }[] }) => body.entries.map((entry) => entry.subject);

test('a reversed range is a 400 naming from and to', async () => {
  const answer = await audit('from=2030-01-01T00:00:00Z&to=2020-01-01T00:00:00Z');
  expect(answer).toMatchObject({
    status: 400,
    body: { message: expect.stringContaining('from must be at or before to'), fields: { from: expect.any(String), to: expect.any(String) } },
  });
});

test('instants without milliseconds bound the range as the same instants with them do', async () => {
  const answer = await audit('from=2019-03-01T09:00:00Z&to=2019-03-01T09:00:01Z');
  expect(answer.status).toBe(200);
  expect(subjects(answer.body)).toEqual(['Odd 1', 'Odd 0']);
});

test('a cursor sent with a range it lies outside answers the entries of that range it comes before, never a 500', async () => {
  const first = await world.ok('listAuditTrail', { as: world.admin, path: '/api/admin/audit?actorId=admin-odd&from=2019-03-01T00:00:00.000Z&to=2019-03-01T23:59:59.999Z' });
  expect(subjects(first)).toEqual(['Odd 2', 'Odd 1', 'Odd 0']);
  const later = await world.ok('listAuditTrail', { as: world.admin, path: '/api/admin/audit?actorId=admin-odd&to=2019-03-01T09:00:01.000Z' });
  expect(subjects(later)).toEqual(['Odd 1', 'Odd 0']);
  // A cursor of a page's last entry, from a one-entry page of the whole day.
  const cursorAfterOdd2 = Buffer.from(`2019-03-01T09:00:02.000Z#${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`).toString('base64url');
  const aboveTo = await audit(`actorId=admin-odd&to=2019-03-01T09:00:01.000Z&next=${cursorAfterOdd2}`);
  expect(aboveTo).toMatchObject({ status: 200 });
  expect(subjects(aboveTo.body)).toEqual(['Odd 1', 'Odd 0']);
  const belowFrom = await audit(`actorId=admin-odd&from=2019-03-01T09:00:03.000Z&next=${cursorAfterOdd2}`);
  expect(belowFrom).toMatchObject({ status: 200, body: { entries: [] } });
});
