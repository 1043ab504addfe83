// Administering classes through the local stack: create, teacher, enrolment (one, many, over the limit), admins reading
// rosters and reports, teachers unassigning a module, and deleting a class with its enrolments and progress.
import { localTableStores } from '../../infra/local/table-stores';
import { CLASS_LIMITS } from '../../shared/class-admin';
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
    students: [],
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
  expect(after.students).toEqual([{ userId: world.otherStudent.userId, name: 'Kim Student' }]);
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
  expect(roster.studentIds).toEqual([{ _id: world.student.userId, username: 'Sam Student' }]);
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
  expect((await fetch(kept.sections[0].downloadUrl)).status).toBe(200);
  const reference = (await world.scanTable()).find((item) => item.pk === `FILE#${contentUrl}`);
  expect([...(reference?.moduleIds as Set<string>)]).toEqual([module._id]);
  expect(reference).not.toHaveProperty('deletingAt');
  expect((await world.call('getAdminClass', { as: world.admin, params: { classId } })).status).toBe(404);
  const again = await world.call('deleteClass', { as: world.admin, params: { classId } });
  expect(again).toMatchObject({ status: 404, body: { message: expect.stringMatching(SENTENCE) } });
});

it(`holds ${CLASS_LIMITS.studentsMax} students and refuses one more; the fullest class item stays well under 400 KB`, async () => {
  const classId = await newClass('Whole year group', world.teacher.userId);
  const stores = localTableStores(world.config);
  const { classes } = stores;
  // The longest names a person can have, on every roster entry.
  const longName = (index: number) => `${index}`.padEnd(100, 'x');
  for (let start = 0; start < CLASS_LIMITS.studentsMax - 1; start += 50) {
    const batch = Array.from({ length: Math.min(50, CLASS_LIMITS.studentsMax - 1 - start) }, (_, offset) => start + offset);
    await Promise.all(batch.map((index) => classes.enrollStudentWithinLimit(classId, `00000000-0000-4000-8000-${`${index}`.padStart(12, '0')}`, longName(index))));
  }
  stores.destroy();
  const last = await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.student.userId] } });
  expect(last.results[0].outcome).toBe('enrolled');
  const over = await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.otherStudent.userId] } });
  expect(over.results[0]).toMatchObject({ outcome: 'full', message: 'The class is full: a class holds at most 1000 students.' });

  const item = (await world.scanTable()).find((each) => each.pk === `CLASS#${classId}` && each.sk === 'CLASS')!;
  expect(Object.keys(item.students as object)).toHaveLength(CLASS_LIMITS.studentsMax);
  const bytes = Buffer.byteLength(JSON.stringify(item));
  console.log(`Largest class item: ${CLASS_LIMITS.studentsMax} students with 100-character names = ${(bytes / 1024).toFixed(1)} KB (DynamoDB limit 400 KB)`);
  expect(bytes).toBeLessThan(200 * 1024);
});
