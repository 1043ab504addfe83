// The end of a school year through the local stack, with a clock the test moves: an admin archives a class (read-only
// for everyone, off the dashboards) and sets the school's retention; the retention run removes the students' progress,
// reading, attempts and overrides of classes archived longer than that, with what is counted from them, keeps the
// class, its roster and every other class's data, gives the attempts back (to the student's count and the check's),
// and writes each run to the audit trail.
import { randomUUID } from 'node:crypto';
import { ARCHIVED_MESSAGES } from '@shared/school-year';
import { runLocalRetention } from '@local/retention';
import type { Module } from '../../shared/contract/modules';
import { MEDIA, pdfBytes, RUN_ID, startWorld, type Item, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;
let cells: Module;
const ARCHIVED = `class-archived-${RUN_ID}`;
const KEPT = `class-kept-${RUN_ID}`;
const DAY = 24 * 60 * 60 * 1000;
const ONE_QUESTION_CHECK = { questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Cells have membranes.', answer: true }] };

beforeAll(async () => {
  world = await startWorld();
  const file = (name: string) => world.upload(world.teacher, name, MEDIA.pdf, pdfBytes(name));
  const sections = [
    { title: 'Reading', contentUrl: await file('reading.pdf') },
    { title: 'Quiz', contentUrl: await file('quiz.pdf') },
  ];
  cells = await world.ok('createModule', { as: world.teacher, body: { _id: randomUUID(), title: 'Cells', description: 'D', sections } }, 201);
  const [reading, quiz] = cells.sections.map((section) => section._id);
  await world.ok('putCheck', { as: world.teacher, params: { id: cells._id, sectionId: quiz }, body: ONE_QUESTION_CHECK });
  // The same student, the same work, in two classes: one to archive, one to keep.
  for (const classId of [ARCHIVED, KEPT]) {
    await world.createClass(classId, world.teacher, [world.student]);
    await world.ok('assignModule', { as: world.teacher, params: { classId }, body: { moduleId: cells._id } });
    await world.ok('recordReading', { as: world.student, params: { id: cells._id, sectionId: reading }, body: { classId, opened: true, page: 3 } });
    await world.ok('markComplete', { as: world.student, body: { studentId: world.student.userId, classId, moduleId: cells._id, sectionId: reading } });
    await world.ok('submitAttempt', { as: world.student, params: { id: cells._id, sectionId: quiz }, body: { attemptId: randomUUID(), classId, answers: { q1: true } } }, 201);
  }
  await world.ok('addPathOverride', { as: world.teacher, params: { classId: ARCHIVED, studentId: world.student.userId }, body: { moduleId: cells._id, kind: 'unlock', reason: 'Ready' } }, 201);
});

afterAll(() => world?.stop());

/** The items that hold or count the students' work in a class, wherever they live in the table. */
const studentDataOf = (items: Item[], classId: string) =>
  items.filter(
    ({ pk, sk }) =>
      (pk === `CLASS#${classId}` && /^(PROGRESS|OVERRIDES|COMPLETIONS|ACTIVE)#|^SCORE_TOTALS/.test(sk)) ||
      sk.startsWith(`ATTEMPT#${classId}#`) ||
      sk.startsWith(`STATS#${classId}#`) ||
      sk.startsWith(`FINISHED#${classId}#`),
  );
const attemptsUsed = (items: Item[]) => items.find(({ sk }) => sk === `USED#${world.student.userId}`)?.used;
/** The quiz's own count of attempts on its current version (a save with attempts makes a new version). */
const checkAttemptCount = (items: Item[]) => items.find(({ pk, sk }) => pk === `CHECK#${cells._id}#${cells.sections[1]._id}` && sk === 'CHECK')?.attemptCount;
/** A run as if at `at`, its clock moving a millisecond per reading (so its audit entries keep their order). */
const runAt = (at: number) => {
  let tick = 0;
  return runLocalRetention(world.config, { now: () => new Date(at + tick++) });
};

test('an archived class is read-only, off the dashboards, still the admins’; retention removes its students’ data after N days, and only that', async () => {
  const start = Date.now();
  await world.ok('setRetention', { as: world.admin, body: { days: 30 } });
  expect(await world.ok('archiveClass', { as: world.admin, params: { classId: ARCHIVED } })).toMatchObject({ classId: ARCHIVED, archivedAt: expect.any(String) });

  // Read-only for everyone, with a message each can act on; off the teacher's and the student's lists.
  const refusal = await world.call('markComplete', { as: world.student, body: { studentId: world.student.userId, classId: ARCHIVED, moduleId: cells._id, sectionId: cells.sections[0]._id } });
  expect(refusal).toMatchObject({ status: 409, body: { message: ARCHIVED_MESSAGES.student } });
  expect(await world.call('unassignModule', { as: world.teacher, params: { classId: ARCHIVED, moduleId: cells._id } })).toMatchObject({ status: 409, body: { message: ARCHIVED_MESSAGES.teacher } });
  const teaching = await world.ok('listTeacherClasses', { as: world.teacher, params: { teacherId: world.teacher.userId } });
  expect(teaching.map((each: { _id: string }) => each._id)).toContain(KEPT);
  expect(teaching.map((each: { _id: string }) => each._id)).not.toContain(ARCHIVED);
  const listed = await world.ok('listAdminClasses', { as: world.admin });
  expect(listed.find((each: { classId: string }) => each.classId === ARCHIVED)).toMatchObject({ archivedAt: expect.any(String) });

  const before = await world.scanTable();
  expect(studentDataOf(before, ARCHIVED).length).toBeGreaterThanOrEqual(8);
  expect(attemptsUsed(before)).toBe(2);
  expect(checkAttemptCount(before)).toBe(2);

  // Not yet: 29 days after archiving.
  expect((await runAt(start + 29 * DAY)).classes).toEqual([]);
  expect(studentDataOf(await world.scanTable(), ARCHIVED)).toEqual(studentDataOf(before, ARCHIVED));

  const run = await runAt(start + 31 * DAY);
  expect(run.classes).toEqual([{ classId: ARCHIVED, className: expect.any(String), removed: { progress: 1, attempts: 1, pathOverrides: 1, derived: expect.any(Number) } }]);
  const after = await world.scanTable();
  expect(studentDataOf(after, ARCHIVED)).toEqual([]);
  // The other class's work, the class itself and its roster stay; the attempt is given back.
  expect(studentDataOf(after, KEPT)).toEqual(studentDataOf(before, KEPT));
  expect(after.filter(({ pk }) => pk === `CLASS#${ARCHIVED}`).map(({ sk }) => sk)).toEqual(['CLASS', `STUDENT#${world.student.userId}`]);
  expect(attemptsUsed(after)).toBe(1);
  expect(checkAttemptCount(after)).toBe(1);

  // Reports of the class read empty, not broken; it cannot come back; a later run finds nothing more.
  expect(await world.ok('getClassCompletion', { as: world.admin, params: { classId: ARCHIVED } })).toBeDefined();
  expect(await world.call('unarchiveClass', { as: world.admin, params: { classId: ARCHIVED } })).toMatchObject({ status: 409, body: { message: expect.stringMatching(/stays archived/) } });
  expect((await runAt(start + 32 * DAY)).classes).toEqual([]);

  const trail = await world.ok('listAuditTrail', { as: world.admin, path: '/api/admin/audit?action=runRetention' });
  expect(trail.entries.map((entry: { subject: string; detail: string }) => `${entry.subject}: ${entry.detail}`)).toEqual([
    expect.stringMatching(/^retention: after 30 days after archiving: 0 archived classes cleaned/),
    expect.stringMatching(/^retention: after 30 days after archiving: 1 archived class cleaned; deleted 1 progress record \(with reading\), 1 attempt, 1 path override/),
    expect.stringMatching(/: deleted 1 progress record \(with reading\), 1 attempt, 1 path override and \d+ counters and notices; classes, rosters and modules kept$/),
    expect.stringMatching(/^retention: after 30 days after archiving: 0 archived classes cleaned/),
  ]);
});
