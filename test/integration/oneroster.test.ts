// A OneRoster package through the local stack: previewed (nothing changes), applied (people in the user pool and the
// people list, classes with their teachers, enrolments), applied again (every count unchanged, the table and the pool
// as they were), then a delta removing one enrolment; the runs in the history and the audit trail.
import type { OneRosterAnswer } from '../../shared/contract/rosters';
import { zipSample } from '../../functions/src/rosters/oneroster/samples/zip-sample';
import { ONEROSTER_SYNC_PREFIX } from '../../shared/oneroster';
import { startWorld, type World } from './support/world';

jest.setTimeout(180_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

/** Through the upload routes, as the admin page uploads it (a single PUT, then complete, which checks it is a zip). */
const upload = async (sample: Parameters<typeof zipSample>[0]) => {
  const contentUrl = await world.upload(world.admin, `${sample}.zip`, 'application/zip', zipSample(sample));
  return (await world.ok('completeUpload', { as: world.admin, body: { contentUrl } })).contentUrl as string;
};
const importPackage = (contentUrl: string, mode: 'preview' | 'apply'): Promise<OneRosterAnswer> =>
  world.ok('importOneRoster', { as: world.admin, body: { contentUrl, mode } });
/** What an import may change, without the runs and the audit trail, which every run adds to. */
const rostered = async () => {
  const { table, people } = await world.snapshot(['table', 'people']);
  return { table: table.filter((item) => !['ONEROSTER-RUNS', 'AUDIT'].includes(item.pk) && !item.pk.startsWith('ACCESS#')), people };
};

it('previews, applies, applies again with every count unchanged, and a delta removes one enrolment', async () => {
  const bulk = await upload('bulk-1.2');
  const before = await rostered();
  const preview = await importPackage(bulk, 'preview');
  expect(preview.counts.users.create).toBeGreaterThan(0);
  expect(await rostered()).toEqual(before);

  const first = await importPackage(bulk, 'apply');
  expect(first).toEqual(preview);
  const people = await world.ok('listPeople', { as: world.admin, path: '/api/admin/people?search=northfield' });
  expect(people.people.map((person: { email: string }) => person.email)).toEqual(expect.arrayContaining(['ada.okafor@northfield.example', 'zoe.bronte@students.northfield.example']));
  const classes: { classId: string; className: string; teacher?: { name: string }; studentCount: number }[] = await world.ok('listAdminClasses', { as: world.admin });
  const maths = classes.find((item) => item.className === 'Year 9 "Set A" Maths')!;
  expect(maths).toMatchObject({ teacher: { name: 'Ada Okafor' } });
  expect(maths.studentCount).toBeGreaterThan(0);

  const afterFirst = await rostered();
  const second = await importPackage(bulk, 'apply');
  const same = (total: number) => ({ create: 0, update: 0, delete: 0, unchanged: total });
  expect(second.counts).toEqual({
    users: same(first.counts.users.create),
    classes: same(first.counts.classes.create),
    enrollments: same(first.counts.enrollments.create),
  });
  expect(await rostered()).toEqual(afterFirst);

  const delta = await importPackage(await upload('delta-1.2'), 'apply');
  expect(delta.counts.enrollments).toEqual({ create: 0, update: 0, delete: 1, unchanged: 0 });
  expect((await world.ok('getAdminClass', { as: world.admin, params: { classId: maths.classId } })).studentCount).toBe(maths.studentCount - 1);

  const { runs } = await world.ok('listOneRosterRuns', { as: world.admin });
  expect(runs.map((run: { mode: string }) => run.mode)).toEqual(['apply', 'apply', 'apply', 'preview']);
  const audit = await world.ok('listAuditTrail', { as: world.admin, path: '/api/admin/audit?action=importOneRoster' });
  expect(audit.entries).toHaveLength(3);
});

it('lists bad rows by file and line, and applies the good rows', async () => {
  const answer = await importPackage(await upload('bad-rows-1.2'), 'apply');
  expect(answer.errors.length).toBeGreaterThan(0);
  expect(answer.errors.every((error) => /\.csv$/.test(error.file) && error.line >= 1 && error.message.length > 0)).toBe(true);
});

it('applies a package the information system drops under the sync prefix on arrival, as the OneRoster sync', async () => {
  await world.putObject(`${ONEROSTER_SYNC_PREFIX}nightly/northfield.zip`, 'application/zip', zipSample('bulk-1.1'));
  let runs: { source: string; by: string; mode: string }[] = [];
  for (let tries = 0; tries < 100 && !runs.some((run) => run.source === 'bucket'); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    ({ runs } = await world.ok('listOneRosterRuns', { as: world.admin }));
  }
  expect(runs[0]).toMatchObject({ source: 'bucket', by: 'OneRoster sync', mode: 'apply' });
  const audit = await world.ok('listAuditTrail', { as: world.admin, path: '/api/admin/audit?action=importOneRoster' });
  expect(audit.entries[0]).toMatchObject({ actor: 'OneRoster sync', subject: `OneRoster sync ${ONEROSTER_SYNC_PREFIX}nightly/northfield.zip` });
});
