// The teacher dashboard's numbers, computed from real data only.
import type { ClassSummary } from '@shared/contract/classes';

/** Distinct students across the teacher's classes (a student in two classes counts once). */
export function countDistinctStudents(classes: ClassSummary[]): number {
  return new Set(classes.flatMap((each) => each.studentIds)).size;
}
