// The teacher dashboard's numbers, computed from real data only.
import type { ClassCompletion, ClassSummary } from '@shared/entities';

/** Distinct students across the teacher's classes (a student in two classes counts once). */
export function countDistinctStudents(classes: ClassSummary[]): number {
  return new Set(classes.flatMap((each) => each.studentIds)).size;
}

/**
 * Completed sections over all sections to complete (each student × each assigned module's sections), across the
 * teacher's classes, as a percentage; null when there is nothing to complete yet.
 */
export function averageCompletion(classes: ClassCompletion[]): number | null {
  let completed = 0;
  let possible = 0;
  for (const each of classes) {
    for (const module of each.modules) {
      completed += module.completions;
      possible += module.sections * each.studentCount;
    }
  }
  if (possible === 0) return null;
  return Math.min(100, Math.round((completed / possible) * 100));
}
