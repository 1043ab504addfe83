// The class administration use cases over in-memory adapters that keep the real ones' promises.
import { InMemoryAuditLog, InMemoryDirectory, InMemoryPersonAccess, steppingClock } from '../people/fakes/people';
import { InMemoryAttemptStore } from '../checks/fakes/check-stores';
import { InMemoryClassStore } from '../classes/fakes/class-store';
import { InMemoryProgressStore } from '../progress/fakes/progress-store';
import type { Caller } from '../kernel/caller';
import { makeClassAdminService } from './class-admin';

function setup() {
  const directory = new InMemoryDirectory();
  const audit = new InMemoryAuditLog();
  const attempts = new InMemoryAttemptStore();
  const progress = new InMemoryProgressStore(attempts);
  const classes = new InMemoryClassStore({ progress });
  const admin = directory.add({ email: 'admin@school.example', name: 'Alex Admin', role: 'Admins' });
  const teacher = directory.add({ email: 'ada@school.example', name: 'Ada Teacher', role: 'Teachers' });
  const student = directory.add({ email: 'sam@school.example', name: 'Sam Student', role: 'Students' });
  const other = directory.add({ email: 'kim@school.example', name: 'Kim Student', role: 'Students' });
  let ids = 0;
  const service = makeClassAdminService({ classes, rosters: classes, progress, directory, access: new InMemoryPersonAccess(), audit, clock: steppingClock(), ids: { newId: () => `class-${++ids}` } });
  const caller: Caller = { userId: admin.userId, roles: ['Admins'] };
  return { directory, audit, classes, progress, attempts, teacher, student, other, service, caller };
}

it('creates a class with or without a teacher, and records it', async () => {
  const { service, caller, teacher, audit } = setup();
  expect(await service.create(caller, { className: 'Art' })).toEqual({
    detail: { classId: 'class-1', className: 'Art', studentCount: 0, moduleCount: 0 },
    created: true,
  });
  expect((await service.create(caller, { className: 'Music', teacherId: teacher.userId })).detail).toMatchObject({
    teacher: { userId: teacher.userId, name: 'Ada Teacher' },
  });
  expect(audit.entries.map((entry) => [entry.action, entry.subject, entry.detail])).toEqual([
    ['createClass', 'Art', 'without a teacher'],
    ['createClass', 'Music', 'taught by Ada Teacher'],
  ]);
});

describe('a client-chosen classId makes creating idempotent', () => {
  const CLASS_ID = '6f1c1b9e-4a7d-4c39-9a55-3d2f0f6c2a11';

  it('a repeat (double submit, retry, Back and submit again) answers the first class and records one creation', async () => {
    const { service, caller, audit, classes } = setup();
    const first = await service.create(caller, { classId: CLASS_ID, className: 'Art' });
    const repeats = await Promise.all([
      service.create(caller, { classId: CLASS_ID, className: 'Art' }),
      service.create(caller, { classId: CLASS_ID, className: 'Art, typed again' }),
    ]);
    expect(first).toEqual({ detail: { classId: CLASS_ID, className: 'Art', studentCount: 0, moduleCount: 0 }, created: true });
    expect(repeats).toEqual([
      { detail: first.detail, created: false },
      { detail: first.detail, created: false },
    ]);
    expect(await classes.listAllClasses()).toHaveLength(1);
    expect(audit.entries.filter((entry) => entry.action === 'createClass')).toHaveLength(1);
  });

  it('two submits at once store one class', async () => {
    const { service, caller, classes } = setup();
    const answers = await Promise.all([1, 2].map(() => service.create(caller, { classId: CLASS_ID, className: 'Art' })));
    expect(answers.map((answer) => answer.created).sort()).toEqual([false, true]);
    expect(await classes.listAllClasses()).toHaveLength(1);
  });

  it("the id of a class someone else created is a conflict that says nothing about it", async () => {
    const { service, caller, classes, directory } = setup();
    await classes.insertClass({ classId: CLASS_ID, className: 'Seeded', teacherId: '', teacherName: '' });
    const otherAdmin = directory.add({ email: 'other@school.example', name: 'Other Admin', role: 'Admins' });
    const { classId: theirs } = (await service.create({ userId: otherAdmin.userId, roles: ['Admins'] }, { classId: crypto.randomUUID(), className: 'Theirs' })).detail;
    for (const classId of [CLASS_ID, theirs]) {
      const refused = service.create(caller, { classId, className: 'Mine' });
      await expect(refused).rejects.toMatchObject({ kind: 'conflict', message: 'This class id is already in use; start a new class.' });
    }
    expect((await classes.getClass(CLASS_ID))?.className).toBe('Seeded');
  });
});

it('accepts only a teacher as the teacher, and records only real changes', async () => {
  const { service, caller, teacher, student, audit, classes } = setup();
  const { classId } = (await service.create(caller, { className: 'Art' })).detail;
  await expect(service.setTeacher(caller, classId, student.userId)).rejects.toMatchObject({ kind: 'invalid' });
  await expect(service.setTeacher(caller, classId, 'nobody')).rejects.toMatchObject({ kind: 'notFound' });
  await service.setTeacher(caller, classId, teacher.userId);
  await service.setTeacher(caller, classId, teacher.userId);
  await service.setTeacher(caller, classId, null);
  expect(audit.entries.filter((entry) => entry.action === 'changeTeacher').map((entry) => entry.detail)).toEqual([
    'now taught by Ada Teacher',
    'now without a teacher',
  ]);
  expect((await classes.getClass(classId))?.teacherId).toBe('');
});

it('enrols in order, saying what happened to each, with no class limit', async () => {
  const { service, caller, teacher, student, other, audit, classes } = setup();
  const { classId } = (await service.create(caller, { className: 'Art' })).detail;
  const results = await service.enrol(caller, classId, [student.userId, teacher.userId, 'nobody', student.userId, other.userId]);
  expect(results.map((result) => [result.studentId, result.outcome])).toEqual([
    [student.userId, 'enrolled'],
    [teacher.userId, 'notStudent'],
    ['nobody', 'notFound'],
    [other.userId, 'enrolled'],
  ]);
  expect(results[2].message).toBe('There is no such person.');
  expect(audit.entries.filter((entry) => entry.action === 'enrol')).toHaveLength(2);
  expect((await service.detail(classId)).studentCount).toBe(2);
  // The roster keeps each student's name and e-mail (two students may share a name).
  expect((await classes.listAllStudents(classId)).map(({ studentId, name, email }) => ({ studentId, name, email }))).toEqual(
    [
      { studentId: student.userId, name: 'Sam Student', email: 'sam@school.example' },
      { studentId: other.userId, name: 'Kim Student', email: 'kim@school.example' },
    ].sort((a, b) => (a.studentId < b.studentId ? -1 : 1)),
  );
});

it('unenrols only an enrolled student, and a missing class is a 404 for every change', async () => {
  const { service, caller, student } = setup();
  const { classId } = (await service.create(caller, { className: 'Art' })).detail;
  await expect(service.unenrol(caller, classId, student.userId)).rejects.toMatchObject({ kind: 'notFound' });
  await service.enrol(caller, classId, [student.userId]);
  expect((await service.unenrol(caller, classId, student.userId)).studentCount).toBe(0);
  for (const attempt of [
    () => service.rename(caller, 'gone', 'X'),
    () => service.setTeacher(caller, 'gone', null),
    () => service.enrol(caller, 'gone', [student.userId]),
    () => service.remove(caller, 'gone'),
  ]) {
    await expect(attempt()).rejects.toMatchObject({ kind: 'notFound', message: 'Class not found; reload the list.' });
  }
});

it("takes an unenrolled student's completions out of the class's counters once, and counts them again on re-enrolment", async () => {
  const { service, caller, teacher, student, classes, progress } = setup();
  const { classId } = (await service.create(caller, { className: 'Art', teacherId: teacher.userId })).detail;
  await classes.addAssignedModule(classId, teacher.userId, 'cells');
  await service.enrol(caller, classId, [student.userId]);
  for (const sectionId of ['s1', 's2']) await progress.addCompletedSection({ classId, moduleId: 'cells', studentId: student.userId }, sectionId, '2024-05-01T00:00:00.000Z');
  const counter = async () => (await progress.listCompletionCounters(classId))[0];
  expect(await counter()).toEqual({ moduleId: 'cells', completions: 2, bySection: { s1: 1, s2: 1 }, startedStudents: 1 });

  await service.unenrol(caller, classId, student.userId);
  await expect(service.unenrol(caller, classId, student.userId)).rejects.toMatchObject({ kind: 'notFound' });
  expect(await counter()).toEqual({ moduleId: 'cells', completions: 0, bySection: { s1: 0, s2: 0 }, startedStudents: 0 });

  await service.enrol(caller, classId, [student.userId]);
  await service.enrol(caller, classId, [student.userId]); // already enrolled: counted once
  expect(await counter()).toEqual({ moduleId: 'cells', completions: 2, bySection: { s1: 1, s2: 1 }, startedStudents: 1 });
});

it("takes an unenrolled student's best scores out of the class's score totals (the Avg. Score), and back on re-enrolment", async () => {
  const { service, caller, teacher, student, other, classes, attempts } = setup();
  const { classId } = (await service.create(caller, { className: 'Art', teacherId: teacher.userId })).detail;
  await classes.addAssignedModule(classId, teacher.userId, 'cells');
  await service.enrol(caller, classId, [student.userId, other.userId]);
  attempts.recordScore({ classId, moduleId: 'cells', studentId: student.userId }, 's1', 90, true);
  attempts.recordScore({ classId, moduleId: 'cells', studentId: other.userId }, 's1', 50, false);
  expect(await attempts.getScoreTotals(classId)).toEqual({ cells: { s1: { sum: 140, count: 2 } } });

  await service.unenrol(caller, classId, student.userId);
  expect(await attempts.getScoreTotals(classId)).toEqual({ cells: { s1: { sum: 50, count: 1 } } });
  await service.enrol(caller, classId, [student.userId]);
  expect(await attempts.getScoreTotals(classId)).toEqual({ cells: { s1: { sum: 140, count: 2 } } });
});

it('lists classes by name with counts, and deletes one with a record of its enrolments', async () => {
  const { service, caller, student, audit } = setup();
  await service.create(caller, { className: 'Music' });
  const { classId } = (await service.create(caller, { className: 'Art' })).detail;
  await service.enrol(caller, classId, [student.userId]);
  expect((await service.list()).map((each) => [each.className, each.studentCount])).toEqual([
    ['Art', 1],
    ['Music', 0],
  ]);
  await service.remove(caller, classId);
  expect((await service.list()).map((each) => each.className)).toEqual(['Music']);
  expect(audit.entries.at(-1)).toMatchObject({ action: 'deleteClass', subject: 'Art', detail: 'with 1 enrolment' });
});
