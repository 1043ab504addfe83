// A student's own progress use cases over in-memory stores that keep the DynamoDB adapters' promises.
import { callers, CLASS_ID, classRecord, givenSchool, MODULE_ID, moduleRecord, OTHER_CLASS_ID, progressRecord, refused, section } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeProgressService } from './progress';

let ports: InMemoryPorts;
let service: ReturnType<typeof makeProgressService>;
const { teacher, otherTeacher, student, otherStudent } = callers;

beforeEach(() => {
  ports = inMemoryPorts();
  service = makeProgressService(ports);
  givenSchool(ports);
});

const key = { studentId: callers.student.userId, moduleId: MODULE_ID, classId: CLASS_ID };
const mark = (sectionId: string, caller = student, overrides = {}) =>
  service.markComplete(caller, { ...key, studentId: caller.userId, sectionId, ...overrides });

describe('markComplete', () => {
  it('adds the section and answers the progress of sections still in the module', async () => {
    ports.progress.put(progressRecord({ completedSections: ['removed-section'] }));
    await expect(mark('section-2')).resolves.toEqual({ ...key, completedSections: ['section-2'], updatedAt: ports.clock.now().toISOString() });
    expect(ports.progress.all()[0].completedSections).toEqual(['removed-section', 'section-2']);
  });

  it('loses no section when marks race, and repeating one changes nothing', async () => {
    await Promise.all([mark('section-1'), mark('section-2'), mark('section-1')]);
    expect(ports.progress.all()[0].completedSections.sort()).toEqual(['section-1', 'section-2']);
  });

  it('counts each first completion once with its record, whatever races: the counter, the started students and the day follow the record', async () => {
    await Promise.all([mark('section-1'), mark('section-2'), mark('section-1'), mark('section-2')]);
    expect(await ports.progress.listCompletionCounters(CLASS_ID)).toEqual([
      { moduleId: MODULE_ID, completions: 2, bySection: { 'section-1': 1, 'section-2': 1 }, startedStudents: 1 },
    ]);
    const today = ports.clock.now().toISOString().slice(0, 10);
    expect(await ports.progress.listActiveStudents(CLASS_ID, [today])).toEqual([student.userId]);
  });

  it('records when a section was first completed; a repeat keeps that time', async () => {
    await mark('section-1');
    const [first] = ports.progress.all();
    await mark('section-1');
    expect(ports.progress.all()[0].completedAt).toEqual(first.completedAt);
    expect(first.completedAt).toEqual({ 'section-1': expect.any(String) });
  });

  it("is forbidden for someone else's progress", async () => {
    await expect(mark('section-1', student, { studentId: otherStudent.userId })).rejects.toEqual(refused('forbidden', /your own progress/));
    expect(ports.progress.all()).toEqual([]);
  });

  it('refuses a section of another module', async () => {
    await expect(mark('elsewhere')).rejects.toEqual(refused('invalid', /not part of the module/));
  });

  it.each([
    ['a class the student is not in', { classId: OTHER_CLASS_ID }, 'Class not found.'],
    ['a module not assigned to the class', { moduleId: 'other' }, 'This module is not assigned to this class.'],
  ])('is not found for %s', async (_case, overrides, message) => {
    ports.modules.put(moduleRecord({ moduleId: 'other' }));
    await expect(mark('section-1', student, overrides)).rejects.toEqual(refused('notFound', message));
  });
});

describe('recordReading', () => {
  const report = (input: { opened?: true; page?: number; minutes?: number }, sectionId = 'section-1', caller = student) =>
    service.recordReading(caller, MODULE_ID, sectionId, { classId: CLASS_ID, ...input });

  const later = (ms: number) => ports.clock.set(new Date(ports.clock.now().getTime() + ms).toISOString());

  it('counts every open of concurrent reports and keeps the last page, on the student’s own progress item; minutes from the opening on', async () => {
    await Promise.all([report({ opened: true }), report({ opened: true, minutes: 1 }), report({ page: 7 })]);
    later(60_000);
    await expect(report({ minutes: 1 })).resolves.toEqual({ sectionId: 'section-1', opened: 2, minutes: 1, page: 7 });
    expect(ports.progress.all()).toEqual([expect.objectContaining({ ...key, completedSections: [], reading: { 'section-1': { opened: 2, minutes: 1, page: 7 } } })]);
  });

  it('counts no more minutes than really passed, however many reports come at once: 100 reports of 30 minutes, every time', async () => {
    await report({ opened: true });
    const minutesNow = async () => ((await report({ page: 1 })) as { minutes: number }).minutes;
    const burst = () => Promise.all(Array.from({ length: 100 }, () => report({ minutes: 30 })));
    await burst();
    expect(await minutesNow()).toBe(0);
    later(60_000);
    await burst();
    expect(await minutesNow()).toBe(1);
    later(10 * 60_000);
    await burst();
    expect(await minutesNow()).toBe(11);
    // A beat a few seconds early (network delays) still counts its minute; two beats in one minute count one.
    later(57_000);
    await report({ minutes: 1 });
    later(30_000);
    await report({ minutes: 1 });
    expect(await minutesNow()).toBe(12);
  });

  it('keeps the completions beside it: a section read after it was completed stays complete', async () => {
    await mark('section-1');
    await report({ opened: true, page: 2 });
    await expect(service.get(student, key)).resolves.toMatchObject({ completedSections: ['section-1'] });
  });

  it('refuses a section locked on the student’s path (409), a section or module the class does not have (404), another class (404)', async () => {
    ports.modules.put(moduleRecord({ sequential: true }));
    await expect(report({ opened: true }, 'section-2')).rejects.toEqual(refused('conflict'));
    await expect(report({ opened: true }, 'section-9')).rejects.toEqual(refused('notFound', 'This section is not part of the module'));
    await expect(report({ opened: true }, 'section-1', otherStudent)).rejects.toEqual(refused('notFound'));
    expect(ports.progress.all()).toEqual([]);
  });
});

describe('get', () => {
  it("answers a student's own progress, counting only sections still in the module", async () => {
    ports.progress.put(progressRecord({ completedSections: ['section-1', 'removed'] }));
    await expect(service.get(student, key)).resolves.toMatchObject({ completedSections: ['section-1'] });
  });

  it("lets the class's teacher read a student's progress", async () => {
    ports.progress.put(progressRecord());
    await expect(service.get(teacher, key)).resolves.toMatchObject({ completedSections: ['section-1'] });
  });

  it('answers an empty list when nothing is recorded yet', async () => {
    await expect(service.get(student, key)).resolves.toEqual({ ...key, completedSections: [] });
  });

  it("is forbidden for an enrolled student asking for someone else's", async () => {
    await expect(service.get(student, { ...key, studentId: otherStudent.userId })).rejects.toEqual(refused('forbidden', /your own progress/));
  });

  it.each([
    ['another teacher', otherTeacher, key, 'Class not found.'],
    ['a student who is not enrolled', teacher, { ...key, studentId: otherStudent.userId }, 'This student is not enrolled in this class.'],
    ['a module not assigned', student, { ...key, moduleId: 'other' }, 'This module is not assigned to this class.'],
  ])('is not found for %s', async (_case, caller, asked, message) => {
    await expect(service.get(caller, asked)).rejects.toEqual(refused('notFound', message));
  });
});

describe('studentClassProgress', () => {
  beforeEach(() => {
    // Titles put "Atoms" first in the syllabus; its sections are stored out of order; "Zoology" has none.
    ports.modules.put(
      moduleRecord({ moduleId: 'atoms', title: 'Atoms', sections: [section('a1', 2), section('a2', 1)] }),
      moduleRecord({ moduleId: 'zoology', title: 'Zoology', sections: [] }),
    );
    ports.classes.put(classRecord({ assignedModuleIds: [MODULE_ID, 'atoms', 'zoology'] }));
    ports.progress.put(
      // section-gone was completed before an edit removed it: it no longer counts.
      progressRecord({ completedSections: ['section-1', 'section-gone'] }),
      progressRecord({ moduleId: 'atoms', completedSections: ['a2'] }),
      progressRecord({ studentId: otherStudent.userId, completedSections: ['section-1', 'section-2'] }),
    );
  });

  it("answers every module in syllabus order with the student's completion and first section still to do", async () => {
    const expected = {
      classId: CLASS_ID,
      studentId: student.userId,
      modules: [
        { moduleId: 'atoms', moduleTitle: 'Atoms', completed: 1, total: 2, percentage: 50, completedSections: ['a2'], nextSectionId: 'a1' },
        { moduleId: MODULE_ID, moduleTitle: 'Cells', completed: 1, total: 2, percentage: 50, completedSections: ['section-1'], nextSectionId: 'section-2' },
        { moduleId: 'zoology', moduleTitle: 'Zoology', completed: 0, total: 0, percentage: 0, completedSections: [], nextSectionId: null },
      ],
    };
    await expect(service.studentClassProgress(student, CLASS_ID, student.userId)).resolves.toEqual(expected);
    await expect(service.studentClassProgress(teacher, CLASS_ID, student.userId)).resolves.toEqual(expected);
  });

  it("reads only the student's own records, and no class-wide list", async () => {
    const ofStudent = jest.spyOn(ports.progress, 'listProgressOfStudent');
    const ofClass = jest.spyOn(ports.progress, 'listProgressOfClass');
    await service.studentClassProgress(student, CLASS_ID, student.userId);
    expect(ofStudent).toHaveBeenCalledTimes(1);
    const [classId, moduleIds, studentId] = ofStudent.mock.calls[0];
    expect([classId, [...moduleIds].sort(), studentId]).toEqual([CLASS_ID, ['atoms', MODULE_ID, 'zoology'], student.userId]);
    expect(ofClass).not.toHaveBeenCalled();
  });

  it("gives each module its due date in the class, from the class item it reads anyway", async () => {
    ports.classes.put(classRecord({ assignedModuleIds: [MODULE_ID, 'atoms', 'zoology'], dueAt: { atoms: '2026-12-05T16:00:00.000Z' } }));
    const { modules } = await service.studentClassProgress(student, CLASS_ID, student.userId);
    expect(modules.map((each) => [each.moduleId, each.dueAt])).toEqual([
      ['atoms', '2026-12-05T16:00:00.000Z'],
      [MODULE_ID, undefined],
      ['zoology', undefined],
    ]);
    expect(modules[1]).not.toHaveProperty('dueAt');
  });

  it('says null for the next section once a module is complete', async () => {
    ports.progress.put(progressRecord({ completedSections: ['section-1', 'section-2'] }));
    const { modules } = await service.studentClassProgress(student, CLASS_ID, student.userId);
    expect(modules.find((each) => each.moduleId === MODULE_ID)).toMatchObject({ completed: 2, total: 2, percentage: 100, nextSectionId: null });
  });

  it('answers no modules for a class without any', async () => {
    ports.classes.put(classRecord({ assignedModuleIds: [] }));
    await expect(service.studentClassProgress(student, CLASS_ID, student.userId)).resolves.toEqual({ classId: CLASS_ID, studentId: student.userId, modules: [] });
  });

  it("is forbidden for an enrolled student asking for someone else's", async () => {
    await expect(service.studentClassProgress(student, CLASS_ID, otherStudent.userId)).rejects.toEqual(refused('forbidden', /your own progress/));
  });

  it.each([
    ['another teacher', otherTeacher, CLASS_ID, student.userId, 'Class not found.'],
    ['a student of another class', otherStudent, CLASS_ID, otherStudent.userId, 'Class not found.'],
    ['a class that does not exist', student, 'missing', student.userId, 'Class not found.'],
    ['its teacher asking about someone not enrolled', teacher, CLASS_ID, 'stranger', 'This student is not enrolled in this class.'],
  ])('is not found for %s', async (_case, caller, classId, studentId, message) => {
    await expect(service.studentClassProgress(caller, classId, studentId)).rejects.toEqual(refused('notFound', message));
  });
});
