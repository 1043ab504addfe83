// Avg. Engagement: the share of enrolled students (each counted once across the teacher's classes) who completed a
// section in the last 7 days, from each class's completion answer (its students active on the last 7 UTC days, read
// from one small item per class and day, never from the report).
import type { ClassCompletion } from '@shared/contract/reports';
import type { ClassSummary } from '@shared/contract/classes';
import { ENGAGEMENT_DAYS } from '@shared/report-insight';

export const ENGAGEMENT_DEFINITION = `Students who completed a section in the last ${ENGAGEMENT_DAYS} days`;

/**
 * The percentage of distinct enrolled students active in one of their classes; null when the classes have no
 * students yet. A student active in a class they have since left does not count for it.
 */
export function engagementShare(classes: ClassSummary[], completions: ClassCompletion[]): number | null {
  const enrolled = new Map(classes.map((each) => [each._id, new Set(each.studentIds)]));
  const students = new Set(classes.flatMap((each) => each.studentIds));
  if (students.size === 0) return null;
  const active = new Set(
    completions.flatMap((completion) => completion.activeStudentIds.filter((id) => enrolled.get(completion.classId)?.has(id))),
  );
  return Math.round((active.size / students.size) * 100);
}
