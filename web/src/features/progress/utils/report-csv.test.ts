import type { ClassReportRow, ModuleReport } from '@shared/entities';
import { parseCsv } from '@web/testing/csv';
import { csvTime, matrixCsv, moduleDrillDownCsv, studentDrillDownCsv } from './report-csv';

const at = new Date(2026, 10, 20, 9, 5).toISOString();
const row: ClassReportRow = {
  studentId: 's1',
  studentName: '=Sam, "the" Student',
  lastActivityAt: at,
  modules: [{ moduleId: 'm1', moduleTitle: 'Cells', percentage: 67, completed: 2, total: 3, completedAt: { a: at, b: null } }],
};

it('writes the matrix as shown: name, last activity as a local time, each module cell, formulas neutralised', () => {
  expect(parseCsv(matrixCsv([row], [{ moduleId: 'm1', title: 'Cells' }, { moduleId: 'm2', title: 'Atoms' }]))).toEqual([
    ['Student', 'Last activity', 'Cells', 'Atoms'],
    [`'=Sam, "the" Student`, '2026-11-20 09:05', '67% (2/3)', ''],
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
    rows: [{ studentId: 's1', studentName: 'Sam', completedAt: { a: at, b: null } }],
  };
  expect(parseCsv(moduleDrillDownCsv(report))).toEqual([
    ['Student', 'Parts', 'Microscopes', 'Division'],
    ['Sam', '2026-11-20 09:05', 'Done', ''],
  ]);
});

it("writes a student's drill-down with status and first and latest completion", () => {
  expect(parseCsv(studentDrillDownCsv(row))).toEqual([
    ['Module', 'Status', 'Progress', 'First completion', 'Latest completion', 'Score'],
    ['Cells', 'In progress', '67% (2/3)', '2026-11-20 09:05', '2026-11-20 09:05', ''],
  ]);
});

describe('scores', () => {
  const scored: ClassReportRow = { ...row, modules: [{ ...row.modules[0], scores: { checks: 4, passed: 3, meanBestPercent: 80 } }] };

  it('adds a score column beside each module with checks in the matrix, empty for a student without the cell', () => {
    expect(parseCsv(matrixCsv([scored, { ...row, studentName: 'Ali', modules: [] }], [{ moduleId: 'm1', title: 'Cells' }, { moduleId: 'm2', title: 'Atoms' }]))).toEqual([
      ['Student', 'Last activity', 'Cells', 'Cells score', 'Atoms'],
      [`'=Sam, "the" Student`, '2026-11-20 09:05', '67% (2/3)', '80% (3/4 passed)', ''],
      ['Ali', '2026-11-20 09:05', '', '', ''],
    ]);
  });

  it("adds a score column beside each section with a check in a module's drill-down, and the student's score", () => {
    const report: ModuleReport = {
      moduleId: 'm1',
      moduleTitle: 'Cells',
      sections: [{ _id: 'a', title: 'Parts' }, { _id: 'b', title: 'Microscopes' }],
      checks: [{ sectionId: 'a', passMark: 70 }],
      rows: [
        { studentId: 's1', studentName: 'Sam', completedAt: { a: at }, scores: { a: { bestPercent: 90, attempts: 2, passed: true } } },
        { studentId: 's2', studentName: 'Ali', completedAt: {}, scores: { a: { bestPercent: null, attempts: 0, passed: false } } },
      ],
    };
    expect(parseCsv(moduleDrillDownCsv(report))).toEqual([
      ['Student', 'Parts', 'Parts score', 'Microscopes'],
      ['Sam', '2026-11-20 09:05', '90% (2 attempts)', ''],
      ['Ali', '', '', ''],
    ]);
    expect(parseCsv(studentDrillDownCsv({ ...scored, modules: [{ ...scored.modules[0], scores: { checks: 1, passed: 0, meanBestPercent: null } }] }))[1][5]).toBe('— (0/1 passed)');
  });
});
