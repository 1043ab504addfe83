// The report's CSV files, built from exactly what is on screen: the matrix (the filtered, sorted rows) and each
// drill-down. Dates are written as YYYY-MM-DD HH:MM in the teacher's time zone, which spreadsheets read as dates. Each
// student's e-mail sits beside their name, so two students of the same name stay apart.
import type { ClassReportRow, ModuleReport, ReadyDownload, ReportCell } from '@shared/contract/reports';
import { STATUS_LABELS, cellStatus } from '@shared/report-insight';
import type { CheckStanding, ModuleScoreSummary } from '@shared/contract/checks';
import { moduleScoreText } from '@web/lib/score-text';
import { toCsv } from '@web/lib/csv';

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

/** A Scores cell: "78% (2/3 checks passed)", or "No checks" for a module without any. */
export const scoreCellText = (cell: { scores?: ModuleScoreSummary }) => (cell.scores ? moduleScoreText(cell.scores) : 'No checks');

/** What the matrix's CSV writes of a row: the class report's rows, or the download's (which has no completion times). */
export type MatrixRow = Pick<ClassReportRow, 'studentName' | 'studentEmail' | 'lastActivityAt'> & {
  modules: Pick<ReportCell, 'moduleId' | 'percentage' | 'completed' | 'total' | 'scores'>[];
};

/** The download's rows (cells as tuples, in its modules' order) as the matrix's CSV reads rows. */
export function downloadedRows({ modules, rows }: ReadyDownload): MatrixRow[] {
  return rows.map(({ studentName, studentEmail, lastActivityAt, cells }) => ({
    studentName,
    ...(studentEmail !== undefined && { studentEmail }),
    lastActivityAt,
    modules: cells.map(([percentage, completed, total, checks, passed, meanBestPercent], index) => ({
      moduleId: modules[index]!.moduleId,
      percentage,
      completed,
      total,
      ...(checks !== undefined && { scores: { checks, passed: passed!, meanBestPercent: meanBestPercent ?? null } }),
    })),
  }));
}

/** Completion per module, then (when any module has checks) the score per module that has them. */
export function matrixCsv(rows: MatrixRow[], columns: ReportColumn[]): string {
  const scored = columns.filter((column) => rows.some((row) => row.modules.some((cell) => cell.moduleId === column.moduleId && cell.scores)));
  return toCsv(
    ['Student', 'E-mail', 'Last activity', ...columns.map((column) => column.title), ...scored.map((column) => `${column.title} (score)`)],
    rows.map((row) => {
      const byModule = new Map(row.modules.map((cell) => [cell.moduleId, cell]));
      return [
        row.studentName,
        row.studentEmail ?? '',
        csvTime(row.lastActivityAt),
        ...columns.map((column) => {
          const cell = byModule.get(column.moduleId);
          return cell ? cellText(cell) : '';
        }),
        ...scored.map((column) => {
          const scores = byModule.get(column.moduleId)?.scores;
          return scores ? moduleScoreText(scores) : '';
        }),
      ];
    }),
  );
}

/** A student's standing on one check: "80% (2 attempts, passed)"; '' before the first attempt. */
export function standingText(standing: CheckStanding | undefined): string {
  if (!standing || standing.bestPercent === null) return '';
  return `${standing.bestPercent}% (${standing.attempts} ${standing.attempts === 1 ? 'attempt' : 'attempts'}${standing.passed ? ', passed' : ''})`;
}

/** Student × section: the completion time of each done section, "Done" when its time is unknown, empty otherwise. */
export function moduleDrillDownCsv(report: ModuleReport): string {
  const checks = checkColumns(report);
  return toCsv(
    ['Student', 'E-mail', ...report.sections.map((section) => section.title), ...checks.map((check) => `Check: ${check.title}`)],
    report.rows.map((row) => [
      row.studentName,
      row.studentEmail ?? '',
      ...report.sections.map((section) => sectionCell(row.completedAt, section._id, row.closed?.[section._id])),
      ...checks.map((check) => standingText(row.scores?.[check.sectionId])),
    ]),
  );
}

/** The module's checks, in section order, with their sections' titles. */
export function checkColumns(report: ModuleReport) {
  const titles = new Map(report.sections.map((section) => [section._id, section.title]));
  return (report.checks ?? []).map((check) => ({ ...check, title: titles.get(check.sectionId) ?? check.sectionId }));
}

/** A section's cell: when it was done, or for one not done how it stands on the path (Locked, Skipped, Excused). */
export const sectionCell = (completedAt: Record<string, string | null>, sectionId: string, closed?: 'locked' | 'skipped' | 'excused') =>
  !Object.hasOwn(completedAt, sectionId) ? (closed ? closed.charAt(0).toUpperCase() + closed.slice(1) : '') : csvTime(completedAt[sectionId]) || 'Done';

/** One student's modules: status, sections done, the first and latest completion times, and the score when any module has checks. */
export function studentDrillDownCsv(row: ClassReportRow): string {
  const lines = studentModuleLines(row);
  // The score column only when some module has checks.
  const scored = lines.some((line) => line.score);
  return toCsv(
    ['Module', 'Status', 'Progress', 'First completion', 'Latest completion', ...(scored ? ['Score'] : [])],
    lines.map((line) => [line.title, line.status, line.progress, csvTime(line.first), csvTime(line.latest), ...(scored ? [line.score] : [])]),
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
      score: cell.scores ? moduleScoreText(cell.scores) : '',
    };
  });
}
