// Teacher insight rules over class report rows: a cell's status, which students are stalled, the summary above the
// report and completions per day. Pure functions of the rows and a clock, shared by the web app, the tests and the bench.
import type { ClassReportRow } from './contract/reports';

export type CellStatus = 'not-started' | 'struggling' | 'in-progress' | 'complete';

export const STATUS_LABELS: Record<CellStatus, string> = {
  'not-started': 'Not started',
  struggling: 'Struggling',
  'in-progress': 'In progress',
  complete: 'Complete',
};

/**
 * A module with no sections has nothing to do, so it is never "complete" (and never started). A student who attempted
 * a check without passing it is struggling, however much else they did: an attempt is a start.
 */
export function cellStatus({ completed, total, struggling }: { completed: number; total: number; struggling?: true }): CellStatus {
  if (struggling) return 'struggling';
  if (completed === 0 || total === 0) return 'not-started';
  return completed >= total ? 'complete' : 'in-progress';
}

/** How many days without a completion make a student stalled, unless the teacher chooses another number. */
export const DEFAULT_STALLED_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** No section done and no check attempted in any module of the class. */
export const hasNotStarted = (row: ClassReportRow) => row.modules.every((cell) => cell.completed === 0 && !cell.struggling);

/** Attempted a check without passing it in a module not done. */
export const isStruggling = (row: ClassReportRow) => row.modules.some((cell) => cell.struggling);

/** Every assigned module complete (a class without modules has nobody complete). */
export const isComplete = (row: ClassReportRow) =>
  row.modules.length > 0 && row.modules.every((cell) => cellStatus(cell) === 'complete');

/**
 * Started, not finished, and no section completed for `days` days or more: exactly `days` days since the last
 * completion counts as stalled. A student who has not started is "not started", not stalled.
 */
export function isStalled(row: ClassReportRow, now: Date, days: number = DEFAULT_STALLED_DAYS): boolean {
  if (hasNotStarted(row) || isComplete(row)) return false;
  if (!row.lastActivityAt) return true;
  return now.getTime() - Date.parse(row.lastActivityAt) >= days * DAY_MS;
}

/** The mean of every cell's percentage, rounded; null without cells. */
export function averageOfCells(rows: ClassReportRow[]): number | null {
  let sum = 0;
  let cells = 0;
  for (const row of rows) {
    for (const cell of row.modules) {
      sum += cell.percentage;
      cells += 1;
    }
  }
  return cells === 0 ? null : Math.round(sum / cells);
}

export interface ReportSummary {
  students: number;
  averageCompletion: number | null;
  notStarted: number;
  stalled: number;
  complete: number;
}

export function summarizeReport(rows: ClassReportRow[], now: Date, stalledDays: number = DEFAULT_STALLED_DAYS): ReportSummary {
  return {
    students: rows.length,
    averageCompletion: averageOfCells(rows),
    notStarted: rows.filter(hasNotStarted).length,
    stalled: rows.filter((row) => isStalled(row, now, stalledDays)).length,
    complete: rows.filter(isComplete).length,
  };
}

/** The UTC calendar day of a time, yyyy-mm-dd: the key of a class's day of active students. */
export const utcDay = (at: string | Date) => new Date(at).toISOString().slice(0, 10);

/** Engagement counts the students who completed a section on one of the last 7 UTC days, today included. */
export const ENGAGEMENT_DAYS = 7;

/** The UTC days of the engagement window, today last. */
export function engagementDays(now: Date): string[] {
  return Array.from({ length: ENGAGEMENT_DAYS }, (_, index) => utcDay(new Date(now.getTime() - (ENGAGEMENT_DAYS - 1 - index) * DAY_MS)));
}

export interface DayCount {
  /** The local calendar day, YYYY-MM-DD. */
  day: string;
  completions: number;
}

export const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * Section completions per local calendar day over the last `days` days, oldest first, today last; days without any
 * are 0. Completions with an unknown time (recorded before times were kept) are not counted.
 */
export function completionsPerDay(rows: ClassReportRow[], now: Date, days = 30): DayCount[] {
  const counts = new Map<string, number>();
  for (let back = days - 1; back >= 0; back -= 1) {
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
    counts.set(localDay(date), 0);
  }
  for (const row of rows) {
    for (const cell of row.modules) {
      for (const at of Object.values(cell.completedAt)) {
        if (!at) continue;
        const day = localDay(new Date(at));
        const count = counts.get(day);
        if (count !== undefined) counts.set(day, count + 1);
      }
    }
  }
  return [...counts].map(([day, completions]) => ({ day, completions }));
}

/** The latest completion time among these, or null when none is known. ISO strings compare in time order. */
export function latestOf(times: Iterable<string | null | undefined>): string | null {
  let latest: string | null = null;
  for (const time of times) if (time && (latest === null || time > latest)) latest = time;
  return latest;
}
