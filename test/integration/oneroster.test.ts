// A OneRoster package through the local stack: previewed (nothing changes), applied (people in the user pool and the
// people list, classes with their teachers, enrolments), applied again (every count unchanged, the table and the pool
// as they were), then a delta removing one enrolment; the runs in the history and the audit trail; scores out: a class
// from the package exported as a OneRoster gradebook under the system's sourcedIds.
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import type { OneRosterAnswer } from '../../shared/contract/rosters';
import { sampleFiles, zipFiles, zipSample } from '../../functions/src/rosters/oneroster/samples/zip-sample';
import { DEFAULT_ONEROSTER_SYNC_PREFIX } from '../../shared/oneroster';
import { startWorld, type World } from './support/world';

jest.setTimeout(180_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

const CHANGED_AT = '2026-12-01T08:00:00.000Z';

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

it('applies a package the information system drops under the sync prefix on arrival, as the OneRoster sync, then deletes it', async () => {
  await world.putObject(`${DEFAULT_ONEROSTER_SYNC_PREFIX}nightly/northfield.zip`, 'application/zip', zipSample('bulk-1.1'));
  let runs: { source: string; by: string; mode: string }[] = [];
  for (let tries = 0; tries < 100 && !runs.some((run) => run.source === 'bucket'); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    ({ runs } = await world.ok('listOneRosterRuns', { as: world.admin }));
  }
  expect(runs[0]).toMatchObject({ source: 'bucket', by: 'OneRoster sync', mode: 'apply' });
  const audit = await world.ok('listAuditTrail', { as: world.admin, path: '/api/admin/audit?action=importOneRoster' });
  expect(audit.entries[0]).toMatchObject({ actor: 'OneRoster sync', subject: `OneRoster sync ${DEFAULT_ONEROSTER_SYNC_PREFIX}nightly/northfield.zip` });
  // Then the package, the school's whole roster, is deleted.
  let files = await world.listFiles();
  for (let tries = 0; tries < 100 && files.includes(`${DEFAULT_ONEROSTER_SYNC_PREFIX}nightly/northfield.zip`); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    files = await world.listFiles();
  }
  expect(files).not.toContain(`${DEFAULT_ONEROSTER_SYNC_PREFIX}nightly/northfield.zip`);
});

it('exports a class from the package as a OneRoster gradebook: its sourcedIds where linked, ids here elsewhere, each best score', async () => {
  const { admin, teacher, student, otherStudent } = world;
  // A delta naming the world's teacher and student by e-mail (people invited before take on the sourcedIds) in a new class.
  const files = sampleFiles('bulk-1.2');
  const changed = ['users', 'roles', 'classes', 'enrollments'];
  const manifest = files['manifest.csv']!.replace(/^file\.(\w+),bulk/gm, (_line, file: string) => `file.${file},${changed.includes(file) ? 'delta' : 'absent'}`);
  const rows = (file: string, lines: string[]) => [files[`${file}.csv`]!.split('\n')[0], ...lines.map((line) => line.replace(',,,', `,active,${CHANGED_AT},`)), ''].join('\n');
  const delta = {
    'manifest.csv': manifest,
    'users.csv': rows('users', [
      `sc-t,,,true,steacher,,Tess,Teacher,,,${teacher.email},,,,,,,,,,org-northfield,`,
      `sc-s,,,true,sstudent,,Sam,Student,,,${student.email},,,,09,,,,,,org-northfield,`,
    ]),
    'roles.csv': rows('roles', ['sc-r1,,,sc-t,primary,teacher,,,org-northfield,', 'sc-r2,,,sc-s,primary,student,,,org-northfield,']),
    'classes.csv': rows('classes', ['sc-cl,,,Scores Out,09,co-maths-9,SO,scheduled,,org-northfield,as-2027-t1,,,']),
    'enrollments.csv': rows('enrollments', ['sc-e1,,,sc-cl,org-northfield,sc-t,teacher,true,2026-09-01,', 'sc-e2,,,sc-cl,org-northfield,sc-s,student,false,2026-09-01,']),
  };
  const contentUrl = await world.putFile(admin, 'scores.zip', 'application/zip', zipFiles(delta));
  const applied = await world.ok('importOneRoster', { as: admin, body: { contentUrl, mode: 'apply' } });
  expect(applied.errors).toEqual([]);
  const classes: { classId: string; className: string }[] = await world.ok('listAdminClasses', { as: admin });
  const classId = classes.find((item) => item.className === 'Scores Out')!.classId;
  // A student enrolled by hand, whom the system does not know.
  await world.ok('enrolStudents', { as: admin, params: { classId }, body: { studentIds: [otherStudent.userId] } });

  const module = await world.createModuleWithSections(teacher, 1, 'Scores out');
  const sectionId = module.sections[0]!._id;
  await world.ok('assignModule', { as: teacher, params: { classId }, body: { moduleId: module._id } });
  await world.ok('putCheck', { as: teacher, params: { id: module._id, sectionId }, body: { questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Cells have walls.', answer: true }, { id: 'q2', kind: 'truefalse', prompt: 'Cells have nuclei.', answer: true }] } });
  const submit = (as: typeof student, q1: boolean, q2: boolean) =>
    world.ok('submitAttempt', { as, params: { id: module._id, sectionId }, body: { attemptId: crypto.randomUUID(), classId, answers: { q1, q2 } } }, 201);
  await submit(student, true, true);
  await submit(student, true, false);
  await submit(otherStudent, true, false);

  const link = await world.ok('exportOneRosterScores', { as: teacher, params: { classId } });
  expect(link.fileName).toMatch(/^oneroster-scores-\d{4}-\d\d-\d\d\.zip$/);
  const download = await fetch(world.fileUrl(link.url));
  expect(download.status).toBe(200);
  const zip = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(await download.arrayBuffer()))).map(([name, bytes]) => [name, strFromU8(bytes)]));
  const table = (file: string) => parse(zip[file]!, { columns: true }) as Record<string, string>[];
  expect(table('lineItems.csv')).toEqual([expect.objectContaining({ sourcedId: `sc-cl:${module._id}:${sectionId}`, classSourcedId: 'sc-cl', schoolSourcedId: 'org-northfield', academicSessionSourcedId: 'as-2027-t1' })]);
  const results = table('results.csv').map(({ studentSourcedId, score }) => ({ studentSourcedId, score }));
  expect(results).toHaveLength(2);
  expect(results).toEqual(expect.arrayContaining([{ studentSourcedId: otherStudent.userId, score: '50' }, { studentSourcedId: 'sc-s', score: '100' }]));
  await world.ok('exportOneRosterScores', { as: world.otherTeacher, params: { classId } }, 404);
});
