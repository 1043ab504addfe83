// The teachers' reports over in-memory stores that keep the DynamoDB adapters' promises.
import { callers, CLASS_ID, classRecord, givenSchool, MODULE_ID, moduleRecord, progressRecord, refused, section, UPDATED_AT } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeProgressService } from '../progress/progress';
import { makeReportService } from './reports';

let ports: InMemoryPorts;
let service: ReturnType<typeof makeProgressService>;
let reports: ReturnType<typeof makeReportService>;
const { teacher, otherTeacher, student, otherStudent, admin } = callers;

beforeEach(() => {
  ports = inMemoryPorts();
  service = makeProgressService(ports);
  reports = makeReportService(ports);
  givenSchool(ports);
});

const key = { studentId: callers.student.userId, moduleId: MODULE_ID, classId: CLASS_ID };
const mark = (sectionId: string, caller = student, overrides = {}) =>
  service.markComplete(caller, { ...key, studentId: caller.userId, sectionId, ...overrides });

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
    await expect(reports.readingOfStudent(teacher, CLASS_ID, student.userId)).resolves.toEqual(expected);
    await expect(reports.readingOfStudent(admin, CLASS_ID, student.userId)).resolves.toEqual(expected);
    await expect(reports.readingOfStudent(otherTeacher, CLASS_ID, student.userId)).rejects.toEqual(refused('notFound'));
    await expect(reports.readingOfStudent(teacher, CLASS_ID, otherStudent.userId)).rejects.toEqual(refused('notFound', 'not enrolled'));
  });
});

describe('classReport', () => {
  it('answers a row per enrolled student by name and a cell per assigned module by title, rounded', async () => {
    ports.modules.put(moduleRecord({ moduleId: 'atoms', title: 'Atoms', sections: [section('a', 1), section('b', 2), section('c', 3)] }));
    ports.classes.put(classRecord({ assignedModuleIds: [MODULE_ID, 'atoms'], students: { [student.userId]: 'zoe@example.com', 'student-0': 'adam@example.com' } }));
    ports.progress.put(progressRecord(), progressRecord({ moduleId: 'atoms', completedSections: ['a', 'gone'] }));
    await expect(reports.classReport(teacher, CLASS_ID)).resolves.toEqual([
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
    const [row] = await reports.classReport(teacher, CLASS_ID);
    expect(row).toMatchObject({ lastActivityAt: firstTime, modules: [{ completedAt: { 'section-1': firstTime } }] });
  });

  it('keeps a section completed before times were kept as done at an unknown time, next to timed ones', async () => {
    ports.progress.put(progressRecord({ completedSections: ['section-1', 'section-2'], completedAt: { 'section-2': '2024-05-03T00:00:00.000Z' } }));
    const [row] = await reports.classReport(teacher, CLASS_ID);
    expect(row).toMatchObject({
      lastActivityAt: '2024-05-03T00:00:00.000Z',
      modules: [{ percentage: 100, completedAt: { 'section-1': null, 'section-2': '2024-05-03T00:00:00.000Z' } }],
    });
  });

  it('answers [] for a class with no modules or no students', async () => {
    ports.classes.put(classRecord({ assignedModuleIds: [] }));
    await expect(reports.classReport(teacher, CLASS_ID)).resolves.toEqual([]);
  });

  it("gives an admin the same report as the class's teacher (read-only)", async () => {
    await expect(reports.classReport(admin, CLASS_ID)).resolves.toEqual(await reports.classReport(teacher, CLASS_ID));
  });

  it('is not found for a student or another teacher', async () => {
    for (const caller of [student, otherTeacher]) {
      await expect(reports.classReport(caller, CLASS_ID)).rejects.toEqual(refused('notFound', 'Class not found.'));
    }
  });
});

describe('classReportPage', () => {
  const roster = Object.fromEntries(Array.from({ length: 5 }, (_, index) => [`s${index}`, `Student ${4 - index}`]));
  beforeEach(() => ports.classes.put(classRecord({ students: roster })));

  it('answers pages of the roster in student-id order, with the cursor of the next and the class count', async () => {
    ports.progress.put(progressRecord({ studentId: 's3', completedSections: ['section-1', 'section-2'] }));
    const first = await reports.classReportPage(teacher, CLASS_ID, { limit: 2 });
    expect(first.rows.map((row) => row.studentId)).toEqual(['s0', 's1']);
    expect(first).toMatchObject({ studentCount: 5, next: expect.any(String) });
    const second = await reports.classReportPage(teacher, CLASS_ID, { limit: 2, after: 's1' });
    expect(second.rows.map((row) => [row.studentId, row.studentName, row.modules[0].percentage])).toEqual([
      ['s2', 'Student 2', 0],
      ['s3', 'Student 1', 100],
    ]);
    const last = await reports.classReportPage(admin, CLASS_ID, { limit: 2, after: 's3' });
    expect(last.rows.map((row) => row.studentId)).toEqual(['s4']);
    expect(last.next).toBeUndefined();
  });

  it("carries each student's e-mail where their enrolment keeps it", async () => {
    await ports.classes.enrollStudent(CLASS_ID, { studentId: 's5', name: 'Student 4', email: 'second.student4@example.com' });
    const page = await reports.classReportPage(teacher, CLASS_ID, { after: 's3' });
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
    const page = await reports.classReportPage(teacher, CLASS_ID, { limit: 100 });
    expect(page.rows.length).toBeLessThan(100);
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(1_000_000);
    expect(page.next).toBe(Buffer.from(page.rows.at(-1)!.studentId).toString('base64url'));
  });

  it('is not found for a student or another teacher', async () => {
    for (const caller of [student, otherTeacher]) {
      await expect(reports.classReportPage(caller, CLASS_ID, {})).rejects.toEqual(refused('notFound', 'Class not found.'));
    }
  });
});

describe('classReport (unpaged)', () => {
  it('refuses a class whose whole report could pass 5 MB, pointing to pages', async () => {
    ports.classes.put(classRecord({ students: Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`s${index}`, 'x'])) }));
    await expect(reports.classReport(teacher, CLASS_ID)).rejects.toEqual(refused('invalid', /too large for one answer \(5000 students\); ask for it in pages/));
  });
});

describe('classCompletion', () => {
  it('answers each module from its counter, counting first completions once, and the average over the class', async () => {
    ports.modules.put(moduleRecord({ moduleId: 'atoms', title: 'Atoms', sections: [section('a', 1), section('b', 2), section('c', 3), section('d', 4)] }));
    ports.classes.put(classRecord({ assignedModuleIds: [MODULE_ID, 'atoms'], students: { [student.userId]: 'Sam', 'student-0': 'Al' } }));
    await Promise.all([mark('section-1'), mark('section-1'), mark('section-2'), mark('a', student, { moduleId: 'atoms' })]);
    await expect(reports.classCompletion(teacher, CLASS_ID)).resolves.toEqual({
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
    const cells = () => reports.classCompletion(teacher, CLASS_ID).then((completion) => completion.modules[0]);
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
    await expect(reports.classCompletion(teacher, CLASS_ID)).resolves.toMatchObject({
      averagePercentage: 50,
      modules: [{ sections: 2, completions: 2, percentage: 50 }],
    });
  });

  it('answers the total of a counter kept before it counted per section, until the migration splits it', async () => {
    ports.classes.put(classRecord({ students: { [student.userId]: 'Sam', 'student-0': 'Al' } }));
    ports.progress.counters.set(`${CLASS_ID}|${MODULE_ID}`, { moduleId: MODULE_ID, completions: 3, bySection: { 'section-1': 1 }, startedStudents: 1 });
    await expect(reports.classCompletion(teacher, CLASS_ID)).resolves.toMatchObject({ modules: [{ completions: 3, percentage: 75 }] });
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
    await expect(reports.classCompletion(teacher, CLASS_ID)).resolves.toMatchObject({ activeStudentIds: ['late', student.userId].sort() });
  });

  it('is not found for a student', async () => {
    await expect(reports.classCompletion(student, CLASS_ID)).rejects.toEqual(refused('notFound', 'Class not found.'));
  });
});

describe('moduleReport', () => {
  it('answers every enrolled student × the sections in order, with completion times (null when unknown)', async () => {
    ports.modules.put(moduleRecord({ sections: [section('section-2', 2), section('section-1', 1)] }));
    ports.classes.put(classRecord({ students: { [student.userId]: 'zoe', 'student-0': 'adam' } }));
    ports.progress.put(progressRecord({ completedSections: ['section-1', 'gone', 'section-2'], completedAt: { 'section-2': UPDATED_AT } }));
    await expect(reports.moduleReport(admin, CLASS_ID, MODULE_ID)).resolves.toEqual({
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
    await expect(reports.moduleReport(teacher, CLASS_ID, 'other')).rejects.toEqual(refused('notFound', 'This module is not assigned to this class.'));
    await expect(reports.moduleReport(otherTeacher, CLASS_ID, MODULE_ID)).rejects.toEqual(refused('notFound', 'Class not found.'));
  });
});
