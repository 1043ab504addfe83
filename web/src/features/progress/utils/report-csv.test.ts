import type { ClassReportRow, ModuleReport } from '@shared/contract/reports';
import { parseCsv } from '@web/testing/csv';
import { csvTime, matrixCsv, moduleDrillDownCsv, studentDrillDownCsv } from './report-csv';

const at = new Date(2026, 10, 20, 9, 5).toISOString();
const row: ClassReportRow = {
  studentId: 's1',
  studentName: '=Sam, "the" Student',
  studentEmail: 'sam@school.example',
  lastActivityAt: at,
  modules: [{ moduleId: 'm1', moduleTitle: 'Cells', percentage: 67, completed: 2, total: 3, completedAt: { a: at, b: null } }],
};

it('writes the matrix as shown: name and e-mail, last activity as a local time, each module cell, formulas neutralised', () => {
  const namesake: ClassReportRow = { ...row, studentId: 's2', studentEmail: undefined, modules: [] };
  expect(parseCsv(matrixCsv([row, namesake], [{ moduleId: 'm1', title: 'Cells' }, { moduleId: 'm2', title: 'Atoms' }]))).toEqual([
    ['Student', 'E-mail', 'Last activity', 'Cells', 'Atoms'],
    [`'=Sam, "the" Student`, 'sam@school.example', '2026-11-20 09:05', '67% (2/3)', ''],
    [`'=Sam, "the" Student`, '', '2026-11-20 09:05', '', ''],
  ]);
  expect(csvTime(null)).toBe('');
});

it("writes a module's drill-down with a date per done section and Done when its time is unknown", () => {
  const report: ModuleReport = {
    moduleId: 'm1',
    moduleTitle: 'Cells',
    sections: [
      { _id: 'a', title: 'Parts' },
      { _id: 'b', title: 'Microscopes' },
      { _id: 'c', title: 'Division' },
    ],
    rows: [{ studentId: 's1', studentName: 'Sam', studentEmail: 'sam@school.example', completedAt: { a: at, b: null } }],
  };
  expect(parseCsv(moduleDrillDownCsv(report))).toEqual([
    ['Student', 'E-mail', 'Parts', 'Microscopes', 'Division'],
    ['Sam', 'sam@school.example', '2026-11-20 09:05', 'Done', ''],
  ]);
});

it("writes a student's drill-down with status and first and latest completion", () => {
  expect(parseCsv(studentDrillDownCsv(row))).toEqual([
    ['Module', 'Status', 'Progress', 'First completion', 'Latest completion'],
    ['Cells', 'In progress', '67% (2/3)', '2026-11-20 09:05', '2026-11-20 09:05'],
  ]);
});

describe('with checks', () => {
  const bySection = { a: { bestPercent: 90, attempts: 2, passed: true }, b: { bestPercent: 60, attempts: 1, passed: false } };
  const scores = { checks: 2, passed: 1, meanBestPercent: 75 };
  const scored: ClassReportRow = { ...row, studentName: 'Sam', modules: [{ ...row.modules[0]!, scores }] };

  it('adds a score column per module that has checks to the matrix', () => {
    expect(parseCsv(matrixCsv([scored], [{ moduleId: 'm1', title: 'Cells' }, { moduleId: 'm2', title: 'Atoms' }]))).toEqual([
      ['Student', 'E-mail', 'Last activity', 'Cells', 'Atoms', 'Cells (score)'],
      ['Sam', 'sam@school.example', '2026-11-20 09:05', '67% (2/3)', '', '75% (1/2 checks passed)'],
    ]);
  });

  it("adds each check's best score and attempts to the module's drill-down", () => {
    const report: ModuleReport = {
      moduleId: 'm1',
      moduleTitle: 'Cells',
      sections: [
        { _id: 'a', title: 'Parts' },
        { _id: 'b', title: 'Microscopes' },
      ],
      checks: [
        { sectionId: 'a', passMark: 70 },
        { sectionId: 'b', passMark: 70 },
      ],
      rows: [
        { studentId: 's1', studentName: 'Sam', completedAt: { a: at }, scores: bySection },
        { studentId: 's2', studentName: 'Ada', completedAt: {}, scores: { a: { bestPercent: null, attempts: 0, passed: false } } },
      ],
    };
    expect(parseCsv(moduleDrillDownCsv(report))).toEqual([
      ['Student', 'E-mail', 'Parts', 'Microscopes', 'Check: Parts', 'Check: Microscopes'],
      ['Sam', '', '2026-11-20 09:05', '', '90% (2 attempts, passed)', '60% (1 attempt)'],
      ['Ada', '', '', '', '', ''],
    ]);
  });

  it("adds the module's score to the student's drill-down", () => {
    expect(parseCsv(studentDrillDownCsv(scored))[1]).toEqual(['Cells', 'In progress', '67% (2/3)', '2026-11-20 09:05', '2026-11-20 09:05', '75% (1/2 checks passed)']);
  });
});
