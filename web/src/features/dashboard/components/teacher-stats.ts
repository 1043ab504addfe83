// The teacher dashboard's numbers, computed from real data only.
import type { ClassReportRow, ClassSummary } from '../../../../../shared/entities';

/** Distinct students across the teacher's classes (a student in two classes counts once). */
export function countDistinctStudents(classes: ClassSummary[]): number {
  return new Set(classes.flatMap((each) => each.studentIds)).size;
}

/** One class report reduced to what the average needs: the sum of its cells' percentages and their number. */
export interface CompletionSummary {
  percentageSum: number;
  cells: number;
}

/** Runs once per report as it arrives (a query's select), so the average never walks every report at once. */
export function summariseCompletion(rows: ClassReportRow[]): CompletionSummary {
  let percentageSum = 0;
  let cells = 0;
  for (const row of rows) {
    for (const cell of row.modules) {
      percentageSum += cell.percentage;
      cells += 1;
    }
  }
  return { percentageSum, cells };
}

/**
 * Mean completion percentage over every (student, assigned module) pair of the summarised class reports;
 * null when there is no such pair yet.
 */
export function averageCompletion(summaries: CompletionSummary[]): number | null {
  const cells = summaries.reduce((sum, summary) => sum + summary.cells, 0);
  if (cells === 0) return null;
  return Math.round(summaries.reduce((sum, summary) => sum + summary.percentageSum, 0) / cells);
}
