// An archived class is read-only for everyone: each use case that decides a write about a class refuses it with a 409
// worded for the caller, and changes nothing; reads go on, and the class is off the teacher's and students' lists.
import { ARCHIVED_MESSAGES } from '@shared/school-year';
import { callers, CLASS_ID, givenSchool, MODULE_ID, refused } from '../../test/in-memory/records';
import { inMemoryPorts, storedState, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeCheckService } from '../checks/checks';
import { makeClassService } from '../classes/classes';
import { makeNotificationService } from '../notifications/notifications';
import { makePathOverrideService } from '../paths/path-overrides';
import { InMemoryDirectory, InMemoryPersonAccess } from '../people/fakes/people';
import { makeProgressService } from '../progress/progress';
import { makeClassAdminService } from '../rosters/class-admin';

const { teacher, student, admin } = callers;
let ports: InMemoryPorts;

beforeEach(() => {
  ports = inMemoryPorts();
  givenSchool(ports, { class: { dueAt: { [MODULE_ID]: '2024-06-01T10:00:00.000Z' } } });
  ports.classes.patch(CLASS_ID, { archivedAt: '2024-05-01T10:00:00.000Z' });
});

const services = () => {
  const directory = new InMemoryDirectory();
  const newcomer = directory.add({ email: 'new@school.example', name: 'New Student', role: 'Students' });
  return {
    newcomer,
    classes: makeClassService(ports),
    progress: makeProgressService(ports),
    checks: makeCheckService(ports),
    overrides: makePathOverrideService(ports),
    bells: makeNotificationService(ports),
    admin: makeClassAdminService({ ...ports, rosters: ports.classes, directory, access: new InMemoryPersonAccess() }),
  };
};

const writes: [string, keyof typeof ARCHIVED_MESSAGES, (s: ReturnType<typeof services>) => Promise<unknown>][] = [
  ['a student marking a section complete', 'student', (s) => s.progress.markComplete(student, { classId: CLASS_ID, moduleId: MODULE_ID, studentId: student.userId, sectionId: 'section-1' })],
  ['a student undoing a completion', 'student', (s) => s.progress.undoComplete(student, { classId: CLASS_ID, moduleId: MODULE_ID, studentId: student.userId, sectionId: 'section-1' })],
  ['a student reporting reading', 'student', (s) => s.progress.recordReading(student, MODULE_ID, 'section-1', { classId: CLASS_ID, opened: true })],
  ['a student submitting an attempt', 'student', (s) => s.checks.submit(student, MODULE_ID, 'section-1', { attemptId: crypto.randomUUID(), classId: CLASS_ID, answers: {} })],
  ['the teacher assigning a module', 'teacher', (s) => s.classes.assignModule(teacher, CLASS_ID, MODULE_ID)],
  ['the teacher unassigning a module', 'teacher', (s) => s.classes.unassignModule(teacher, CLASS_ID, MODULE_ID)],
  ['the teacher setting a prerequisite', 'teacher', (s) => s.classes.setPrerequisite(teacher, CLASS_ID, MODULE_ID, null)],
  ['the teacher overriding a path', 'teacher', (s) => s.overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'unlock', reason: 'Late' })],
  ['the teacher nudging a student', 'teacher', (s) => s.bells.nudge(teacher, CLASS_ID, MODULE_ID, student.userId)],
  ['an admin enrolling a student', 'admin', (s) => s.admin.enrol(admin, CLASS_ID, [s.newcomer.userId])],
  ['an admin unenrolling a student', 'admin', (s) => s.admin.unenrol(admin, CLASS_ID, student.userId)],
  ['an admin renaming the class', 'admin', (s) => s.admin.rename(admin, CLASS_ID, 'New name')],
  ['an admin changing its teacher', 'admin', (s) => s.admin.setTeacher(admin, CLASS_ID, null)],
];

it.each(writes)('refuses %s with a 409 the caller can act on, and changes nothing', async (_, who, write) => {
  const before = storedState(ports);
  await expect(write(services())).rejects.toMatchObject({ kind: 'conflict', message: ARCHIVED_MESSAGES[who] });
  expect(storedState(ports)).toEqual(before);
});

it('keeps the class readable, but off the teacher’s and the student’s lists', async () => {
  const { classes } = services();
  await expect(classes.getDetail(teacher, CLASS_ID)).resolves.toMatchObject({ _id: CLASS_ID });
  await expect(classes.getDetail(student, CLASS_ID)).resolves.toMatchObject({ _id: CLASS_ID });
  expect(await classes.listTeacherClasses(teacher)).toEqual([]);
  expect(await classes.listStudentClasses(student, student.userId)).toEqual([]);
  ports.classes.patch(CLASS_ID, { archivedAt: undefined });
  expect((await classes.listTeacherClasses(teacher)).map((each) => each._id)).toEqual([CLASS_ID]);
});

it('still refuses a teacher what is not theirs with a 404, archived or not', async () => {
  await expect(services().classes.assignModule(callers.otherTeacher, CLASS_ID, MODULE_ID)).rejects.toEqual(refused('notFound'));
});
