// Prerequisites between a class's modules through the services, over in-memory stores: the teacher sets one (and the
// refusals), the waiting module is shut on the student's module read, mark-complete, attempts and class progress
// until the prerequisite is complete or its checks passed, and the teacher's unlock override lets one student in.
import { checkInputSchema } from '@shared/contract/checks';
import { section } from '@test/unit-helpers/fixtures';
import { callers, CLASS_ID, givenModules, givenSchool, MEDIA, MODULE_ID, moduleRecord, refused } from '../../test/in-memory/records';
import { inMemoryPorts, storedState, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeCheckService } from '../checks/checks';
import { makeClassService } from '../classes/classes';
import { makeModuleService } from '../modules/modules';
import { makePathOverrideService } from './path-overrides';
import { makeProgressService } from '../progress/progress';
import { makeReportService } from '../reports/reports';

const { teacher, otherTeacher, student } = callers;
const NEXT_ID = 'module-next';
const next = moduleRecord({ moduleId: NEXT_ID, title: 'Tissues', sections: [section('tissue-1', 1, { title: 'Tissues' }), section('tissue-2', 2, { title: 'Organs' })] });
const WAIT = 'Complete “Cells” to open this, or your teacher can open it for you.';
const check = checkInputSchema.parse({ passMark: 50, questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Cells divide.', answer: true }] });

let ports: InMemoryPorts;
let classes: ReturnType<typeof makeClassService>;
let modules: ReturnType<typeof makeModuleService>;
let progress: ReturnType<typeof makeProgressService>;
let reports: ReturnType<typeof makeReportService>;
let checks: ReturnType<typeof makeCheckService>;
const mark = (moduleId: string, sectionId: string) => progress.markComplete(student, { studentId: student.userId, classId: CLASS_ID, moduleId, sectionId });
const nextRead = async () => (await modules.get(student, NEXT_ID, CLASS_ID)).sections;
const nextInClass = async () => (await progress.studentClassProgress(student, CLASS_ID, student.userId)).modules.find((entry) => entry.moduleId === NEXT_ID)!;

beforeEach(async () => {
  ports = inMemoryPorts();
  givenSchool(ports, { class: { assignedModuleIds: [MODULE_ID, NEXT_ID] } });
  givenModules(ports, next);
  for (const { contentUrl } of next.sections) ports.files.put(contentUrl, MEDIA.pdf);
  classes = makeClassService(ports);
  modules = makeModuleService(ports);
  progress = makeProgressService(ports);
  reports = makeReportService(ports);
  checks = makeCheckService(ports);
  await classes.setPrerequisite(teacher, CLASS_ID, NEXT_ID, MODULE_ID);
});

describe('setting a prerequisite', () => {
  it('shows it on the class detail, and null removes it', async () => {
    const detail = await classes.getDetail(teacher, CLASS_ID);
    expect(detail.assignedModuleIds.find((module) => module._id === NEXT_ID)).toMatchObject({ prerequisiteModuleId: MODULE_ID });
    const removed = await classes.setPrerequisite(teacher, CLASS_ID, NEXT_ID, null);
    expect(removed.assignedModuleIds.find((module) => module._id === NEXT_ID)).not.toHaveProperty('prerequisiteModuleId');
  });

  it('refuses a loop, itself, a module not in the class and another teacher, changing nothing', async () => {
    const before = storedState(ports);
    await expect(classes.setPrerequisite(teacher, CLASS_ID, MODULE_ID, NEXT_ID)).rejects.toEqual(refused('invalid', 'cannot wait for itself'));
    await expect(classes.setPrerequisite(teacher, CLASS_ID, NEXT_ID, NEXT_ID)).rejects.toEqual(refused('invalid', 'cannot wait for itself'));
    await expect(classes.setPrerequisite(teacher, CLASS_ID, MODULE_ID, NEXT_ID)).rejects.toEqual(refused('invalid', '“Cells” would wait for “Tissues”, which waits for “Cells”.'));
    await expect(classes.setPrerequisite(teacher, CLASS_ID, NEXT_ID, 'elsewhere')).rejects.toEqual(refused('invalid', 'not assigned to this class'));
    await expect(classes.setPrerequisite(teacher, CLASS_ID, 'elsewhere', MODULE_ID)).rejects.toEqual(refused('notFound', 'not assigned'));
    await expect(classes.setPrerequisite(otherTeacher, CLASS_ID, NEXT_ID, MODULE_ID)).rejects.toEqual(refused('notFound'));
    expect(storedState(ports)).toEqual(before);
  });

  it('never makes a loop when two modules are made to wait for each other at once: one save holds, the other is a 409 naming the loop', async () => {
    for (let run = 0; run < 20; run += 1) {
      await classes.setPrerequisite(teacher, CLASS_ID, NEXT_ID, null);
      const saves = await Promise.allSettled([classes.setPrerequisite(teacher, CLASS_ID, NEXT_ID, MODULE_ID), classes.setPrerequisite(teacher, CLASS_ID, MODULE_ID, NEXT_ID)]);
      expect(saves.filter((save) => save.status === 'fulfilled')).toHaveLength(1);
      expect(saves.find((save) => save.status === 'rejected')).toEqual({ status: 'rejected', reason: refused('conflict', /would wait for .*, which waits for/) });
      const { prerequisites = {} } = (await ports.classes.getClass(CLASS_ID))!;
      expect(Object.keys(prerequisites)).toHaveLength(1);
    }
  });
});

describe('a module waiting for another', () => {
  it('is shut on the module read (no file link), to mark-complete and on the class progress, naming what opens it', async () => {
    const sections = await nextRead();
    expect(sections).toEqual([expect.objectContaining({ state: 'locked', reason: WAIT }), expect.objectContaining({ state: 'locked', reason: WAIT })]);
    expect(sections.some((each) => each.downloadUrl !== undefined)).toBe(false);
    await expect(mark(NEXT_ID, 'tissue-1')).rejects.toEqual(refused('conflict', WAIT));
    expect(await nextInClass()).toMatchObject({ lockedReason: WAIT, nextSectionId: null });
  });

  it("is shut to the reader's reports too, keeping nothing", async () => {
    await expect(progress.recordReading(student, NEXT_ID, 'tissue-1', { classId: CLASS_ID, opened: true, page: 3 })).rejects.toEqual(refused('conflict', WAIT));
    expect(ports.progress.all()).toEqual([]);
  });

  it('opens once every required section of the prerequisite is complete', async () => {
    await mark(MODULE_ID, 'section-1');
    expect(await nextInClass()).toMatchObject({ lockedReason: WAIT });
    await mark(MODULE_ID, 'section-2');
    expect((await nextRead())[0]).toMatchObject({ state: 'open', downloadUrl: expect.any(String) });
    expect(await nextInClass()).toMatchObject({ nextSectionId: 'tissue-1' });
    expect(await nextInClass()).not.toHaveProperty('lockedReason');
    await expect(mark(NEXT_ID, 'tissue-1')).resolves.toMatchObject({ completedSections: ['tissue-1'] });
  });

  it("opens once the prerequisite's checks are passed, and refuses attempts at its own checks until then", async () => {
    await checks.save(teacher, NEXT_ID, 'tissue-2', check);
    await checks.save(teacher, MODULE_ID, 'section-2', check);
    const attempt = (id: number) => ({ attemptId: `00000000-0000-4000-8000-00000000000${id}`, classId: CLASS_ID, answers: { q1: true } });
    // With a check in the prerequisite, passing its checks is a way in too, and the message says so.
    const wait = 'Complete “Cells” or pass all its checks to open this, or your teacher can open it for you.';
    await expect(checks.submit(student, NEXT_ID, 'tissue-2', attempt(1))).rejects.toEqual(refused('conflict', wait));
    await expect(checks.read(student, NEXT_ID, 'tissue-2', CLASS_ID)).rejects.toEqual(refused('conflict', wait));
    await checks.submit(student, MODULE_ID, 'section-2', attempt(2));
    expect((await nextRead())[0]).toMatchObject({ state: 'open' });
  });

  it('opens for the one student the teacher unlocks it for', async () => {
    await makePathOverrideService(ports).add(teacher, CLASS_ID, student.userId, { moduleId: NEXT_ID, kind: 'unlock', reason: 'Did this last year' });
    expect((await nextRead())[0]).toMatchObject({ state: 'open' });
    expect(await nextInClass()).not.toHaveProperty('lockedReason');
  });

  it("is marked in the teacher's report (whole and in pages) naming the prerequisite, until it is done or the student is let in", async () => {
    const cellOf = async () => {
      const [whole, paged] = [await reports.classReport(teacher, CLASS_ID), await reports.classReportPage(teacher, CLASS_ID, {})];
      const cells = [whole, paged.rows].map((rows) => rows[0]!.modules.find((cell) => cell.moduleId === NEXT_ID)!);
      expect(cells[1]).toEqual(cells[0]);
      return cells[0];
    };
    const firstCell = async () => (await reports.classReport(teacher, CLASS_ID))[0]!.modules.find((cell) => cell.moduleId === MODULE_ID)!;
    expect(await cellOf()).toMatchObject({ percentage: 0, waitsFor: { moduleId: MODULE_ID, moduleTitle: 'Cells' } });
    expect(await firstCell()).not.toHaveProperty('waitsFor');

    await makePathOverrideService(ports).add(teacher, CLASS_ID, student.userId, { moduleId: NEXT_ID, kind: 'unlock', reason: 'Did this last year' });
    expect(await cellOf()).not.toHaveProperty('waitsFor');
    await makePathOverrideService(ports).remove(teacher, CLASS_ID, student.userId, { moduleId: NEXT_ID, kind: 'unlock' });
    expect(await cellOf()).toHaveProperty('waitsFor');
    await mark(MODULE_ID, 'section-1');
    await mark(MODULE_ID, 'section-2');
    expect(await cellOf()).not.toHaveProperty('waitsFor');
  });

  it('opens when the prerequisite leaves the class, and stays open when it is assigned again (the prerequisite naming it went with it)', async () => {
    const detail = await classes.unassignModule(teacher, CLASS_ID, MODULE_ID);
    expect(detail.assignedModuleIds.find((module) => module._id === NEXT_ID)).not.toHaveProperty('prerequisiteModuleId');
    expect((await nextRead())[0]).toMatchObject({ state: 'open' });
    await classes.assignModule(teacher, CLASS_ID, MODULE_ID);
    expect((await ports.classes.getClass(CLASS_ID))?.prerequisites).toBeUndefined();
    expect((await nextRead())[0]).toMatchObject({ state: 'open' });
  });

  it('answers 409 when the class’s prerequisites kept changing while the module was taken off', async () => {
    ports.classes.removeAssignedModuleOfTeacher = async () => 'changed';
    await expect(classes.unassignModule(teacher, CLASS_ID, MODULE_ID)).rejects.toEqual(refused('conflict', 'changed meanwhile'));
  });
});
