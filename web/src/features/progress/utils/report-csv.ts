// The report's CSV files, built from exactly what is on screen: the matrix (the filtered, sorted rows) and each
// drill-down. Dates are written as YYYY-MM-DD HH:MM in the teacher's time zone, which spreadsheets read as dates.
import type { ClassReportRow, ModuleReport } from '@shared/entities';
import { STATUS_LABELS, cellStatus } from '@shared/report-insight';
import { toCsv } from './csv';

export interface ReportColumn {
  moduleId: string;
  title: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A spreadsheet-friendly local time; '' for no time (never, or completed before times were kept). */
export function csvTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The text a report cell shows: "50% (1/2)". */
export const cellText = (cell: { percentage: number; completed: number; total: number }) =>
  `${Math.round(cell.percentage)}% (${cell.completed}/${cell.total})`;

export function matrixCsv(rows: ClassReportRow[], columns: ReportColumn[]): string {
  return toCsv(
    ['Student', 'Last activity', ...columns.map((column) => column.title)],
    rows.map((row) => {
      const byModule = new Map(row.modules.map((cell) => [cell.moduleId, cell]));
      return [
        row.studentName,
        csvTime(row.lastActivityAt),
        ...columns.map((column) => {
          const cell = byModule.get(column.moduleId);
          return cell ? cellText(cell) : '';
        }),
      ];
    }),
  );
}

/** Student × section: the completion time of each done section, "Done" when its time is unknown, empty otherwise. */
export function moduleDrillDownCsv(report: ModuleReport): string {
  return toCsv(
    ['Student', ...report.sections.map((section) => section.title)],
    report.rows.map((row) => [row.studentName, ...report.sections.map((section) => sectionCell(row.completedAt, section._id))]),
  );
}

export const sectionCell = (completedAt: Record<string, string | null>, sectionId: string) =>
  !Object.hasOwn(completedAt, sectionId) ? '' : csvTime(completedAt[sectionId]) || 'Done';

/** One student's modules: status, sections done and the first and latest completion times. */
export function studentDrillDownCsv(row: ClassReportRow): string {
  return toCsv(
    ['Module', 'Status', 'Progress', 'First completion', 'Latest completion'],
    studentModuleLines(row).map((line) => [line.title, line.status, line.progress, csvTime(line.first), csvTime(line.latest)]),
  );
}

export function studentModuleLines(row: ClassReportRow) {
  return row.modules.map((cell) => {
    const times = Object.values(cell.completedAt).filter((time): time is string => Boolean(time)).sort();
    return {
      moduleId: cell.moduleId,
      title: cell.moduleTitle,
      status: STATUS_LABELS[cellStatus(cell)],
      progress: cellText(cell),
      first: times[0] ?? null,
      latest: times.at(-1) ?? null,
    };
  });
}
