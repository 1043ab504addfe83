// The report's CSV files, built from exactly what is on screen: the matrix (the filtered, sorted rows) and each
// drill-down. Dates are written as YYYY-MM-DD HH:MM in the teacher's time zone, which spreadsheets read as dates.
// Modules and sections with checks get a score column beside their completion.
import type { CheckStanding, ModuleScoreSummary } from '@shared/checks';
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

/** A module's scores: "80% (3/4 passed)", "— (0/4 passed)" before any attempt. */
export const scoreText = ({ meanBestPercent, passed, checks }: ModuleScoreSummary) =>
  `${meanBestPercent === null ? '—' : `${meanBestPercent}%`} (${passed}/${checks} passed)`;

/** One student's best on one check: "80% (2 attempts)", '' before an attempt. */
export const standingText = ({ bestPercent, attempts }: CheckStanding) =>
  bestPercent === null ? '' : `${bestPercent}% (${attempts} attempt${attempts === 1 ? '' : 's'})`;

export function matrixCsv(rows: ClassReportRow[], columns: ReportColumn[]): string {
  const scored = new Set(rows.flatMap((row) => row.modules.filter((cell) => cell.scores).map((cell) => cell.moduleId)));
  return toCsv(
    ['Student', 'Last activity', ...columns.flatMap((column) => (scored.has(column.moduleId) ? [column.title, `${column.title} score`] : [column.title]))],
    rows.map((row) => {
      const byModule = new Map(row.modules.map((cell) => [cell.moduleId, cell]));
      return [
        row.studentName,
        csvTime(row.lastActivityAt),
        ...columns.flatMap((column) => {
          const cell = byModule.get(column.moduleId);
          const completion = cell ? cellText(cell) : '';
          if (!scored.has(column.moduleId)) return [completion];
          return [completion, cell?.scores ? scoreText(cell.scores) : ''];
        }),
      ];
    }),
  );
}

/** Student × section: the completion time of each done section, "Done" when its time is unknown, empty otherwise. */
export function moduleDrillDownCsv(report: ModuleReport): string {
  const checked = new Set(report.checks?.map((check) => check.sectionId));
  return toCsv(
    ['Student', ...report.sections.flatMap((section) => (checked.has(section._id) ? [section.title, `${section.title} score`] : [section.title]))],
    report.rows.map((row) => [
      row.studentName,
      ...report.sections.flatMap((section) => {
        const completion = sectionCell(row.completedAt, section._id);
        if (!checked.has(section._id)) return [completion];
        const standing = row.scores?.[section._id];
        return [completion, standing ? standingText(standing) : ''];
      }),
    ]),
  );
}

export const sectionCell = (completedAt: Record<string, string | null>, sectionId: string) =>
  !Object.hasOwn(completedAt, sectionId) ? '' : csvTime(completedAt[sectionId]) || 'Done';

/** One student's modules: status, sections done and the first and latest completion times. */
export function studentDrillDownCsv(row: ClassReportRow): string {
  return toCsv(
    ['Module', 'Status', 'Progress', 'First completion', 'Latest completion', 'Score'],
    studentModuleLines(row).map((line) => [line.title, line.status, line.progress, csvTime(line.first), csvTime(line.latest), line.score]),
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
      score: cell.scores ? scoreText(cell.scores) : '',
    };
  });
}
