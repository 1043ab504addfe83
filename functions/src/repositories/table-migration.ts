// Brings a table written by earlier versions to the current data model and repairs the counts the app keeps as it
// goes (`npm run migrate`, and `npm start` on the local data). Idempotent. For every class: a roster kept on the class
// item (a `students` map, before enrolment items) moves to one item per enrolment (readers accept both shapes until
// then); enrolment items written before they kept the student's e-mail get it from the directory; the student count is
// set from the enrolment items; the completion counters are set from the progress items.
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
    const emailsFilled = await fillEmails(classes, classId, emailOf);
    const students = (await classes.recountStudents(classId)) ?? 0;
    const record = await classes.getClass(classId);
    const counters = record ? await progress.recomputeCounters(classId, record.assignedModuleIds) : [];
    return { moved, emailsFilled, students, counters: counters.length };
  });
  const total = (field: 'emailsFilled' | 'students' | 'counters') => results.reduce((sum, result) => sum + result[field], 0);
  return {
    classes: classIds.length,
    rostersMoved: results.filter((result) => result.moved).length,
    emailsFilled: total('emailsFilled'),
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

/** Walks the roster a page at a time and gives each enrolment without an e-mail its student's; answers how many. */
async function fillEmails(classes: ClassRepository, classId: string, emailOf: (studentId: string) => Promise<string | undefined>) {
  let filled = 0;
  let after: string | undefined;
  do {
    const page = await classes.enrolmentPage(classId, { limit: ENROLMENT_PAGE, after });
    const missing = page.enrolments.filter((enrolment) => !enrolment.email);
    const written = await mapWithConcurrency(missing, LOOKUPS_IN_FLIGHT, async ({ studentId }) => {
      const email = await emailOf(studentId);
      return email !== undefined && (await classes.fillEnrolmentEmail(classId, studentId, email));
    });
    filled += written.filter(Boolean).length;
    after = page.next;
  } while (after !== undefined);
  return filled;
}

export const describeMigration = ({ classes, rostersMoved, emailsFilled, students, counters }: MigrationSummary) =>
  `Migrated ${classes} class${classes === 1 ? '' : 'es'}: ${rostersMoved} roster${rostersMoved === 1 ? '' : 's'} moved to enrolment items, ${emailsFilled} e-mail${emailsFilled === 1 ? '' : 's'} added to enrolments, ${students} enrolments counted, ${counters} completion counters set.`;
