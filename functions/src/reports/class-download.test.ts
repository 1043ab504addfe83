// The class report's download over in-memory stores: the same figures as the class report, computed only for the cells
// whose progress, overrides or module changed since they were kept.
import type { ClassDownload, ClassReportRow } from '@shared/contract/reports';
import { callers, CLASS_ID, givenSchool, MODULE_ID, moduleRecord, progressRecord, refused, section } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeProgressService } from '../progress/progress';
import { makeClassDownload } from './class-download';
import { makeReportService } from './reports';

let ports: InMemoryPorts;
let download: ReturnType<typeof makeClassDownload>;
const { teacher, otherTeacher, student, admin } = callers;
const ROSTER = { [student.userId]: 'zoe@example.com', 'student-a': 'adam@example.com', 'student-b': 'bea@example.com' };

beforeEach(() => {
  ports = inMemoryPorts();
  download = makeClassDownload(ports);
  givenSchool(ports, { class: { assignedModuleIds: [MODULE_ID, 'atoms'], students: ROSTER } });
  ports.modules.put(moduleRecord({ moduleId: 'atoms', title: 'Atoms', sections: [section('a', 1), section('b', 2), section('c', 3)] }));
  ports.progress.put(
    progressRecord(),
    progressRecord({ moduleId: 'atoms', completedSections: ['a', 'gone'] }),
    progressRecord({ studentId: 'student-b', completedSections: ['section-1', 'section-2'], completedAt: { 'section-2': '2026-11-02T00:00:00.000Z' } }),
  );
});

/** The download's answer in the class report's terms: per student, each module's figures and the scores. */
const asReport = (answer: ClassDownload) => {
  if (!answer.ready) throw new Error(`not ready: ${answer.pendingStudents} students left`);
  return answer.rows.map((row) => ({
    studentName: row.studentName,
    lastActivityAt: row.lastActivityAt,
    modules: row.cells.map(([percentage, completed, total, checks, passed, meanBestPercent], index) => ({
      moduleTitle: answer.modules[index]!.moduleTitle,
      percentage,
      completed,
      total,
      ...(checks !== undefined && { scores: { checks, passed, meanBestPercent } }),
    })),
  }));
};
const reportFigures = (rows: ClassReportRow[]) =>
  rows.map((row) => ({
    studentName: row.studentName,
    lastActivityAt: row.lastActivityAt,
    modules: row.modules.map(({ moduleTitle, percentage, completed, total, scores }) => ({ moduleTitle, percentage, completed, total, ...(scores && { scores }) })),
  }));
const classReport = async () => reportFigures(await makeReportService(ports).classReport(teacher, CLASS_ID));

it('answers every enrolled student by name with the class report’s figures, modules by title', async () => {
  const answer = await download(teacher, CLASS_ID);
  expect(answer).toMatchObject({ ready: true, modules: [{ moduleId: 'atoms', moduleTitle: 'Atoms' }, { moduleId: MODULE_ID, moduleTitle: 'Cells' }] });
  expect(asReport(answer)).toEqual(await classReport());
  expect(asReport(answer).map((row) => row.studentName)).toEqual(['adam@example.com', 'bea@example.com', 'zoe@example.com']);
  expect(asReport(answer)[1]).toMatchObject({ lastActivityAt: '2026-11-02T00:00:00.000Z', modules: [{ percentage: 0 }, { percentage: 100, completed: 2, total: 2 }] });
  await expect(download(admin, CLASS_ID)).resolves.toEqual(answer);
});

it('keeps what it computed: a second download computes nothing, and one student’s completion only their row', async () => {
  await download(teacher, CLASS_ID);
  expect(ports.reportRows.saves).toBe(3);
  const first = await download(teacher, CLASS_ID);
  expect(ports.reportRows.saves).toBe(3);

  await makeProgressService(ports).markComplete(student, { studentId: student.userId, classId: CLASS_ID, moduleId: MODULE_ID, sectionId: 'section-2' });
  const after = await download(teacher, CLASS_ID);
  expect(ports.reportRows.saves).toBe(4);
  expect(asReport(after)).toEqual(await classReport());
  expect(asReport(after)[2]!.modules[1]).toMatchObject({ percentage: 100, completed: 2 });
  expect(asReport(after)[2]!.modules[1]).not.toEqual(asReport(first)[2]!.modules[1]);
});

it('computes a module’s cells again when its sections change, and a student’s when a teacher excuses a section', async () => {
  await download(teacher, CLASS_ID);
  ports.modules.put(moduleRecord({ sections: [section('section-1', 1), section('section-2', 2), section('section-3', 3)] }));
  expect(asReport(await download(teacher, CLASS_ID))).toEqual(await classReport());
  expect(ports.reportRows.saves).toBe(6);
  expect(asReport(await download(teacher, CLASS_ID))[2]!.modules[1]).toMatchObject({ completed: 1, total: 3 });

  await ports.overrides.addOverride({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: student.userId }, { kind: 'excuse', sectionId: 'section-3', reason: 'Away', at: '2026-11-03T00:00:00.000Z', teacherName: 'T' });
  const excused = asReport(await download(teacher, CLASS_ID));
  expect(ports.reportRows.saves).toBe(7);
  expect(excused).toEqual(await classReport());
  expect(excused[2]!.modules[1]).toMatchObject({ completed: 1, total: 2, percentage: 50 });
});

it('computes at most its budget of cells per answer, whole students at a time, and says how many are left', async () => {
  download = makeClassDownload({ ...ports, budget: { ...ports.budget, downloadCells: 3 } });
  await expect(download(teacher, CLASS_ID)).resolves.toEqual({ ready: false, studentCount: 3, pendingStudents: 2 });
  await expect(download(teacher, CLASS_ID)).resolves.toEqual({ ready: false, studentCount: 3, pendingStudents: 1 });
  expect(asReport(await download(teacher, CLASS_ID))).toEqual(await classReport());
});

it('does not keep a cell its student changed while it was computed, and computes it again next time', async () => {
  const read = ports.progress.listProgressOfStudents.bind(ports.progress);
  let raced = false;
  jest.spyOn(ports.progress, 'listProgressOfStudents').mockImplementation(async (...args) => {
    const records = await read(...args);
    if (!raced && args[1][0]!.moduleId === MODULE_ID) {
      raced = true;
      await makeProgressService(ports).markComplete(student, { studentId: student.userId, classId: CLASS_ID, moduleId: MODULE_ID, sectionId: 'section-2' });
    }
    return records;
  });
  await download(teacher, CLASS_ID);
  expect(ports.reportRows.saves).toBe(2);
  expect(asReport(await download(teacher, CLASS_ID))).toEqual(await classReport());
  expect(ports.reportRows.saves).toBe(3);
});

it('refuses another teacher (404) and a student', async () => {
  await expect(download(otherTeacher, CLASS_ID)).rejects.toEqual(refused('notFound', 'Class not found.'));
  await expect(download(student, CLASS_ID)).rejects.toEqual(refused('notFound'));
  expect(ports.reportRows.saves).toBe(0);
});
