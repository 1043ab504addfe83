// Avg. Engagement: the share of enrolled students (each counted once across the teacher's classes) who completed a
// section in the last 7 days, from each class report's last activity per student.
import type { ClassReportRow } from '@shared/entities';

export const ENGAGEMENT_DAYS = 7;
export const ENGAGEMENT_DEFINITION = `Students who completed a section in the last ${ENGAGEMENT_DAYS} days`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One class report reduced to the ids the share needs (a query's select: runs once per report as it arrives). */
export interface EngagementSummary {
  students: string[];
  active: string[];
}

export function summariseEngagement(rows: ClassReportRow[], now = Date.now()): EngagementSummary {
  const since = now - ENGAGEMENT_DAYS * DAY_MS;
  return {
    students: rows.map((row) => row.studentId),
    active: rows.filter((row) => row.lastActivityAt && Date.parse(row.lastActivityAt) > since).map((row) => row.studentId),
  };
}

/** The percentage of distinct students active; null when the classes have no students (or no modules) yet. */
export function engagementShare(summaries: EngagementSummary[]): number | null {
  const students = new Set(summaries.flatMap((summary) => summary.students));
  if (students.size === 0) return null;
  const active = new Set(summaries.flatMap((summary) => summary.active));
  return Math.round((active.size / students.size) * 100);
}
