// Brings a table written by earlier versions to the current data model and repairs the counts the app keeps as it
// goes (`npm run migrate`, and `npm start` on the local data). Idempotent. For every class: a roster kept on the class
// item (a `students` map, before enrolment items) moves to one item per enrolment (readers accept both shapes until
// then); enrolment items written before they kept the student's e-mail get it from the directory; the student count is
// set from the enrolment items; the completion counters (per module and per section) are set from the enrolled
// students' progress items, and each known completion
// time's student is added to that day's active students (the dashboard's engagement).
// Counts drift only when a write fails half-way (or runs while this recounts); running it again repairs them.
import { mapWithConcurrency } from '../domain/concurrency';
import type { UserDirectory } from '../domain/ports';
import { makeClassRepository, type ClassRepository } from './class-repository';
import { makeProgressRepository } from './progress-repository';
import type { TableContext } from './table';

export interface MigrationSummary {
  classes: number;
  rostersMoved: number;
  /** Enrolments that were given their student's e-mail. */
  emailsFilled: number;
  /** Enrolments of people the directory no longer has (marked, so later runs do not look them up again). */
  notInDirectory: number;
  students: number;
  counters: number;
}

/** Classes are migrated a few at a time: each is a handful of batched writes. */
const CLASSES_IN_FLIGHT = 4;
/** Enrolments read per page when looking for missing e-mails (memory stays bounded whatever the class size). */
export const ENROLMENT_PAGE = 100;
/**
 * Directory look-ups in flight per class (each is two Cognito calls): with CLASSES_IN_FLIGHT, at most 20 at once, well
 * inside the AdminGetUser quota shared with the running app.
 */
const LOOKUPS_IN_FLIGHT = 5;

export async function migrateTable(context: TableContext, directory: Pick<UserDirectory, 'get'>): Promise<MigrationSummary> {
  const classes = makeClassRepository(context);
  const progress = makeProgressRepository(context);
  const emailOf = rememberedEmails(directory);
  const classIds = await classes.scanClassIds();
  const results = await mapWithConcurrency(classIds, CLASSES_IN_FLIGHT, async (classId) => {
    const moved = await classes.migrateRoster(classId);
    const { filled: emailsFilled, unknown: notInDirectory } = await fillEmails(classes, classId, emailOf);
    const students = (await classes.recountStudents(classId)) ?? 0;
    const record = await classes.getClass(classId);
    const enrolled = record ? (await classes.listAllStudents(classId)).map((enrolment) => enrolment.studentId) : [];
    const counters = record ? await progress.recomputeCounters(classId, record.assignedModuleIds, enrolled) : [];
    return { moved, emailsFilled, notInDirectory, students, counters: counters.length };
  });
  const total = (field: 'emailsFilled' | 'notInDirectory' | 'students' | 'counters') => results.reduce((sum, result) => sum + result[field], 0);
  return {
    classes: classIds.length,
    rostersMoved: results.filter((result) => result.moved).length,
    emailsFilled: total('emailsFilled'),
    notInDirectory: total('notInDirectory'),
    students: total('students'),
    counters: total('counters'),
  };
}

/** Each student is looked up once, however many classes they are in (undefined: no longer in the directory). */
function rememberedEmails(directory: Pick<UserDirectory, 'get'>) {
  const known = new Map<string, Promise<string | undefined>>();
  return (studentId: string) => {
    if (!known.has(studentId)) known.set(studentId, directory.get(studentId).then((person) => person?.email));
    return known.get(studentId)!;
  };
}

/**
 * Walks the roster a page at a time and gives each enrolment without an e-mail attribute its student's; one whose
 * student the directory no longer has gets '' (no e-mail to show; readers treat it as none), so that the next run,
 * and every `npm start`, skips it instead of asking again. Answers how many of each were written.
 */
async function fillEmails(classes: ClassRepository, classId: string, emailOf: (studentId: string) => Promise<string | undefined>) {
  const counts = { filled: 0, unknown: 0 };
  let after: string | undefined;
  do {
    const page = await classes.enrolmentPage(classId, { limit: ENROLMENT_PAGE, after });
    await mapWithConcurrency(
      page.enrolments.filter((enrolment) => enrolment.email === undefined),
      LOOKUPS_IN_FLIGHT,
      async ({ studentId }) => {
        const email = await emailOf(studentId);
        if (await classes.fillEnrolmentEmail(classId, studentId, email ?? '')) counts[email ? 'filled' : 'unknown'] += 1;
      },
    );
    after = page.next;
  } while (after !== undefined);
  return counts;
}

export const describeMigration = ({ classes, rostersMoved, emailsFilled, notInDirectory, students, counters }: MigrationSummary) =>
  `Migrated ${classes} class${classes === 1 ? '' : 'es'}: ${rostersMoved} roster${rostersMoved === 1 ? '' : 's'} moved to enrolment items, ${emailsFilled} e-mail${emailsFilled === 1 ? '' : 's'} added to enrolments${notInDirectory > 0 ? ` (${notInDirectory} of people no longer in the user pool left without)` : ''}, ${students} enrolments counted, ${counters} completion counters set.`;
