// Administering classes through the local stack: create, teacher, enrolment (one, many, concurrent, past the old limit
// of 1,000), admins reading rosters (in pages) and reports, teachers unassigning a module, and deleting a class with
// its enrolments and progress.
import { randomUUID } from 'node:crypto';
import { localTableStores } from '@local/table-stores';
import type { ClassDetail } from '../../shared/contract/classes';
import type { ClassReportPage, ClassReportRow } from '../../shared/contract/reports';
import type { RosterPageAnswer } from '../../shared/contract/rosters';
import { buildPath } from '../../shared/contract/route';
import { routes } from '../../shared/contract';
import { MEDIA, pdfBytes, SENTENCE, startWorld, type World } from './support/world';

jest.setTimeout(180_000);

let world: World;

beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

async function newClass(className: string, teacherId?: string): Promise<string> {
  const created = await world.ok('createClass', { as: world.admin, body: { className, ...(teacherId ? { teacherId } : {}) } });
  return created.classId;
}

it('creates a class without a teacher, then assigns one (teachers only), who then sees it', async () => {
  const classId = await newClass('Year 7 Art');
  expect(await world.ok('getAdminClass', { as: world.admin, params: { classId } })).toEqual({
    classId,
    className: 'Year 7 Art',
    studentCount: 0,
    moduleCount: 0,
  });
  expect((await world.ok('getAdminOverview', { as: world.admin })).classes).toMatchObject({ withoutTeacher: 1 });

  const refused = await world.call('setClassTeacher', { as: world.admin, params: { classId }, body: { teacherId: world.student.userId } });
  expect(refused).toMatchObject({ status: 400, body: { message: 'Sam Student is not a teacher; only teachers can teach a class.' } });

  const withTeacher = await world.ok('setClassTeacher', { as: world.admin, params: { classId }, body: { teacherId: world.otherTeacher.userId } });
  expect(withTeacher.teacher).toEqual({ userId: world.otherTeacher.userId, name: 'Ben Teacher' });
  const taught = await world.ok('listClasses', { as: world.otherTeacher });
  expect(taught.map((each: { _id: string }) => each._id)).toContain(classId);

  await world.ok('setClassTeacher', { as: world.admin, params: { classId }, body: { teacherId: null } });
  expect((await world.ok('listClasses', { as: world.otherTeacher })).map((each: { _id: string }) => each._id)).not.toContain(classId);

  await world.ok('renameClass', { as: world.admin, params: { classId }, body: { className: 'Year 7 Art & Design' } });
  const listed = await world.ok('listAdminClasses', { as: world.admin });
  expect(listed).toContainEqual({ classId, className: 'Year 7 Art & Design', studentCount: 0, moduleCount: 0 });
});

it('enrols students, answering each: enrolled, already enrolled, not a student, nobody', async () => {
  const classId = await newClass('Year 8 Music', world.teacher.userId);
  const { results } = await world.ok('enrolStudents', {
    as: world.admin,
    params: { classId },
    body: { studentIds: [world.student.userId, world.teacher.userId, 'no-such-person', world.otherStudent.userId] },
  });
  expect(results.map((result: { outcome: string }) => result.outcome)).toEqual(['enrolled', 'notStudent', 'notFound', 'enrolled']);
  const again = await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.student.userId] } });
  expect(again.results[0]).toMatchObject({ outcome: 'alreadyEnrolled', message: 'Already enrolled.' });

  const mine = await world.ok('listStudentClasses', { as: world.student, params: { userId: world.student.userId } });
  expect(mine.map((each: { _id: string }) => each._id)).toContain(classId);

  const after = await world.ok('unenrolStudent', { as: world.admin, params: { classId, studentId: world.student.userId } }, 200);
  expect(after.studentCount).toBe(1);
  const roster = await world.ok('listClassStudents', { as: world.admin, params: { classId } });
  expect(roster).toEqual({
    students: [{ userId: world.otherStudent.userId, name: 'Kim Student', email: world.otherStudent.email, enrolledAt: expect.any(String) }],
    studentCount: 1,
  });
  const gone = await world.ok('listStudentClasses', { as: world.student, params: { userId: world.student.userId } });
  expect(gone.map((each: { _id: string }) => each._id)).not.toContain(classId);

  const changes = (await world.ok('getAdminOverview', { as: world.admin })).recentChanges.map((entry: { action: string }) => entry.action);
  expect(changes.slice(0, 4)).toEqual(['unenrol', 'enrol', 'enrol', 'createClass']);
});

it('lets an admin read any roster and report, read-only; a teacher unassigns a module and its progress comes back with it', async () => {
  const classId = await newClass('Year 9 Drama', world.teacher.userId);
  await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.student.userId] } });
  const contentUrl = await world.upload(world.teacher, 'drama.pdf', MEDIA.pdf, pdfBytes('drama'));
  const module = await world.createModule(world.teacher, [{ title: 'Scene', contentUrl }], 'Drama');
  await world.ok('assignModule', { as: world.teacher, params: { classId }, body: { moduleId: module._id } });
  const progress = { studentId: world.student.userId, moduleId: module._id, classId, sectionId: module.sections[0]._id };
  await world.ok('markComplete', { as: world.student, body: progress });

  const roster = await world.ok('getClass', { as: world.admin, params: { classId } });
  expect(roster.studentIds).toEqual([{ _id: world.student.userId, username: 'Sam Student', email: world.student.email }]);
  const report = await world.ok('getClassReport', { as: world.admin, params: { classId } });
  expect(report[0].modules[0]).toMatchObject({ completed: 1, percentage: 100 });
  expect((await world.call('assignModule', { as: world.admin, params: { classId }, body: { moduleId: module._id } })).status).toBe(403);
  expect((await world.call('markComplete', { as: world.admin, body: progress })).status).toBe(403);

  const unassigned = await world.ok('unassignModule', { as: world.teacher, params: { classId, moduleId: module._id } }, 200);
  expect(unassigned.assignedModuleIds).toEqual([]);
  expect((await world.call('unassignModule', { as: world.otherTeacher, params: { classId, moduleId: module._id } })).status).toBe(404);
  await world.ok('assignModule', { as: world.teacher, params: { classId }, body: { moduleId: module._id } });
  const back = await world.ok('getProgress', { as: world.student, params: progress });
  expect(back.completedSections).toEqual([module.sections[0]._id]);
});

it('deletes a class with its enrolments and progress, keeping the modules, their files and the files\' references', async () => {
  const classId = await newClass('Year 10 Latin', world.teacher.userId);
  await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.student.userId] } });
  const contentUrl = await world.upload(world.teacher, 'latin.pdf', MEDIA.pdf, pdfBytes('latin'));
  const module = await world.createModule(world.teacher, [{ title: 'Verbs', contentUrl }], 'Latin');
  await world.ok('assignModule', { as: world.teacher, params: { classId }, body: { moduleId: module._id } });
  await world.ok('markComplete', { as: world.student, body: { studentId: world.student.userId, moduleId: module._id, classId, sectionId: module.sections[0]._id } });

  await world.ok('deleteClass', { as: world.admin, params: { classId } });

  const left = (await world.scanTable()).filter((item) => JSON.stringify(item).includes(classId));
  expect(left).toEqual([]);
  const kept = await world.ok('getModule', { as: world.teacher, params: { id: module._id } });
  expect(kept._id).toBe(module._id);
  expect((await fetch(world.fileUrl(kept.sections[0].downloadUrl))).status).toBe(200);
  const reference = (await world.scanTable()).find((item) => item.pk === `FILE#${contentUrl}`);
  expect([...(reference?.moduleIds as Set<string>)]).toEqual([module._id]);
  expect(reference).not.toHaveProperty('deletingAt');
  expect((await world.call('getAdminClass', { as: world.admin, params: { classId } })).status).toBe(404);
  const again = await world.call('deleteClass', { as: world.admin, params: { classId } });
  expect(again).toMatchObject({ status: 404, body: { message: expect.stringMatching(SENTENCE) } });
});

/** Every page of a roster, following the cursor. */
async function wholeRoster(classId: string, limit: number) {
  const students: { userId: string; name: string }[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const page = await world.ok('listClassStudents', { as: world.admin, path: `${buildPath(routes.listClassStudents.path, { classId })}?${query}` });
    expect(page.students.length).toBeLessThanOrEqual(limit);
    students.push(...page.students);
    cursor = page.next;
    pages += 1;
  } while (cursor);
  return { students, pages };
}

it('enrols past the old limit of 1,000 with every enrolment sent twice at once: none lost, none counted twice, rosters page, items stay small', async () => {
  const classId = await newClass('Whole year group', world.teacher.userId);
  const stores = localTableStores(world.config);
  const studentIds = Array.from({ length: 1050 }, (_, index) => `00000000-0000-4000-8000-${`${index}`.padStart(12, '0')}`);
  // The longest names and e-mail addresses a person can have.
  const longName = (index: number) => `${index}`.padEnd(100, 'x');
  const longEmail = (index: number) => `${`${index}`.padEnd(64, 'x')}@${'d'.repeat(181)}.example`;
  const outcomes: string[] = [];
  for (let start = 0; start < studentIds.length; start += 100) {
    const batch = studentIds.slice(start, start + 100);
    // Each enrolment twice, concurrently: exactly one of each pair enrols.
    outcomes.push(...(await Promise.all([...batch, ...batch].map((id) => stores.rosters.enrollStudent(classId, { studentId: id, name: longName(Number(id.slice(-12))), email: longEmail(Number(id.slice(-12))) })))));
  }
  stores.destroy();
  expect(outcomes.filter((outcome) => outcome === 'enrolled')).toHaveLength(1050);
  expect(outcomes.filter((outcome) => outcome === 'alreadyEnrolled')).toHaveLength(1050);

  const last = await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.student.userId] } });
  expect(last.results[0].outcome).toBe('enrolled');
  expect((await world.ok('getAdminClass', { as: world.admin, params: { classId } })).studentCount).toBe(1051);

  const { students, pages } = await wholeRoster(classId, 100);
  expect(pages).toBe(11);
  expect(new Set(students.map((student) => student.userId)).size).toBe(1051);
  expect(students.map((student) => student.userId)).toEqual([...studentIds, world.student.userId].sort());

  // A student in the big class reads it as in a small one: only themselves on the roster.
  const seen = await world.ok('getClass', { as: world.student, params: { classId } });
  expect(seen.studentIds).toEqual([{ _id: world.student.userId, username: 'Sam Student' }]);

  const items = (await world.scanTable()).filter((item) => item.pk === `CLASS#${classId}`);
  const largest = Math.max(...items.map((item) => Buffer.byteLength(JSON.stringify(item))));
  console.log(`Largest item of a 1,051-student class: ${largest} bytes`);
  expect(largest).toBeLessThan(1024);
});

it('unenrols concurrently without counting twice', async () => {
  const classId = await newClass('Year 12 Chemistry', world.teacher.userId);
  await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.student.userId, world.otherStudent.userId] } });
  const stores = localTableStores(world.config);
  await Promise.all([1, 2, 3].map(() => stores.rosters.unenrollStudent(classId, world.student.userId)));
  stores.destroy();
  expect((await world.ok('getAdminClass', { as: world.admin, params: { classId } })).studentCount).toBe(1);
  expect((await world.call('getClass', { as: world.student, params: { classId } })).status).toBe(404);
});

it("shows each enrolled student's e-mail beside the name to the teacher and admins, never to a student", async () => {
  const classId = await newClass('Year 13 Latin', world.teacher.userId);
  await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.student.userId, world.otherStudent.userId] } });
  const module = await world.createModuleWithSections(world.teacher, 1, 'Latin');
  await world.ok('assignModule', { as: world.teacher, params: { classId }, body: { moduleId: module._id } });
  const expected = [world.student, world.otherStudent].map(({ userId, name, email }) => ({ userId, name, email }));
  const byId = <T extends { userId: string }>(list: T[]) => [...list].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  const fromReport = (rows: ClassReportRow[]) => byId(rows.map(({ studentId, studentName, studentEmail }) => ({ userId: studentId, name: studentName, email: studentEmail })));

  for (const reader of [world.teacher, world.admin]) {
    const roster: RosterPageAnswer = await world.ok('listClassStudents', { as: reader, params: { classId } });
    expect(byId(roster.students.map(({ userId, name, email }) => ({ userId, name, email })))).toEqual(byId(expected));
    const detail: ClassDetail = await world.ok('getClass', { as: reader, params: { classId } });
    expect(byId(detail.studentIds.map(({ _id, username, email }) => ({ userId: _id, name: username, email })))).toEqual(byId(expected));
    expect(fromReport(await world.ok('getClassReport', { as: reader, params: { classId } }))).toEqual(byId(expected));
    const page: ClassReportPage = await world.ok('getClassReport', { as: reader, path: `/api/progress/class/${classId}?limit=100` });
    expect(fromReport(page.rows)).toEqual(byId(expected));
  }

  // The one roster a student can read is the class detail, with only themselves on it, by name and without e-mail.
  const seen = await world.ok('getClass', { as: world.student, params: { classId } });
  expect(seen.studentIds).toEqual([{ _id: world.student.userId, username: world.student.name }]);
  expect(JSON.stringify(seen)).not.toContain('@');

  // A rename follows into the roster, the e-mail stays beside it.
  await world.ok('renamePerson', { as: world.admin, params: { userId: world.otherStudent.userId }, body: { name: 'Kim Renamed' } });
  const renamed = await world.ok('listClassStudents', { as: world.teacher, params: { classId } });
  expect(renamed.students).toContainEqual(expect.objectContaining({ userId: world.otherStudent.userId, name: 'Kim Renamed', email: world.otherStudent.email }));
  await world.ok('renamePerson', { as: world.admin, params: { userId: world.otherStudent.userId }, body: { name: world.otherStudent.name } });
});

it("an unenrolment racing the student's completions and attempts leaves the class's counters and Avg. Score with only enrolled students, every time", async () => {
  const module = await world.createModuleWithSections(world.teacher, 6, 'Races');
  const [checked, ...marked] = module.sections.map((section) => section._id);
  await world.ok('putCheck', {
    as: world.teacher,
    params: { id: module._id, sectionId: checked },
    body: { passMark: 50, maxAttempts: null, showCorrectness: false, showAnswers: false, questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Races are fun.', answer: true }] },
  });
  const attempt = (as: typeof world.student, classId: string, right: boolean) =>
    world.call('submitAttempt', { as, params: { id: module._id, sectionId: checked }, body: { attemptId: randomUUID(), classId, answers: { q1: right } } });
  const mark = (as: typeof world.student, classId: string, sectionId: string) =>
    world.call('markComplete', { as, body: { studentId: as.userId, classId, moduleId: module._id, sectionId } });

  for (let run = 0; run < 6; run += 1) {
    const classId = await newClass(`Races ${run}`, world.teacher.userId);
    await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.student.userId, world.otherStudent.userId] } });
    await world.ok('assignModule', { as: world.teacher, params: { classId }, body: { moduleId: module._id } });
    // The student who stays: one section and a failed attempt (50 % of nothing: 0).
    expect((await mark(world.otherStudent, classId, marked[0])).status).toBe(200);
    expect((await attempt(world.otherStudent, classId, false)).status).toBe(201);

    const answers = await Promise.all([
      ...marked.map((sectionId) => mark(world.student, classId, sectionId)),
      attempt(world.student, classId, true),
      world.call('unenrolStudent', { as: world.admin, params: { classId, studentId: world.student.userId } }),
    ]);
    expect(answers.every((answer) => [200, 201, 404].includes(answer.status))).toBe(true);

    const completion = await world.ok('getClassCompletion', { as: world.teacher, params: { classId } });
    expect(completion).toMatchObject({ studentCount: 1, modules: [expect.objectContaining({ completions: 1 })], scores: { bestPercentSum: 0, scoredCount: 1 } });
  }
});
