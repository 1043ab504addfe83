// Per-student overrides through the services, over in-memory stores: who may give them, what is stored and audited,
// the drill-down's and the class's lists, and that every read of the student's path (module read, mark-complete, attempts, class
// progress, report) takes them into account.
import { checkInputSchema } from '@shared/contract/checks';
import { section } from '@test/unit-helpers/fixtures';
import { callers, CLASS_ID, classRecord, givenSchool, MODULE_ID, refused } from '../../test/in-memory/records';
import { inMemoryPorts, storedState, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeCheckService } from '../checks/checks';
import { makeModuleService } from '../modules/modules';
import { makePathOverrideService } from './path-overrides';
import { makeProgressService } from '../progress/progress';
import { makeReportService } from '../reports/reports';

const { teacher, otherTeacher, student, otherStudent, admin } = callers;
const SECTIONS = [
  section('intro', 1, { title: 'Introduction' }),
  section('quiz', 2, { title: 'Cell membranes' }),
  section('review', 3, { title: 'Membranes again', role: 'review' }),
  section('closing', 4, { title: 'Summary' }),
];
const check = checkInputSchema.parse({
  passMark: 70,
  bands: [{ min: 0, max: 100, release: [] }],
  questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Membranes are lipid bilayers.', answer: true }],
});

let ports: InMemoryPorts;
let overrides: ReturnType<typeof makePathOverrideService>;
let modules: ReturnType<typeof makeModuleService>;
let progress: ReturnType<typeof makeProgressService>;
let reports: ReturnType<typeof makeReportService>;
let checks: ReturnType<typeof makeCheckService>;
const read = async () => Object.fromEntries((await modules.get(student, MODULE_ID, CLASS_ID)).sections.map((each) => [each._id, each]));
const complete = (sectionId: string) => progress.markComplete(student, { studentId: student.userId, moduleId: MODULE_ID, classId: CLASS_ID, sectionId });

beforeEach(async () => {
  ports = inMemoryPorts();
  givenSchool(ports, { module: { sections: SECTIONS, sequential: true } });
  overrides = makePathOverrideService(ports);
  modules = makeModuleService(ports);
  progress = makeProgressService(ports);
  reports = makeReportService(ports);
  checks = makeCheckService(ports);
  await checks.save(teacher, MODULE_ID, 'quiz', check);
});

describe('giving an override', () => {
  it('stores it in the student’s own item, lists it newest first with titles, and writes the audit trail', async () => {
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'release', sectionId: 'review', reason: 'Asked for more practice' });
    ports.clock.set('2024-05-04T09:00:00.000Z');
    const answer = await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'excuse', sectionId: 'closing', reason: 'Covered in class' });
    expect(answer).toEqual({
      classId: CLASS_ID,
      studentId: student.userId,
      overrides: [
        expect.objectContaining({ kind: 'excuse', sectionId: 'closing', sectionTitle: 'Summary', reason: 'Covered in class', at: '2024-05-04T09:00:00.000Z' }),
        expect.objectContaining({ kind: 'release', sectionId: 'review', sectionTitle: 'Membranes again', moduleTitle: expect.any(String), teacherName: 'teacher@example.com' }),
      ],
    });
    expect(await overrides.list(admin, CLASS_ID, student.userId)).toEqual(answer);
    expect(ports.overrides.all()).toHaveLength(1);
    expect(ports.audit.entries.map(({ action, actor, subject, detail }) => ({ action, actor, subject, detail }))).toEqual([
      { action: 'releaseSection', actor: 'teacher@example.com', subject: 'student@example.com in Biology 7A', detail: expect.stringMatching(/› Membranes again: Asked for more practice$/) },
      { action: 'excuseSection', actor: 'teacher@example.com', subject: 'student@example.com in Biology 7A', detail: expect.stringMatching(/› Summary: Covered in class$/) },
    ]);
  });

  it('keeps the newest reason when the same override is given again', async () => {
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'unlock', reason: 'First' });
    const answer = await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'unlock', reason: 'Second' });
    expect(answer.overrides).toEqual([expect.objectContaining({ kind: 'unlock', reason: 'Second' })]);
    expect(answer.overrides[0]).not.toHaveProperty('sectionId');
  });

  it('refuses another teacher, a student not in the class, a module not assigned and a section not in it, changing nothing', async () => {
    const before = storedState(ports);
    const input = { moduleId: MODULE_ID, kind: 'excuse' as const, sectionId: 'closing', reason: 'Away' };
    await expect(overrides.add(otherTeacher, CLASS_ID, student.userId, input)).rejects.toEqual(refused('notFound'));
    await expect(overrides.add(admin, CLASS_ID, student.userId, input)).rejects.toEqual(refused('notFound'));
    await expect(overrides.add(teacher, CLASS_ID, otherStudent.userId, input)).rejects.toEqual(refused('notFound', 'not enrolled'));
    await expect(overrides.add(teacher, CLASS_ID, student.userId, { ...input, moduleId: 'elsewhere' })).rejects.toEqual(refused('notFound', 'not assigned'));
    await expect(overrides.add(teacher, CLASS_ID, student.userId, { ...input, sectionId: 'gone' })).rejects.toEqual(refused('invalid', 'not part of the module'));
    await expect(overrides.list(otherTeacher, CLASS_ID, student.userId)).rejects.toEqual(refused('notFound'));
    expect(storedState(ports)).toEqual(before);
  });
});

describe("the class's list", () => {
  it("lists every enrolled student's overrides in the class, newest first with the student's name, for its teacher and an admin; a former student's are left out", async () => {
    ports.classes.put(classRecord({ students: { [student.userId]: 'student@example.com', 'student-3': 'Theo Third', 'student-4': 'Fay Former' } }));
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'release', sectionId: 'review', reason: 'Asked for more practice' });
    ports.clock.set('2024-05-04T09:00:00.000Z');
    await overrides.add(teacher, CLASS_ID, 'student-3', { moduleId: MODULE_ID, kind: 'unlock', reason: 'Ready early' });
    await overrides.add(teacher, CLASS_ID, 'student-4', { moduleId: MODULE_ID, kind: 'excuse', sectionId: 'closing', reason: 'Moved school' });
    await ports.classes.unenrollStudent(CLASS_ID, 'student-4');

    const answer = await overrides.listForClass(teacher, CLASS_ID);

    expect(answer).toEqual({
      classId: CLASS_ID,
      overrides: [
        expect.objectContaining({ studentId: 'student-3', studentName: 'Theo Third', kind: 'unlock', reason: 'Ready early', at: '2024-05-04T09:00:00.000Z' }),
        expect.objectContaining({ studentId: student.userId, studentName: 'student@example.com', kind: 'release', sectionTitle: 'Membranes again', teacherName: 'teacher@example.com' }),
      ],
    });
    expect(await overrides.listForClass(admin, CLASS_ID)).toEqual(answer);
  });

  it('is empty for a class with none, and refuses another teacher as if the class did not exist', async () => {
    expect(await overrides.listForClass(teacher, CLASS_ID)).toEqual({ classId: CLASS_ID, overrides: [] });
    await expect(overrides.listForClass(otherTeacher, CLASS_ID)).rejects.toEqual(refused('notFound'));
  });
});

describe('taking an override back', () => {
  it('removes that override only, writes the audit trail, and the section locks again', async () => {
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'release', sectionId: 'closing', reason: 'Already knows it' });
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'unlock', reason: 'Ready' });
    expect((await read()).closing).toMatchObject({ state: 'open' });

    const answer = await overrides.remove(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'release', sectionId: 'closing' });
    expect(answer.overrides).toEqual([expect.objectContaining({ kind: 'unlock', reason: 'Ready' })]);
    expect((await read()).closing).toMatchObject({ state: 'locked' });
    expect(ports.audit.entries.at(-1)).toMatchObject({
      action: 'removeOverride',
      actor: 'teacher@example.com',
      subject: 'student@example.com in Biology 7A',
      detail: expect.stringMatching(/› Summary: no longer released$/),
    });
  });

  it('refuses an override that is not there (removed already), another teacher, an admin and a student not in the class, changing nothing', async () => {
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'excuse', sectionId: 'closing', reason: 'Away' });
    const before = storedState(ports);
    const target = { moduleId: MODULE_ID, kind: 'excuse' as const, sectionId: 'closing' };
    await expect(overrides.remove(teacher, CLASS_ID, student.userId, { ...target, sectionId: 'intro' })).rejects.toEqual(refused('notFound', 'no longer there'));
    await expect(overrides.remove(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'unlock' })).rejects.toEqual(refused('notFound', 'no longer there'));
    await expect(overrides.remove(otherTeacher, CLASS_ID, student.userId, target)).rejects.toEqual(refused('notFound'));
    await expect(overrides.remove(admin, CLASS_ID, student.userId, target)).rejects.toEqual(refused('notFound'));
    await expect(overrides.remove(teacher, CLASS_ID, otherStudent.userId, target)).rejects.toEqual(refused('notFound', 'not enrolled'));
    await expect(overrides.remove(teacher, CLASS_ID, student.userId, { ...target, moduleId: 'elsewhere' })).rejects.toEqual(refused('notFound', 'not assigned'));
    expect(storedState(ports)).toEqual(before);
  });
});

describe("the student's path follows the overrides", () => {
  it('opens a locked section on the module read, lets the student complete it, and says why', async () => {
    expect((await read()).quiz).toMatchObject({ state: 'locked' });
    await expect(complete('closing')).rejects.toEqual(refused('conflict', 'Pass the check in “Cell membranes”'));
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'release', sectionId: 'closing', reason: 'Already knows it' });
    const sections = await read();
    expect(sections.closing).toMatchObject({ state: 'open', reason: 'Your teacher opened this for you: Already knows it', downloadUrl: expect.any(String) });
    await expect(complete('closing')).resolves.toMatchObject({ completedSections: ['closing'] });
  });

  it('serves a locked section’s check to no one until it opens, then lets the student attempt it', async () => {
    await expect(checks.read(student, MODULE_ID, 'quiz', CLASS_ID)).rejects.toEqual(refused('conflict', 'Complete “Introduction” to open this, or your teacher can open it for you.'));
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'release', sectionId: 'quiz', reason: 'Ready' });
    await expect(checks.read(student, MODULE_ID, 'quiz', CLASS_ID)).resolves.toMatchObject({ questions: [expect.objectContaining({ id: 'q1' })] });
    const { attempt } = await checks.submit(student, MODULE_ID, 'quiz', { attemptId: '00000000-0000-4000-8000-000000000001', classId: CLASS_ID, answers: { q1: true } });
    expect(attempt).toMatchObject({ passed: true });
  });

  it('takes an excused section out of the progress count, the class progress and the report', async () => {
    await complete('intro');
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'excuse', sectionId: 'closing', reason: 'Covered in class' });
    expect((await read()).closing).toMatchObject({ state: 'excused', reason: 'Your teacher excused you from this: Covered in class' });
    const [entry] = (await progress.studentClassProgress(student, CLASS_ID, student.userId)).modules;
    expect(entry).toMatchObject({ completed: 1, total: 2 });
    const report = await reports.classReportPage(teacher, CLASS_ID, {});
    expect(report.rows[0].modules[0]).toMatchObject({ completed: 1, total: 2 });
    const [row] = await reports.classReport(teacher, CLASS_ID);
    expect(row.modules[0]).toMatchObject({ completed: 1, total: 2 });
    // The module drill-down tells the excused section from one not done.
    const drillDown = await reports.moduleReport(teacher, CLASS_ID, MODULE_ID);
    expect(drillDown.rows[0].closed).toMatchObject({ closing: 'excused' });
  });

  it('puts a released review section on the student’s branch in the module drill-down', async () => {
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'release', sectionId: 'review', reason: 'More practice' });
    const report = await reports.moduleReport(teacher, CLASS_ID, MODULE_ID);
    expect(report.rows[0]).toMatchObject({ studentId: student.userId, branch: 'review' });
  });

  it('applies to the student it names only', async () => {
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'release', sectionId: 'closing', reason: 'Ready' });
    expect(await ports.overrides.getOverrides({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: otherStudent.userId })).toBeUndefined();
  });
});
