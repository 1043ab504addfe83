// `npm run migrate` on a table written by the previous version (a class item holding its roster as a `students` map,
// memberships, progress, no counts or counters): running it twice leaves one enrolment item per student, the count,
// the completion counters, the days' active students, and the answers of a class written in today's shape; an earlier
// version's one score totals item per class is folded into the shards while that version still writes it; a class
// the app enrolled into before the migration ran loses no one. And the completion counters kept as sections are
// marked equal what the migration's recompute finds.
// Enrolment items written before they kept the student's e-mail get it from the directory, without losing a rename or
// undoing an unenrolment. Classes students left before former classes were kept are recorded from their progress.
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { identityClient } from '@local/users';
import { localTableContext, localTableStores } from '@local/table-stores';
import { makeCognitoUserDirectory } from '../../functions/src/people/adapters/cognito-user-directory';
import type { UserDirectory } from '../../functions/src/people/port';
import type { CompletionCounter } from '../../functions/src/progress/port';
import { makeProgressRepository } from '../../functions/src/progress/adapters/progress-repository';
import { counterShardOf } from '../../functions/src/progress/adapters/completion-writes';
import { scoreTotalsUpdate } from '../../functions/src/progress/adapters/score-attributes';
import { migrateTable } from '../../functions/src/migrations/table-migration';
import type { TableContext } from '../../functions/src/table/table';
import type { ReadyDownload } from '../../shared/contract/reports';
import type { RosterPageAnswer } from '../../shared/contract/rosters';
import { CLASS_ID, MEDIA, pdfBytes, startWorld, type World } from './support/world';

jest.setTimeout(120_000);

const OLD_CLASS = 'old-shape-class';
let world: World;
let table: TableContext;
let identity: CognitoIdentityProviderClient;
let directory: UserDirectory;

beforeAll(async () => {
  world = await startWorld();
  table = localTableContext(world.config);
  identity = identityClient(world.config);
  directory = makeCognitoUserDirectory({ client: identity, userPoolId: world.config.cognito.userPoolId, local: true });
});

afterAll(async () => {
  table?.client.destroy();
  identity?.destroy();
  await world?.stop();
});

const put = (Item: Record<string, unknown>) => table.client.send(new PutCommand({ TableName: table.tableName, Item }));

const RECENTLY = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();

/** What the previous code wrote for a class of `size` students plus the world's student, with some progress. */
async function writeOldShapeClass(moduleId: string, sectionIds: string[], size: number) {
  const students: Record<string, string> = { [world.student.userId]: world.student.name };
  for (let index = 0; index < size; index += 1) students[`old-student-${String(index).padStart(3, '0')}`] = `Old Student ${index}`;
  await put({ pk: 'CLASSES', sk: `CLASS#${OLD_CLASS}`, entity: 'ClassEntry', classId: OLD_CLASS });
  await put({
    pk: `CLASS#${OLD_CLASS}`,
    sk: 'CLASS',
    gsi1pk: `TEACHER#${world.teacher.userId}`,
    gsi1sk: `CLASS#${OLD_CLASS}`,
    entity: 'Class',
    classId: OLD_CLASS,
    className: 'Year 8 History',
    teacherId: world.teacher.userId,
    teacherName: world.teacher.name,
    students,
    assignedModuleIds: new Set([moduleId]),
  });
  const ids = Object.keys(students);
  for (const [index, studentId] of ids.entries()) {
    await put({ pk: `USER#${studentId}`, sk: `CLASS#${OLD_CLASS}`, entity: 'Membership', studentId, classId: OLD_CLASS });
    const done = sectionIds.slice(0, index % (sectionIds.length + 1));
    if (done.length > 0) {
      await put({
        pk: `CLASS#${OLD_CLASS}`,
        sk: `PROGRESS#${moduleId}#${studentId}`,
        entity: 'Progress',
        classId: OLD_CLASS,
        moduleId,
        studentId,
        completedSections: new Set(done),
        updatedAt: '2026-01-01T00:00:00.000Z',
        // Every other student's first section has a completion time (kept before the days' active students were).
        ...(index % 2 === 1 && { [`completedAt#${done[0]}`]: RECENTLY }),
      });
    }
  }
  return ids;
}

/** Everything a teacher, an admin and a student see of the class. */
async function answers(moduleId: string) {
  return {
    detail: await world.ok('getClass', { as: world.teacher, params: { classId: OLD_CLASS } }),
    report: await world.ok('getClassReport', { as: world.teacher, params: { classId: OLD_CLASS } }),
    firstPage: await world.ok('listClassStudents', { as: world.admin, path: `/api/classes/${OLD_CLASS}/students?limit=3` }),
    admin: await world.ok('getAdminClass', { as: world.admin, params: { classId: OLD_CLASS } }),
    module: (await world.ok('getModule', { as: world.student, params: { id: moduleId } }))._id,
    progress: await world.ok('getStudentClassProgress', { as: world.student, params: { classId: OLD_CLASS, studentId: world.student.userId } }),
  };
}

it('migrates a class of the previous shape (twice: the same result), which then answers as one of today', async () => {
  const module = await world.createModuleWithSections(world.teacher, 3, 'Romans');
  const sectionIds = module.sections.map((section) => section._id);
  const studentIds = await writeOldShapeClass(module._id, sectionIds, 9);
  // An earlier version's unsharded counter (its counts wrong: a write lost half-way) and day of active students.
  await put({ pk: `CLASS#${OLD_CLASS}`, sk: `COMPLETIONS#${module._id}`, entity: 'CompletionCounter', classId: OLD_CLASS, moduleId: module._id, completions: 99, startedStudents: 1 });
  await put({ pk: `CLASS#${OLD_CLASS}`, sk: 'ACTIVE_DAY#2026-01-01', entity: 'ActiveDay', classId: OLD_CLASS, day: '2026-01-01', activeStudents: new Set(studentIds.slice(0, 2)) });

  const first = await migrateTable(table, directory);
  // The map kept names only; of its students only the world's is in the directory (the others are made up).
  expect(first).toMatchObject({ rostersMoved: 1, emailsFilled: 1, notInDirectory: 9, activeDaysMoved: 1 });
  const afterFirst = await answers(module._id);
  const second = await migrateTable(table, directory);
  expect(second).toMatchObject({ rostersMoved: 0, emailsFilled: 0, notInDirectory: 0, students: first.students, counters: first.counters, activeDaysMoved: 0 });

  const items = (await world.scanTable()).filter((item) => item.pk === `CLASS#${OLD_CLASS}`);
  const classItem = items.find((item) => item.sk === 'CLASS')!;
  expect(classItem).not.toHaveProperty('students');
  expect(classItem.studentCount).toBe(10);
  const enrolments = items.filter((item) => String(item.sk).startsWith('STUDENT#'));
  expect(enrolments.map((item) => item.studentId).sort()).toEqual([...studentIds].sort());
  expect(enrolments.find((item) => item.studentId === world.student.userId)).toMatchObject({ name: 'Sam Student', email: world.student.email });
  const progress = items.filter((item) => String(item.sk).startsWith('PROGRESS#'));
  const completions = progress.reduce((sum, item) => sum + (item.completedSections as Set<string>).size, 0);
  // The counter's shards add up to them; each student's completions count in their own shard.
  const shards = items.filter((item) => String(item.sk).startsWith(`COMPLETIONS#${module._id}#`));
  expect(shards.reduce((sum, item) => sum + Number(item.completions), 0)).toBe(completions);
  for (const shard of shards) {
    const counted = progress.filter((item) => shard.sk === `COMPLETIONS#${module._id}#${counterShardOf(String(item.studentId))}`);
    expect(shard.completions).toBe(counted.reduce((sum, item) => sum + (item.completedSections as Set<string>).size, 0));
  }

  // Every student of the map, with their names and progress; the e-mail beside the world's student (teacher, admins).
  const after = await answers(module._id);
  expect(after).toEqual(afterFirst);
  expect(after.admin.studentCount).toBe(10);
  expect(after.detail.studentIds.map((student: { _id: string }) => student._id).sort()).toEqual([...studentIds].sort());
  expect(after.detail.studentIds).toContainEqual({ _id: world.student.userId, username: 'Sam Student', email: world.student.email });
  expect(after.firstPage).toMatchObject({ studentCount: 10, next: expect.any(String) });
  expect(after.firstPage.students).toHaveLength(3);
  const completedOf = (index: number) => index % (sectionIds.length + 1);
  expect(
    Object.fromEntries(after.report.map((row: { studentId: string; modules: { completed: number }[] }) => [row.studentId, row.modules[0]!.completed])),
  ).toEqual(Object.fromEntries(studentIds.map((studentId, index) => [studentId, completedOf(index)])));
  expect(after.module).toBe(module._id);
  expect(after.progress).toMatchObject({ modules: [{ moduleId: module._id, completedSections: sectionIds.slice(0, completedOf(0)) }] });
  // The days' active students are filled from the completion times: the dashboard's engagement counts them.
  const recentlyActive = studentIds.filter((_, index) => index % 2 === 1 && index % (sectionIds.length + 1) > 0);
  // Each student's report row is computed: the class's first download reads the rows, not every progress item.
  expect(first.reportsPrepared).toBe(first.classes);
  const rows = items.filter((item) => String(item.sk).startsWith('REPORT_ROW#'));
  expect(rows.map((item) => item.studentId).sort()).toEqual([...studentIds].sort());
  expect(rows.every((item) => typeof item[`cell#${module._id}`] === 'string')).toBe(true);
  // The earlier version's items are gone, their counts and students in today's.
  expect(items.filter((item) => item.sk === `COMPLETIONS#${module._id}` || String(item.sk).startsWith('ACTIVE_DAY#'))).toEqual([]);
  const movedDay = items.filter((item) => String(item.sk).startsWith('ACTIVE#2026-01-01#'));
  expect(movedDay.map((item) => item.studentId).sort()).toEqual(studentIds.slice(0, 2).sort());
  const activeThatDay = items.filter((item) => String(item.sk).startsWith(`ACTIVE#${RECENTLY.slice(0, 10)}#`));
  expect(activeThatDay.map((item) => item.studentId).sort()).toEqual([...recentlyActive].sort());
  const completion = await world.ok('getClassCompletion', { as: world.teacher, params: { classId: OLD_CLASS } });
  expect(completion.activeStudentIds).toEqual([...recentlyActive].sort());

  // Enrolling, marking and renaming on the migrated class behave as on a new one.
  await world.ok('enrolStudents', { as: world.admin, params: { classId: OLD_CLASS }, body: { studentIds: [world.otherStudent.userId] } });
  expect((await world.ok('getAdminClass', { as: world.admin, params: { classId: OLD_CLASS } })).studentCount).toBe(11);
});

it('gives enrolments written before e-mails were kept their e-mail, keeping a rename made meanwhile, bringing back no one', async () => {
  const { classId } = await world.ok('createClass', { as: world.admin, body: { className: 'Year 11 Latin', teacherId: world.teacher.userId } });
  const { person: tess } = await world.ok('invitePerson', { as: world.admin, body: { email: 'tess@school.example', name: 'Tess Student', role: 'Students' } });
  const enrolled = [world.student.userId, world.otherStudent.userId, tess.userId];
  await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: enrolled } });
  // What the previous version wrote: enrolment items without the e-mail; and one of a person no longer in the directory.
  for (const studentId of enrolled) {
    await table.client.send(
      new UpdateCommand({ TableName: table.tableName, Key: { pk: `CLASS#${classId}`, sk: `STUDENT#${studentId}` }, UpdateExpression: 'REMOVE email' }),
    );
  }
  await put({ pk: `CLASS#${classId}`, sk: 'STUDENT#gone-student', entity: 'Enrolment', classId, studentId: 'gone-student', name: 'Gone Student' });
  const roster = async (): Promise<RosterPageAnswer['students']> =>
    (await world.ok('listClassStudents', { as: world.teacher, params: { classId } })).students;
  expect((await roster()).filter((student) => student.email)).toEqual([]);

  // While the migration looks each student up, an admin renames one and unenrols another.
  const meanwhile = new Map<string, () => Promise<unknown>>([
    [world.student.userId, () => world.ok('renamePerson', { as: world.admin, params: { userId: world.student.userId }, body: { name: 'Sam Renamed' } })],
    [world.otherStudent.userId, () => world.ok('unenrolStudent', { as: world.admin, params: { classId, studentId: world.otherStudent.userId } }, 200)],
  ]);
  const racing: Pick<UserDirectory, 'get'> = {
    async get(userId) {
      const person = await directory.get(userId);
      await meanwhile.get(userId)?.();
      meanwhile.delete(userId);
      return person;
    },
  };
  const summary = await migrateTable(table, racing);
  // Tess's is filled; Sam's came with the rename; Kim is gone from the class; the gone student has no e-mail to give.
  expect(summary).toMatchObject({ emailsFilled: 1, notInDirectory: 1 });

  const byId = new Map((await roster()).map((student) => [student.userId, student]));
  expect([...byId.keys()].sort()).toEqual(['gone-student', world.student.userId, tess.userId].sort());
  expect(byId.get(world.student.userId)).toMatchObject({ name: 'Sam Renamed', email: world.student.email });
  expect(byId.get(tess.userId)).toMatchObject({ name: 'Tess Student', email: 'tess@school.example' });
  expect(byId.get('gone-student')).not.toHaveProperty('email');
  const report = await world.ok('getClassReport', { as: world.admin, path: `/api/progress/class/${classId}?limit=100` });
  expect(report.studentCount).toBe(3);

  // Again: nothing left to fill, nothing changed.
  const before = await world.scanTable();
  expect(await migrateTable(table, directory)).toMatchObject({ emailsFilled: 0, notInDirectory: 0 });
  expect(await world.scanTable()).toEqual(before);
  await world.ok('renamePerson', { as: world.admin, params: { userId: world.student.userId }, body: { name: world.student.name } });
});

it('a class the app enrolled into before the migration ran loses no one, and keeps the newer enrolment', async () => {
  const classId = 'old-shape-class-2';
  await put({
    pk: `CLASS#${classId}`,
    sk: 'CLASS',
    entity: 'Class',
    classId,
    className: 'Year 9 Geography',
    teacherId: world.teacher.userId,
    teacherName: world.teacher.name,
    students: { 'geo-1': 'Geo One', 'geo-2': 'Geo Two', [world.student.userId]: 'Old name' },
  });
  await put({ pk: 'CLASSES', sk: `CLASS#${classId}`, entity: 'ClassEntry', classId });
  await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.student.userId, world.otherStudent.userId] } });

  await migrateTable(table, directory);
  const roster = await world.ok('listClassStudents', { as: world.admin, params: { classId } });
  expect(roster.studentCount).toBe(4);
  const byId = new Map(roster.students.map((student: { userId: string }) => [student.userId, student]));
  expect([...byId.keys()].sort()).toEqual(['geo-1', 'geo-2', world.student.userId, world.otherStudent.userId].sort());
  expect(byId.get(world.student.userId)).toMatchObject({ name: world.student.name, email: world.student.email, enrolledAt: expect.any(String) });
});

it('completion counters equal a full recompute after a concurrent burst of completions, repeats included', async () => {
  const module = await world.createModuleWithSections(world.teacher, 4, 'Burst');
  const sectionIds = module.sections.map((section) => section._id);
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
  const stores = localTableStores(world.config);
  // Completions count only for enrolled students: the burst's students are enrolled straight in the store.
  for (let student = 0; student < 30; student += 1) await stores.rosters.enrollStudent(CLASS_ID, { studentId: `burst-${student}`, name: `Burst ${student}`, email: `burst-${student}@example.com` });
  const marks = Array.from({ length: 30 }, (_, student) => sectionIds.flatMap((sectionId) => [sectionId, sectionId]).map((sectionId) => ({ student, sectionId }))).flat();
  await Promise.all([
    ...marks.map(({ student, sectionId }) =>
      stores.progress.addCompletedSection({ classId: CLASS_ID, moduleId: module._id, studentId: `burst-${student}` }, sectionId, new Date().toISOString()),
    ),
    // And the enrolled student through the API, each section three times at once.
    ...sectionIds.flatMap((sectionId) =>
      [1, 2, 3].map(() =>
        world.ok('markComplete', { as: world.student, body: { studentId: world.student.userId, moduleId: module._id, classId: CLASS_ID, sectionId } }),
      ),
    ),
  ]);
  const counted = await stores.progress.listCompletionCounters(CLASS_ID);
  const enrolled = [...Array.from({ length: 30 }, (_, student) => `burst-${student}`), world.student.userId];
  const recomputed = await makeProgressRepository(table).recomputeCounters(CLASS_ID, [module._id], enrolled);
  stores.destroy();
  const of = (counters: CompletionCounter[]) => counters.find((counter) => counter.moduleId === module._id);
  expect(of(counted)).toEqual({ moduleId: module._id, completions: 31 * 4, bySection: Object.fromEntries(sectionIds.map((sectionId) => [sectionId, 31])), startedStudents: 31 });
  expect(of(recomputed)).toEqual(of(counted));
  const completion = await world.ok('getClassCompletion', { as: world.teacher, params: { classId: CLASS_ID } });
  expect(completion.modules.find((each: { moduleId: string }) => each.moduleId === module._id)).toMatchObject({ completions: 124, sections: 4 });
});

it('a recount on a live table keeps a completion made between its reads and its write (counted again, not overwritten)', async () => {
  const module = await world.createModuleWithSections(world.teacher, 2, 'Live recount');
  const [first, second] = module.sections.map((section) => section._id);
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
  const stores = localTableStores(world.config);
  // Two students whose completions count in the same counter shard (in two shards, the app's completion would land in
  // a shard the recount leaves alone, and nothing would race).
  const partner = Array.from({ length: 100 }, (_, index) => `live-${index + 2}`).find((id) => counterShardOf(id) === counterShardOf('live-1'))!;
  const students = ['live-1', partner];
  for (const studentId of students) await stores.rosters.enrollStudent(CLASS_ID, { studentId, name: studentId, email: `${studentId}@example.com` });
  const complete = (studentId: string, sectionId: string) =>
    stores.progress.addCompletedSection({ classId: CLASS_ID, moduleId: module._id, studentId }, sectionId, new Date().toISOString());
  await complete('live-1', first);
  // The app completes a section right after the recount has read the class's progress, before it writes the counter.
  let interleaved = false;
  const racing: TableContext = {
    ...table,
    client: {
      send: async (command: { input: { ExpressionAttributeValues?: Record<string, unknown> } }) => {
        const answer = await (table.client.send as (c: unknown) => Promise<unknown>)(command);
        if (!interleaved && String(command.input.ExpressionAttributeValues?.[':prefix'] ?? '').startsWith('PROGRESS#')) {
          interleaved = true;
          await complete(partner, second);
        }
        return answer;
      },
    } as unknown as TableContext['client'],
  };
  const recounted = await makeProgressRepository(racing).recomputeCounters(CLASS_ID, [module._id], students);
  expect(interleaved).toBe(true);
  const stored = (await stores.progress.listCompletionCounters(CLASS_ID)).find((counter) => counter.moduleId === module._id);
  stores.destroy();
  const expected = { moduleId: module._id, completions: 2, bySection: { [first]: 1, [second]: 1 }, startedStudents: 2 };
  expect(stored).toEqual(expected);
  expect(recounted.find((counter) => counter.moduleId === module._id)).toEqual(expected);
});

it('folds scores of earlier shapes into the progress items\' standings, merging the scores of attempts made since (twice: the same result)', async () => {
  const moduleId = 'scored-before-module';
  const progressKey = { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${moduleId}#${world.student.userId}` };
  const scoresKey = { pk: `CLASS#${CLASS_ID}`, sk: `SCORES#${moduleId}#${world.student.userId}` };
  const owner = { classId: CLASS_ID, moduleId, studentId: world.student.userId };
  await put({
    ...scoresKey,
    ...owner,
    entity: 'Scores',
    'best#s1': 60,
    'attempts#s1': 2,
    'passed#s1': false,
    'best#s2': 90,
    'attempts#s2': 1,
    'passed#s2': true,
    lastAttemptAt: '2026-01-02T00:00:00.000Z',
  });
  // Since: one more attempt on s1 (kept as attributes per check), which passed, the completion of s2, and an attempt
  // on s3 kept in the standings by this version.
  const progress = { ...progressKey, ...owner, entity: 'Progress', completedSections: new Set(['s1', 's2']), updatedAt: '2026-01-03T00:00:00.000Z' };
  await put({ ...progress, 'best#s1': 75, 'attempts#s1': 1, passedChecks: new Set(['s1']), checkStandings: '{"s3":[40,1,0]}', lastAttemptAt: '2026-01-04T00:00:00.000Z' });
  // A student no longer in the class: their scores stay on their progress item, out of the class's Avg. Score.
  await put({ pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${moduleId}#gone-student`, classId: CLASS_ID, moduleId, studentId: 'gone-student', 'best#s1': 100, 'attempts#s1': 1 });

  expect(await migrateTable(table, directory)).toMatchObject({ scoresMoved: 2 });
  const items = await world.scanTable();
  expect(items.find((item) => item.sk === scoresKey.sk)).toBeUndefined();
  expect(items.find((item) => item.sk === progressKey.sk)).toEqual({
    ...progress,
    checkStandings: '{"s1":[75,3,1],"s2":[90,1,1],"s3":[40,1,0]}',
    lastAttemptAt: '2026-01-04T00:00:00.000Z',
  });
  expect(items.find((item) => item.sk === `PROGRESS#${moduleId}#gone-student`)).toMatchObject({ checkStandings: '{"s1":[100,1,0]}' });
  expect(items.find((item) => item.sk === `PROGRESS#${moduleId}#gone-student`)).not.toHaveProperty('best#s1');
  // The report's cell of the student in the module is to be computed again from the moved scores.
  expect(items.find((item) => String(item.sk).startsWith('REPORT_ROW#') && item.studentId === world.student.userId)).toMatchObject({ [`changes#${moduleId}`]: 1 });
  // The score totals are recounted from the enrolled students' progress items, in the student's shard.
  expect(items.find((item) => item.pk === `CLASS#${CLASS_ID}` && item.sk === `SCORE_TOTALS#${counterShardOf(world.student.userId)}`)).toMatchObject({
    [`sum#${moduleId}#s1`]: 75,
    [`count#${moduleId}#s1`]: 1,
    [`sum#${moduleId}#s2`]: 90,
    [`count#${moduleId}#s2`]: 1,
    [`sum#${moduleId}#s3`]: 40,
    [`count#${moduleId}#s3`]: 1,
  });

  expect(await migrateTable(table, directory)).toMatchObject({ scoresMoved: 0 });
  expect(await world.scanTable()).toEqual(items);
});

it("folds an earlier version's one score totals item into the shards on a live table: an attempt that version records meanwhile is counted again, not lost (twice: the same result)", async () => {
  const moduleId = 'totals-before-module';
  const classPartition = `CLASS#${CLASS_ID}`;
  const legacyKey = { pk: classPartition, sk: 'SCORE_TOTALS' };
  const stores = localTableStores(world.config);
  // Two more students, each counting in a shard of their own (and not the world's student's).
  const shardsTaken = new Set([counterShardOf(world.student.userId)]);
  const others: string[] = [];
  for (let index = 0; others.length < 2; index += 1) {
    const id = `totals-${index}`;
    if (shardsTaken.has(counterShardOf(id))) continue;
    shardsTaken.add(counterShardOf(id));
    others.push(id);
  }
  const [ana, ben] = others;
  for (const studentId of others) await stores.rosters.enrollStudent(CLASS_ID, { studentId, name: studentId, email: `${studentId}@example.com` });
  const standings = (studentId: string, checkStandings: string) =>
    put({ pk: classPartition, sk: `PROGRESS#${moduleId}#${studentId}`, entity: 'Progress', classId: CLASS_ID, moduleId, studentId, checkStandings });
  // What the earlier version kept: Ana 80 on s1, Ben 60 on s1 and 90 on s2, in the class's one totals item.
  await standings(ana!, '{"s1":[80,1,1]}');
  await standings(ben!, '{"s1":[60,1,0],"s2":[90,1,1]}');
  await put({ ...legacyKey, entity: 'ScoreTotals', classId: CLASS_ID, [`sum#${moduleId}#s1`]: 140, [`count#${moduleId}#s1`]: 2, [`sum#${moduleId}#s2`]: 90, [`count#${moduleId}#s2`]: 1 });
  // Since the deploy, this version: Ana's best rises to 100, the 20 added in her shard.
  await standings(ana!, '{"s1":[100,2,1]}');
  await table.client.send(new UpdateCommand(scoreTotalsUpdate(table.tableName, CLASS_ID, ana!, [{ moduleId, sectionId: 's1', sum: 20, count: 0 }])));
  const totalsOf = async () => (await stores.attempts.getScoreTotals(CLASS_ID))[moduleId];
  // Before the migration the readers add the earlier item to the shards.
  expect(await totalsOf()).toEqual({ s1: { sum: 160, count: 2 }, s2: { sum: 90, count: 1 } });

  // The earlier version, still serving, records the world's student's first attempt on s2 (50) right after the
  // recount has read the class's progress: their standings and its one totals item, in one transaction.
  let interleaved = false;
  const racing: TableContext = {
    ...table,
    client: {
      send: async (command: { input: { ExpressionAttributeValues?: Record<string, unknown> } }) => {
        const answer = await (table.client.send as (c: unknown) => Promise<unknown>)(command);
        if (!interleaved && String(command.input.ExpressionAttributeValues?.[':prefix'] ?? '').startsWith('PROGRESS#')) {
          interleaved = true;
          await table.client.send(
            new TransactWriteCommand({
              TransactItems: [
                { Put: { TableName: table.tableName, Item: { pk: classPartition, sk: `PROGRESS#${moduleId}#${world.student.userId}`, entity: 'Progress', classId: CLASS_ID, moduleId, studentId: world.student.userId, checkStandings: '{"s2":[50,1,0]}' } } },
                {
                  Update: {
                    TableName: table.tableName,
                    Key: legacyKey,
                    UpdateExpression: 'ADD #sum :sum, #count :one',
                    ExpressionAttributeNames: { '#sum': `sum#${moduleId}#s2`, '#count': `count#${moduleId}#s2` },
                    ExpressionAttributeValues: { ':sum': 50, ':one': 1 },
                  },
                },
              ],
            }),
          );
        }
        return answer;
      },
    } as unknown as TableContext['client'],
  };
  const enrolled = (await stores.classes.listAllStudents(CLASS_ID)).map((student) => student.studentId);
  await makeProgressRepository(racing).recomputeCounters(CLASS_ID, [], enrolled);
  expect(interleaved).toBe(true);
  const expected = { s1: { sum: 160, count: 2 }, s2: { sum: 140, count: 2 } };
  expect(await totalsOf()).toEqual(expected);
  const items = (await world.scanTable()).filter((item) => item.pk === classPartition && String(item.sk).startsWith('SCORE_TOTALS'));
  // The earlier item is gone; each student's bests are in their shard.
  expect(items.map((item) => item.sk)).not.toContain('SCORE_TOTALS');
  const shard = (studentId: string) => items.find((item) => item.sk === `SCORE_TOTALS#${counterShardOf(studentId)}`);
  expect(shard(ana!)).toMatchObject({ [`sum#${moduleId}#s1`]: 100, [`count#${moduleId}#s1`]: 1 });
  expect(shard(ben!)).toMatchObject({ [`sum#${moduleId}#s1`]: 60, [`count#${moduleId}#s1`]: 1, [`sum#${moduleId}#s2`]: 90, [`count#${moduleId}#s2`]: 1 });
  expect(shard(world.student.userId)).toMatchObject({ [`sum#${moduleId}#s2`]: 50, [`count#${moduleId}#s2`]: 1 });

  // The whole migration, twice: the totals stay as they are.
  await migrateTable(table, directory);
  const migrated = (await world.scanTable()).filter((item) => item.pk === classPartition && String(item.sk).startsWith('SCORE_TOTALS'));
  expect(await totalsOf()).toEqual(expected);
  await migrateTable(table, directory);
  expect((await world.scanTable()).filter((item) => item.pk === classPartition && String(item.sk).startsWith('SCORE_TOTALS'))).toEqual(migrated);
  stores.destroy();
});

/** The student's cell of a module in the class report's download. */
async function downloadedCell(moduleId: string) {
  const answer = (await world.ok('getClassDownload', { as: world.teacher, params: { classId: CLASS_ID } })) as ReadyDownload;
  return answer.rows.find((row) => row.studentId === world.student.userId)!.cells[answer.modules.findIndex((module) => module.moduleId === moduleId)];
}

it('repairs what earlier versions left half-written: a passed attempt without its score or completion, a finished module without its notice (twice: nothing more)', async () => {
  const file = await world.upload(world.teacher, 'repair.pdf', MEDIA.pdf, pdfBytes('repair'));
  const checked = await world.createModule(world.teacher, [{ title: 'Quiz', contentUrl: file }, { title: 'Notes', contentUrl: file }], 'Checked repair');
  const plain = await world.createModule(world.teacher, [{ title: 'Only', contentUrl: file }], 'Plain repair');
  for (const module of [checked, plain]) await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
  const [quiz, notes] = checked.sections.map((section) => section._id);
  await world.ok('putCheck', {
    as: world.teacher,
    params: { id: checked._id, sectionId: quiz },
    body: { passMark: 50, maxAttempts: null, showCorrectness: false, showAnswers: false, questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Repairs work.', answer: true }] },
  });
  const studentId = world.student.userId;
  const stores = localTableStores(world.config);
  try {
    // What a crash left: the attempt alone; completions written without the finish (no activity context).
    const attempt = { classId: CLASS_ID, moduleId: checked._id, sectionId: quiz, studentId, attemptNumber: 1, attemptId: 'crashed-attempt', version: 1, submittedAt: '2026-01-05T10:00:00.000Z', score: 1, maxScore: 1, percent: 100, passed: true, answers: { q1: true }, results: [{ questionId: 'q1', correct: true, earned: 1, points: 1 }] };
    await table.client.send(new PutCommand({ TableName: table.tableName, Item: { pk: `CHECK#${checked._id}#${quiz}`, sk: `ATTEMPT#${CLASS_ID}#${studentId}#000001`, entity: 'Attempt', ...attempt } }));
    await stores.progress.addCompletedSection({ classId: CLASS_ID, moduleId: checked._id, studentId }, notes, '2026-01-05T09:00:00.000Z');
    await stores.progress.addCompletedSection({ classId: CLASS_ID, moduleId: plain._id, studentId }, plain.sections[0]._id, '2026-01-05T08:00:00.000Z');
    expect(await stores.notices.finishedModules(studentId)).not.toContainEqual(expect.objectContaining({ moduleId: plain._id }));
    // The report's download keeps the student's cells as they are before the repair.
    const before = await downloadedCell(checked._id);

    const first = await migrateTable(table, directory);
    expect(first.scoresRepaired).toBeGreaterThanOrEqual(1);
    expect(first.completionsRepaired).toBeGreaterThanOrEqual(1);
    // The checked module's finish comes with the repaired completion; the plain one's is created on its own.
    expect(first.finishesCreated).toBeGreaterThanOrEqual(1);
    const item = await stores.progress.getProgress({ classId: CLASS_ID, moduleId: checked._id, studentId });
    expect(item).toMatchObject({ checks: { [quiz]: { bestPercent: 100, attempts: 1, passed: true } } });
    expect(item!.completedSections.sort()).toEqual([notes, quiz].sort());
    const finished = await stores.notices.finishedModules(studentId);
    expect(finished).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ moduleId: checked._id, finishedAt: '2026-01-05T10:00:00.000Z', moduleTitle: 'Checked repair' }),
        expect.objectContaining({ moduleId: plain._id, finishedAt: '2026-01-05T08:00:00.000Z' }),
      ]),
    );
    expect(await migrateTable(table, directory)).toMatchObject({ scoresRepaired: 0, completionsRepaired: 0, finishesCreated: 0 });
    // The repair counted a change on the student's report row: the download computes the cell again, with the score.
    const after = await downloadedCell(checked._id);
    expect(after).not.toEqual(before);
    expect(after).toEqual([100, 2, 2, 1, 1, 100]);
  } finally {
    stores.destroy();
  }
});

it('records the classes students were unenrolled from before former classes were kept, where their progress stays (twice: nothing more)', async () => {
  const { admin, teacher, otherStudent } = world;
  const file = await world.upload(teacher, 'former.pdf', MEDIA.pdf, pdfBytes('former'));
  const module = await world.createModule(teacher, [{ title: 'Only', contentUrl: file }], 'Former class');
  const { classId } = await world.ok('createClass', { as: admin, body: { className: 'Left behind', teacherId: teacher.userId } });
  await world.ok('enrolStudents', { as: admin, params: { classId }, body: { studentIds: [otherStudent.userId] } });
  await world.ok('assignModule', { as: teacher, params: { classId }, body: { moduleId: module._id } });
  await world.ok('markComplete', { as: otherStudent, body: { studentId: otherStudent.userId, classId, moduleId: module._id, sectionId: module.sections[0]._id } });
  await world.ok('unenrolStudent', { as: admin, params: { classId, studentId: otherStudent.userId } }, 200);
  // As an unenrolment of the previous version left it: no former-class item.
  const formerKey = { pk: `USER#${otherStudent.userId}`, sk: `LEFT#${classId}` };
  expect((await world.scanTable()).some((item) => item.pk === formerKey.pk && item.sk === formerKey.sk)).toBe(true);
  await table.client.send(new DeleteCommand({ TableName: table.tableName, Key: formerKey }));

  expect((await migrateTable(table, directory)).formerClassesRecorded).toBe(1);
  expect((await world.scanTable()).find((item) => item.pk === formerKey.pk && item.sk === formerKey.sk)).toMatchObject({ classId, studentId: otherStudent.userId });
  expect((await migrateTable(table, directory)).formerClassesRecorded).toBe(0);
});
