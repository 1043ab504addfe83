// The teacher dashboard's numbers, computed from real data only.
import type { ClassReportRow, ClassSummary } from '../../../../../shared/entities';

/** Distinct students across the teacher's classes (a student in two classes counts once). */
export function countDistinctStudents(classes: ClassSummary[]): number {
  return new Set(classes.flatMap((each) => each.studentIds)).size;
}

/**
 * Mean completion percentage over every (student, assigned module) pair of the given class reports;
 * null when there is no such pair yet.
 */
export function averageCompletion(reports: ClassReportRow[][]): number | null {
  const cells = reports.flatMap((rows) => rows.flatMap((row) => row.modules));
  if (cells.length === 0) return null;
  return Math.round(cells.reduce((sum, cell) => sum + cell.percentage, 0) / cells.length);
}
