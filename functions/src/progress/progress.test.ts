// The progress use cases over in-memory stores that keep the DynamoDB adapters' promises.
import { callers, CLASS_ID, classRecord, givenSchool, MODULE_ID, moduleRecord, OTHER_CLASS_ID, progressRecord, refused, section, UPDATED_AT } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/stores';
import { makeProgressService } from './progress';

let ports: InMemoryPorts;
let service: ReturnType<typeof makeProgressService>;
const { teacher, otherTeacher, student, otherStudent, admin } = callers;

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

describe('readingOfStudent', () => {
  it('lists opens and minutes per section for the class’s teacher and admins, 404 for another teacher', async () => {
    await service.recordReading(student, MODULE_ID, 'section-2', { classId: CLASS_ID, opened: true, page: 4 });
    ports.clock.set(new Date(ports.clock.now().getTime() + 5 * 60_000).toISOString());
    await service.recordReading(student, MODULE_ID, 'section-2', { classId: CLASS_ID, minutes: 5 });
    const expected = {
      classId: CLASS_ID,
      studentId: student.userId,
      modules: [
        {
          moduleId: MODULE_ID,
          moduleTitle: 'Cells',
          sections: [
            { sectionId: 'section-1', sectionTitle: expect.any(String), opened: 0, minutes: 0 },
            { sectionId: 'section-2', sectionTitle: expect.any(String), opened: 1, minutes: 5 },
          ],
        },
      ],
    };
    await expect(service.readingOfStudent(teacher, CLASS_ID, student.userId)).resolves.toEqual(expected);
    await expect(service.readingOfStudent(admin, CLASS_ID, student.userId)).resolves.toEqual(expected);
    await expect(service.readingOfStudent(otherTeacher, CLASS_ID, student.userId)).rejects.toEqual(refused('notFound'));
    await expect(service.readingOfStudent(teacher, CLASS_ID, otherStudent.userId)).rejects.toEqual(refused('notFound', 'not enrolled'));
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

describe('classReport', () => {
  it('answers a row per enrolled student by name and a cell per assigned module by title, rounded', async () => {
    ports.modules.put(moduleRecord({ moduleId: 'atoms', title: 'Atoms', sections: [section('a', 1), section('b', 2), section('c', 3)] }));
    ports.classes.put(classRecord({ assignedModuleIds: [MODULE_ID, 'atoms'], students: { [student.userId]: 'zoe@example.com', 'student-0': 'adam@example.com' } }));
    ports.progress.put(progressRecord(), progressRecord({ moduleId: 'atoms', completedSections: ['a', 'gone'] }));
    await expect(service.classReport(teacher, CLASS_ID)).resolves.toEqual([
      {
        studentId: 'student-0',
        studentName: 'adam@example.com',
        lastActivityAt: null,
        modules: [
          { moduleId: 'atoms', moduleTitle: 'Atoms', percentage: 0, completed: 0, total: 3, completedAt: {} },
          { moduleId: MODULE_ID, moduleTitle: 'Cells', percentage: 0, completed: 0, total: 2, completedAt: {} },
        ],
      },
      {
        studentId: student.userId,
        studentName: 'zoe@example.com',
        // Both items were written before completion times were kept: their updatedAt stands for the last activity.
        lastActivityAt: UPDATED_AT,
        modules: [
          { moduleId: 'atoms', moduleTitle: 'Atoms', percentage: 33, completed: 1, total: 3, completedAt: { a: null } },
          { moduleId: MODULE_ID, moduleTitle: 'Cells', percentage: 50, completed: 1, total: 2, completedAt: { 'section-1': null } },
        ],
      },
    ]);
  });

  it('gives each completed section its first completion time and the student their latest completion', async () => {
    ports.progress.put(progressRecord({ completedSections: [] }));
    await mark('section-1');
    const firstTime = ports.clock.now().toISOString();
    const [row] = await service.classReport(teacher, CLASS_ID);
    expect(row).toMatchObject({ lastActivityAt: firstTime, modules: [{ completedAt: { 'section-1': firstTime } }] });
  });

  it('keeps a section completed before times were kept as done at an unknown time, next to timed ones', async () => {
    ports.progress.put(progressRecord({ completedSections: ['section-1', 'section-2'], completedAt: { 'section-2': '2024-05-03T00:00:00.000Z' } }));
    const [row] = await service.classReport(teacher, CLASS_ID);
    expect(row).toMatchObject({
      lastActivityAt: '2024-05-03T00:00:00.000Z',
      modules: [{ percentage: 100, completedAt: { 'section-1': null, 'section-2': '2024-05-03T00:00:00.000Z' } }],
    });
  });

  it('answers [] for a class with no modules or no students', async () => {
    ports.classes.put(classRecord({ assignedModuleIds: [] }));
    await expect(service.classReport(teacher, CLASS_ID)).resolves.toEqual([]);
  });

  it("gives an admin the same report as the class's teacher (read-only)", async () => {
    await expect(service.classReport(admin, CLASS_ID)).resolves.toEqual(await service.classReport(teacher, CLASS_ID));
  });

  it('is not found for a student or another teacher', async () => {
    for (const caller of [student, otherTeacher]) {
      await expect(service.classReport(caller, CLASS_ID)).rejects.toEqual(refused('notFound', 'Class not found.'));
    }
  });
});

describe('classReportPage', () => {
  const roster = Object.fromEntries(Array.from({ length: 5 }, (_, index) => [`s${index}`, `Student ${4 - index}`]));
  beforeEach(() => ports.classes.put(classRecord({ students: roster })));

  it('answers pages of the roster in student-id order, with the cursor of the next and the class count', async () => {
    ports.progress.put(progressRecord({ studentId: 's3', completedSections: ['section-1', 'section-2'] }));
    const first = await service.classReportPage(teacher, CLASS_ID, { limit: 2 });
    expect(first.rows.map((row) => row.studentId)).toEqual(['s0', 's1']);
    expect(first).toMatchObject({ studentCount: 5, next: expect.any(String) });
    const second = await service.classReportPage(teacher, CLASS_ID, { limit: 2, after: 's1' });
    expect(second.rows.map((row) => [row.studentId, row.studentName, row.modules[0].percentage])).toEqual([
      ['s2', 'Student 2', 0],
      ['s3', 'Student 1', 100],
    ]);
    const last = await service.classReportPage(admin, CLASS_ID, { limit: 2, after: 's3' });
    expect(last.rows.map((row) => row.studentId)).toEqual(['s4']);
    expect(last.next).toBeUndefined();
  });

  it("carries each student's e-mail where their enrolment keeps it", async () => {
    await ports.classes.enrollStudent(CLASS_ID, { studentId: 's5', name: 'Student 4', email: 'second.student4@example.com' });
    const page = await service.classReportPage(teacher, CLASS_ID, { after: 's3' });
    expect(page.rows.map(({ studentId, studentName, studentEmail }) => ({ studentId, studentName, studentEmail }))).toEqual([
      { studentId: 's4', studentName: 'Student 0', studentEmail: undefined },
      { studentId: 's5', studentName: 'Student 4', studentEmail: 'second.student4@example.com' },
    ]);
    expect(page.rows[0]).not.toHaveProperty('studentEmail');
  });

  it('holds fewer students when their rows would pass 1 MB (many modules with long titles, the longest names and e-mails)', async () => {
    const many = Array.from({ length: 100 }, (_, index) => moduleRecord({ moduleId: `m${index}`, title: `${index}`.padEnd(200, 'é') }));
    ports.modules.put(...many);
    ports.classes.put(classRecord({ students: {}, assignedModuleIds: many.map((each) => each.moduleId) }));
    for (let index = 0; index < 100; index += 1) {
      const email = `${index}`.padEnd(64, 'x') + '@' + 'd'.repeat(181) + '.example';
      await ports.classes.enrollStudent(CLASS_ID, { studentId: `s${index}`, name: `${index}`.padEnd(100, 'é'), email });
    }
    const page = await service.classReportPage(teacher, CLASS_ID, { limit: 100 });
    expect(page.rows.length).toBeLessThan(100);
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(1_000_000);
    expect(page.next).toBe(Buffer.from(page.rows.at(-1)!.studentId).toString('base64url'));
  });

  it('is not found for a student or another teacher', async () => {
    for (const caller of [student, otherTeacher]) {
      await expect(service.classReportPage(caller, CLASS_ID, {})).rejects.toEqual(refused('notFound', 'Class not found.'));
    }
  });
});

describe('classReport (unpaged)', () => {
  it('refuses a class whose whole report could pass 5 MB, pointing to pages', async () => {
    ports.classes.put(classRecord({ students: Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`s${index}`, 'x'])) }));
    await expect(service.classReport(teacher, CLASS_ID)).rejects.toEqual(refused('invalid', /too large for one answer \(5000 students\); ask for it in pages/));
  });
});

describe('classCompletion', () => {
  it('answers each module from its counter, counting first completions once, and the average over the class', async () => {
    ports.modules.put(moduleRecord({ moduleId: 'atoms', title: 'Atoms', sections: [section('a', 1), section('b', 2), section('c', 3), section('d', 4)] }));
    ports.classes.put(classRecord({ assignedModuleIds: [MODULE_ID, 'atoms'], students: { [student.userId]: 'Sam', 'student-0': 'Al' } }));
    await Promise.all([mark('section-1'), mark('section-1'), mark('section-2'), mark('a', student, { moduleId: 'atoms' })]);
    await expect(service.classCompletion(teacher, CLASS_ID)).resolves.toEqual({
      classId: CLASS_ID,
      studentCount: 2,
      averagePercentage: 25,
      modules: [
        { moduleId: 'atoms', moduleTitle: 'Atoms', sections: 4, completions: 1, percentage: 13 },
        { moduleId: MODULE_ID, moduleTitle: 'Cells', sections: 2, completions: 2, percentage: 50 },
      ],
      activeStudentIds: [student.userId],
    });
  });

  it("counts only the module's current sections: a removed section, or one reset to a new id, stops counting", async () => {
    ports.classes.put(classRecord({ students: { [student.userId]: 'Sam', 'student-0': 'Al' } }));
    await Promise.all([mark('section-1'), mark('section-2'), mark('section-1', { ...student, userId: 'student-0' })]);
    const cells = () => service.classCompletion(teacher, CLASS_ID).then((completion) => completion.modules[0]);
    await expect(cells()).resolves.toMatchObject({ sections: 2, completions: 3, percentage: 75 });
    // section-2 removed; section-1 replaced with its completion reset (the edit screen sends it without its id).
    ports.modules.put(moduleRecord({ sections: [section('section-1', 1)] }));
    await expect(cells()).resolves.toMatchObject({ sections: 1, completions: 2, percentage: 100 });
    ports.modules.put(moduleRecord({ sections: [section('section-9', 1)] }));
    await expect(cells()).resolves.toMatchObject({ sections: 1, completions: 0, percentage: 0 });
  });

  it("counts every student's required sections only: core, not review, extension or optional ones", async () => {
    ports.modules.put(
      moduleRecord({ sections: [section('section-1', 1), section('section-2', 2, { role: 'review' }), section('section-3', 3, { role: 'optional' }), section('section-4', 4)] }),
    );
    ports.classes.put(classRecord({ students: { [student.userId]: 'Sam', 'student-0': 'Al' } }));
    await Promise.all([mark('section-1'), mark('section-3'), mark('section-1', { ...student, userId: 'student-0' })]);
    await expect(service.classCompletion(teacher, CLASS_ID)).resolves.toMatchObject({
      averagePercentage: 50,
      modules: [{ sections: 2, completions: 2, percentage: 50 }],
    });
  });

  it('answers the total of a counter kept before it counted per section, until the migration splits it', async () => {
    ports.classes.put(classRecord({ students: { [student.userId]: 'Sam', 'student-0': 'Al' } }));
    ports.progress.counters.set(`${CLASS_ID}|${MODULE_ID}`, { moduleId: MODULE_ID, completions: 3, bySection: { 'section-1': 1 }, startedStudents: 1 });
    await expect(service.classCompletion(teacher, CLASS_ID)).resolves.toMatchObject({ modules: [{ completions: 3, percentage: 75 }] });
  });

  it('answers the students with a first completion on one of the last 7 UTC days, today included', async () => {
    ports.classes.put(classRecord({ students: { [student.userId]: 'Sam', early: 'Al', late: 'Bo' } }));
    const enrolled = (userId: string) => ({ ...student, userId });
    ports.clock.set('2024-05-01T23:00:00.000Z');
    await mark('section-1', enrolled('early'));
    ports.clock.set('2024-05-02T00:00:00.000Z');
    await mark('section-1', enrolled('late'));
    ports.clock.set('2024-05-08T23:59:00.000Z');
    await mark('section-1');
    await mark('section-1', enrolled('early')); // a repeat is not a completion
    // 2024-05-02 … 2024-05-08: early's day has left the window, late's is its first day.
    await expect(service.classCompletion(teacher, CLASS_ID)).resolves.toMatchObject({ activeStudentIds: ['late', student.userId].sort() });
  });

  it('is not found for a student', async () => {
    await expect(service.classCompletion(student, CLASS_ID)).rejects.toEqual(refused('notFound', 'Class not found.'));
  });
});

describe('moduleReport', () => {
  it('answers every enrolled student × the sections in order, with completion times (null when unknown)', async () => {
    ports.modules.put(moduleRecord({ sections: [section('section-2', 2), section('section-1', 1)] }));
    ports.classes.put(classRecord({ students: { [student.userId]: 'zoe', 'student-0': 'adam' } }));
    ports.progress.put(progressRecord({ completedSections: ['section-1', 'gone', 'section-2'], completedAt: { 'section-2': UPDATED_AT } }));
    await expect(service.moduleReport(admin, CLASS_ID, MODULE_ID)).resolves.toEqual({
      moduleId: MODULE_ID,
      moduleTitle: 'Cells',
      sections: [
        { _id: 'section-1', title: 'Section 1' },
        { _id: 'section-2', title: 'Section 2' },
      ],
      rows: [
        { studentId: 'student-0', studentName: 'adam', completedAt: {} },
        { studentId: student.userId, studentName: 'zoe', completedAt: { 'section-1': null, 'section-2': UPDATED_AT } },
      ],
    });
  });

  it('is not found for a module not assigned to the class, or for another teacher', async () => {
    ports.modules.put(moduleRecord({ moduleId: 'other' }));
    await expect(service.moduleReport(teacher, CLASS_ID, 'other')).rejects.toEqual(refused('notFound', 'This module is not assigned to this class.'));
    await expect(service.moduleReport(otherTeacher, CLASS_ID, MODULE_ID)).rejects.toEqual(refused('notFound', 'Class not found.'));
  });
});
