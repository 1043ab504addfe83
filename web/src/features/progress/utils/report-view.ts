// What the report shows: the rows kept by the teacher's filter, in the order they chose.
import type { ClassReportRow, ReportCell } from '@shared/contract/reports';
import { hasNotStarted, isComplete, isStalled, isStruggling } from '@shared/report-insight';
import { isOverdue } from '@web/lib/due-dates';

export type ReportSort = 'name' | 'progress' | 'activity';
export type ReportFilter = 'all' | 'not-started' | 'struggling' | 'stalled' | 'complete' | 'overdue';

export const SORT_LABELS: Record<ReportSort, string> = {
  name: 'Name (A–Z)',
  progress: 'Overall progress (lowest first)',
  activity: 'Last activity (longest ago first)',
};

export const FILTER_LABELS: Record<ReportFilter, string> = {
  all: 'All students',
  'not-started': 'Not started',
  struggling: 'Struggling (attempted a check, not passed)',
  stalled: 'Stalled',
  complete: 'Complete',
  overdue: 'Overdue',
};

/** Module id → its due date in the class (from the class detail). */
export type DueDates = ReadonlyMap<string, string>;

/** The student's modules past their due date and not complete. */
export const overdueCells = (row: ClassReportRow, dueDates: DueDates, now: Date): ReportCell[] =>
  row.modules.filter((cell) => isOverdue(dueDates.get(cell.moduleId), cell.completed >= cell.total, now.getTime()));

/** A student's overall progress: the mean of their modules' percentages. */
export const overallProgress = (row: ClassReportRow) =>
  row.modules.length === 0 ? 0 : row.modules.reduce((sum, cell) => sum + cell.percentage, 0) / row.modules.length;

const byName = (a: ClassReportRow, b: ClassReportRow) => a.studentName.localeCompare(b.studentName);

const COMPARE: Record<ReportSort, (a: ClassReportRow, b: ClassReportRow) => number> = {
  name: byName,
  progress: (a, b) => overallProgress(a) - overallProgress(b) || byName(a, b),
  // Never active counts as longest ago.
  activity: (a, b) => (a.lastActivityAt ?? '').localeCompare(b.lastActivityAt ?? '') || byName(a, b),
};

export interface ReportViewOptions {
  sort: ReportSort;
  filter: ReportFilter;
  stalledDays: number;
  now: Date;
  dueDates?: DueDates;
}

export function viewRows(rows: ClassReportRow[], { sort, filter, stalledDays, now, dueDates = new Map() }: ReportViewOptions): ClassReportRow[] {
  const keep: Record<ReportFilter, (row: ClassReportRow) => boolean> = {
    all: () => true,
    'not-started': hasNotStarted,
    struggling: isStruggling,
    stalled: (row) => isStalled(row, now, stalledDays),
    complete: isComplete,
    overdue: (row) => overdueCells(row, dueDates, now).length > 0,
  };
  return rows.filter(keep[filter]).sort(COMPARE[sort]);
}
