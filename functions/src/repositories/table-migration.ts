// Brings a table written by earlier versions to the current data model and repairs the counts the app keeps as it
// goes (`npm run migrate`, and `npm start` on the local data). Idempotent. For every class: a roster kept on the class
// item (a `students` map, before enrolment items) moves to one item per enrolment (readers accept both shapes until
// then); the student count is set from the enrolment items; the completion counters are set from the progress items,
// and each known completion time's student is added to that day's active students (the dashboard's engagement).
// Counts drift only when a write fails half-way (or runs while this recounts); running it again repairs them.
import { mapWithConcurrency } from '../domain/concurrency';
import { makeClassRepository } from './class-repository';
import { makeProgressRepository } from './progress-repository';
import type { TableContext } from './table';

export interface MigrationSummary {
  classes: number;
  rostersMoved: number;
  students: number;
  counters: number;
}

/** Classes are migrated a few at a time: each is a handful of batched writes. */
const CLASSES_IN_FLIGHT = 4;

export async function migrateTable(context: TableContext): Promise<MigrationSummary> {
  const classes = makeClassRepository(context);
  const progress = makeProgressRepository(context);
  const classIds = await classes.scanClassIds();
  const results = await mapWithConcurrency(classIds, CLASSES_IN_FLIGHT, async (classId) => {
    const moved = await classes.migrateRoster(classId);
    const students = (await classes.recountStudents(classId)) ?? 0;
    const record = await classes.getClass(classId);
    const counters = record ? await progress.recomputeCounters(classId, record.assignedModuleIds) : [];
    return { moved, students, counters: counters.length };
  });
  return {
    classes: classIds.length,
    rostersMoved: results.filter((result) => result.moved).length,
    students: results.reduce((sum, result) => sum + result.students, 0),
    counters: results.reduce((sum, result) => sum + result.counters, 0),
  };
}

export const describeMigration = ({ classes, rostersMoved, students, counters }: MigrationSummary) =>
  `Migrated ${classes} class${classes === 1 ? '' : 'es'}: ${rostersMoved} roster${rostersMoved === 1 ? '' : 's'} moved to enrolment items, ${students} enrolments counted, ${counters} completion counters set.`;
