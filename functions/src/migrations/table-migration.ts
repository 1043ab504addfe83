// Brings a table written by earlier versions to the current data model and repairs the counts the app keeps as it
// goes (`npm run migrate`, and `npm start` on the local data). Idempotent. For every class: a roster kept on the class
// item (a `students` map, before enrolment items) moves to one item per enrolment (the app reads enrolment items only,
// so a deployment of it runs this first); enrolment items written before they kept the student's e-mail get it from
// the directory; the student count is
// set from the enrolment items; the completion counters (per module and per section, in shards by student) are set
// from the enrolled students' progress items, an earlier version's unsharded counter folded in, and so are the score
// totals (per check, in the same shards; an earlier version's one item per class folded in); the days' sets of
// active students of earlier versions become one item per student and day, and each completion time of the last week
// gives its student that day's item (the dashboard's engagement); scores of earlier shapes (an item
// per student and module beside the progress item, or attributes per check on it) move into the progress items'
// standings, where reports read them; attempts stored without their score or the completion they earned get them, and
// students who finished a module without its "you finished" notice get one (progress-repair.ts); a student with progress
// or overrides in a class they are no longer enrolled in gets its former-class item (unenrolments before it was kept),
// so their export finds those records; last, each class's report rows are computed, so its first download is quick.
// Safe on a live table (the app serving meanwhile): every write is conditional on what it read (a count is replaced only
// if it is still the value read before its items were counted, else counted again), so a recount never loses a write
// the app made while it ran. Counts drift only when an app write fails half-way; running this again repairs them.
import { DeleteCommand, GetCommand, PutCommand, ScanCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mapWithConcurrency } from '../kernel/concurrency';
import type { Enrolment } from '../classes/port';
import type { UserDirectory } from '../people/port';
import type { ProgressKey } from '../progress/port';
import { enrolmentItem, formerClassItem, makeClassRepository, membershipItem, type EnrolmentItem } from '../classes/adapters/class-repository';
import { makeProgressRepair } from './progress-repair';
import type { Caller } from '../kernel/caller';
import { buildClassDownload } from '../composition/reports';
import type { ClassDownloadService } from '../reports/class-download';
import { makeProgressRepository } from '../progress/adapters/progress-repository';
import { activeStudentItem } from '../progress/adapters/completion-writes';
import { reportRowChange } from '../reports/adapters/report-row-change';
import { encodeStandings, legacyScoreAttributeNames, legacyStandings, mergeStandings, STANDINGS, standingsOnItem } from '../progress/adapters/score-attributes';
import { backoff, cancellationCodes, conditionally, ENROLMENT_PREFIX, keys, makeTableAccess, queries, type Key, type TableContext } from '../table/table';

export interface MigrationSummary {
  classes: number;
  rostersMoved: number;
  /** Enrolments that were given their student's e-mail. */
  emailsFilled: number;
  /** Enrolments of people the directory no longer has (marked, so later runs do not look them up again). */
  notInDirectory: number;
  students: number;
  counters: number;
  /** Day items of an earlier version (a set of a day's active students) replaced by one item per student and day. */
  activeDaysMoved: number;
  /** Progress items whose scores of earlier shapes (score items of their own, attributes per check) were folded into their standings. */
  scoresMoved: number;
  /** What earlier versions left half-written: scores and completions of stored attempts, notices of finished modules. */
  scoresRepaired: number;
  completionsRepaired: number;
  finishesCreated: number;
  /** Classes recorded as left by students whose records stay there (unenrolled before former classes were kept). */
  formerClassesRecorded: number;
  /** Classes whose report rows are all computed: their first download reads rows, not every progress item. */
  reportsPrepared: number;
}

/** Tries of moving one score item: each failed try means an attempt changed the progress item meanwhile. */
const SCORE_MOVE_TRIES = 5;
/** Recounts of a class's student count: each lost try means an enrolment changed it meanwhile. */
const RECOUNT_TRIES = 5;

/**
 * Answers of the report's download asked for per class while preparing its rows: each computes at least one student's
 * row (500 of 20 modules at most), so 5,000 students take 10. Students working meanwhile may cost a few more; a class
 * left unprepared after this many is prepared by its first download.
 */
const REPORT_PREPARE_ANSWERS = 50;
/** Who prepares the report rows: the download's use case admits admins to any class's report. */
const MIGRATION_CALLER: Caller = { userId: 'npm-run-migrate', roles: ['Admins'] };

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
  const maintenance = makeClassMaintenance(context);
  const progress = makeProgressRepository(context);
  const repair = makeProgressRepair(context);
  const download = buildClassDownload(context);
  const emailOf = rememberedEmails(directory);
  const classIds = await maintenance.scanClassIds();
  const results = await mapWithConcurrency(classIds, CLASSES_IN_FLIGHT, async (classId) => {
    const moved = await maintenance.moveRosterMap(classId);
    const { filled: emailsFilled, unknown: notInDirectory } = await fillEmails(maintenance, classId, emailOf);
    const students = (await maintenance.recountStudents(classId)) ?? 0;
    const record = await classes.getClass(classId);
    const enrolled = record ? (await classes.listAllStudents(classId)).map((enrolment) => enrolment.studentId) : [];
    // Scores move onto the progress items first, then attempts left without their score or completion get them: the
    // recount of the counters and score totals reads the items.
    const scoresMoved = await maintenance.compactScores(classId);
    const repairs = record ? await repair.repairClass(record, enrolled) : { scoresRepaired: 0, completionsRepaired: 0, finishesCreated: 0 };
    const counters = record ? await progress.recomputeCounters(classId, record.assignedModuleIds, enrolled) : [];
    const activeDaysMoved = await maintenance.moveActiveDays(classId);
    const formerClassesRecorded = record ? await maintenance.recordFormerStudents(classId, enrolled) : 0;
    // Last: the report rows are computed from the progress as the steps above left it.
    const reportsPrepared = record && (await prepareReport(download, classId)) ? 1 : 0;
    return { moved, emailsFilled, notInDirectory, students, counters: counters.length, activeDaysMoved, scoresMoved, ...repairs, formerClassesRecorded, reportsPrepared };
  });
  const total = (
    field:
      | 'emailsFilled'
      | 'notInDirectory'
      | 'students'
      | 'counters'
      | 'activeDaysMoved'
      | 'scoresMoved'
      | 'scoresRepaired'
      | 'completionsRepaired'
      | 'finishesCreated'
      | 'formerClassesRecorded'
      | 'reportsPrepared',
  ) =>
    results.reduce((sum, result) => sum + result[field], 0);
  return {
    classes: classIds.length,
    rostersMoved: results.filter((result) => result.moved).length,
    emailsFilled: total('emailsFilled'),
    notInDirectory: total('notInDirectory'),
    students: total('students'),
    counters: total('counters'),
    activeDaysMoved: total('activeDaysMoved'),
    scoresMoved: total('scoresMoved'),
    scoresRepaired: total('scoresRepaired'),
    completionsRepaired: total('completionsRepaired'),
    finishesCreated: total('finishesCreated'),
    formerClassesRecorded: total('formerClassesRecorded'),
    reportsPrepared: total('reportsPrepared'),
  };
}

/** Asks for the class's download until its rows are all computed (true), or REPORT_PREPARE_ANSWERS were not enough. */
async function prepareReport(download: ClassDownloadService, classId: string): Promise<boolean> {
  for (let answer = 0; answer < REPORT_PREPARE_ANSWERS; answer += 1) {
    if ((await download(MIGRATION_CALLER, classId)).ready) return true;
  }
  return false;
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
async function fillEmails(classes: ClassMaintenance, classId: string, emailOf: (studentId: string) => Promise<string | undefined>) {
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

export type ClassMaintenance = ReturnType<typeof makeClassMaintenance>;

/** Where the previous version kept a student's scores in a module: an item of its own beside the progress item. */
const LEGACY_SCORES_PREFIX = 'SCORES#';

/** The writes only the migration makes to classes: the app's own go through the class repository. */
export function makeClassMaintenance(context: TableContext) {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  /** Every class id in the table, by a Scan (finds classes written before the catalogue too). */
  async function scanClassIds(): Promise<string[]> {
    const classIds: string[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new ScanCommand({
          TableName: tableName,
          FilterExpression: 'sk = :class',
          ExpressionAttributeValues: { ':class': keys.classMeta('').sk },
          ProjectionExpression: 'classId',
          ExclusiveStartKey,
        }),
      );
      classIds.push(...(page.Items ?? []).map((item) => item.classId as string));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return classIds;
  }

  /**
   * Gives each student with progress or overrides in the class who is not enrolled in it (one of `enrolled` as read
   * before) the class as a former class, unless they have it; answers how many were written. A student enrolled
   * meanwhile gets one too, which reads the same as a class left and joined again.
   */
  async function recordFormerStudents(classId: string, enrolled: string[]): Promise<number> {
    const [progressItems, overrideItems] = await Promise.all([
      table.queryByPrefix<{ studentId?: string }>(queries.progressOfClass(classId), { projection: 'studentId' }),
      table.queryByPrefix<{ studentId?: string }>(queries.overridesOfClass(classId), { projection: 'studentId' }),
    ]);
    const current = new Set(enrolled);
    const former = [...new Set([...progressItems, ...overrideItems].flatMap(({ studentId }) => (studentId && !current.has(studentId) ? [studentId] : [])))];
    const written = await Promise.all(
      former.map((studentId) =>
        conditionally(() =>
          client.send(new PutCommand({ TableName: tableName, Item: formerClassItem(studentId, classId), ConditionExpression: 'attribute_not_exists(pk)' })),
        ),
      ),
    );
    return written.filter(Boolean).length;
  }

  const enrolledKeys = (classId: string) => table.queryByPrefix<Key>(queries.rosterOfClass(classId), { projection: 'pk, sk' });

  /**
   * Moves a roster of the previous shape (a `students` map on the class item: id → name) to enrolment items and
   * memberships, then sets the count and removes the map; true when there was one to move. A student the app enrolled
   * meanwhile keeps their newer enrolment item (e-mail, enrolment time). Idempotent: the copies are plain puts, and the
   * map is removed only at the end, in a write conditional on it still being there.
   */
  async function moveRosterMap(classId: string): Promise<boolean> {
    const item = await table.getItem<{ students?: Record<string, string> }>(keys.classMeta(classId));
    if (!item?.students) return false;
    const enrolled = new Set((await enrolledKeys(classId)).map(({ sk }) => sk));
    const missing: Enrolment[] = Object.entries(item.students)
      .filter(([studentId]) => !enrolled.has(keys.enrolment(classId, studentId).sk))
      .map(([studentId, name]) => ({ studentId, name }))
      .sort((a, b) => (a.studentId < b.studentId ? -1 : a.studentId > b.studentId ? 1 : 0));
    await table.batchPut(missing.flatMap((enrolment) => [enrolmentItem(classId, enrolment), membershipItem(enrolment.studentId, classId)]));
    await conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          UpdateExpression: 'SET studentCount = :count REMOVE students',
          ConditionExpression: 'attribute_exists(students)',
          ExpressionAttributeValues: { ':count': enrolled.size + missing.length },
        }),
      ),
    );
    return true;
  }

  /**
   * Sets the class's student count to the number of its enrolment items (repairs drift after an interrupted change).
   * Safe while the app enrols: the count is read before the enrolments and written only if it is still that (an
   * enrolment or unenrolment meanwhile ADDs to it), else counted again; undefined when there is no class item.
   */
  async function recountStudents(classId: string): Promise<number | undefined> {
    for (let attempt = 0; attempt < RECOUNT_TRIES; attempt += 1) {
      if (attempt > 0) await backoff(attempt);
      const { Item: item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.classMeta(classId), ConsistentRead: true }));
      if (!item || item.students !== undefined) return undefined;
      const enrolled = await table.queryByPrefix<Key>(queries.rosterOfClass(classId), { projection: 'pk, sk', consistent: true });
      const read = item.studentCount as number | undefined;
      const done = await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.classMeta(classId),
            UpdateExpression: 'SET studentCount = :count',
            ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(students) AND ${read === undefined ? 'attribute_not_exists(studentCount)' : 'studentCount = :read'}`,
            ExpressionAttributeValues: { ':count': enrolled.length, ...(read !== undefined && { ':read': read }) },
          }),
        ),
      );
      if (done) return enrolled.length;
    }
    throw new Error(`The student count of class ${classId} kept changing while it was recounted (enrolments): run the migration again later.`);
  }

  /**
   * One page of a class's enrolments, each with its `email` attribute as stored (absent on items written before it was
   * kept; '' when the directory had no e-mail to give).
   */
  async function enrolmentPage(classId: string, page: { limit: number; after?: string }) {
    const { items, lastSortKey } = await table.queryPage<EnrolmentItem>(queries.rosterOfClass(classId), {
      limit: page.limit,
      after: page.after === undefined ? undefined : keys.enrolment(classId, page.after).sk,
    });
    return {
      enrolments: items.map(({ studentId, email }) => ({ studentId, ...(email === undefined ? {} : { email }) })),
      ...(lastSortKey ? { next: lastSortKey.slice(ENROLMENT_PREFIX.length) } : {}),
    };
  }

  /**
   * Gives an enrolment item written before enrolments kept the e-mail its student's e-mail ('' for a person the
   * directory no longer has: none to show, nothing to look up again); false when it has one by now or is gone. Only
   * this attribute is written, so a rename meanwhile is kept, and an unenrolment is not undone.
   */
  const fillEnrolmentEmail = (classId: string, studentId: string, email: string) =>
    conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.enrolment(classId, studentId),
          UpdateExpression: 'SET email = :email',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(email)',
          ExpressionAttributeValues: { ':email': email },
        }),
      ),
    );

  /**
   * Folds the class's scores of earlier shapes into the progress items' `checkStandings`: score items of their own
   * (`SCORES#{moduleId}#{studentId}`, beside the progress item) and per-check attributes on the progress item; answers
   * how many progress items changed. Each changes in one transaction that writes the merged standings and removes the
   * old attributes on the condition that the standings are still those read (an attempt meanwhile: read again), and
   * deletes the score item (already gone: another run moved it).
   */
  async function compactScores(classId: string): Promise<number> {
    const partition = keys.classMeta(classId).pk;
    const [scoreItems, progressItems] = await Promise.all([
      table.queryByPrefix<Record<string, unknown>>({ partition, sortPrefix: LEGACY_SCORES_PREFIX }, { consistent: true }),
      table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId), { consistent: true }),
    ]);
    const owners = new Map<string, { owner: ProgressKey; scoreItem?: Record<string, unknown> }>();
    for (const item of progressItems.filter((each) => legacyScoreAttributeNames(each).length > 0)) owners.set(String(item.sk), { owner: ownerOf(item) });
    for (const item of scoreItems) owners.set(keys.progress(classId, String(item.moduleId), String(item.studentId)).sk, { owner: ownerOf(item), scoreItem: item });
    let compacted = 0;
    for (const { owner, scoreItem } of owners.values()) if (await compactScoresOf(owner, scoreItem)) compacted += 1;
    return compacted;
  }

  const ownerOf = (item: Record<string, unknown>): ProgressKey => ({ classId: String(item.classId), moduleId: String(item.moduleId), studentId: String(item.studentId) });

  async function compactScoresOf({ classId, moduleId, studentId }: ProgressKey, scoreItem: Record<string, unknown> | undefined): Promise<boolean> {
    const progressKey = keys.progress(classId, moduleId, studentId);
    for (let attempt = 0; attempt < SCORE_MOVE_TRIES; attempt += 1) {
      if (attempt > 0) await backoff(attempt);
      const { Item: progressItem = {} } = await client.send(new GetCommand({ TableName: tableName, Key: progressKey, ConsistentRead: true }));
      const stale = legacyScoreAttributeNames(progressItem);
      if (!scoreItem && stale.length === 0) return false;
      const standings = [progressItem, scoreItem ?? {}].map(legacyStandings).reduce(mergeStandings, standingsOnItem(progressItem));
      const lastAttemptAt = [progressItem.lastAttemptAt, scoreItem?.lastAttemptAt].filter((at) => typeof at === 'string').sort().at(-1);
      const read = progressItem[STANDINGS];
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: progressKey,
                  UpdateExpression: `SET #standings = :standings, ${lastAttemptAt ? 'lastAttemptAt = :at, ' : ''}entity = :entity, classId = :class, moduleId = :module, studentId = :student${
                    stale.length > 0 ? ` REMOVE ${stale.map((_, index) => `#stale${index}`).join(', ')}` : ''
                  }`,
                  ConditionExpression: read === undefined ? 'attribute_not_exists(#standings)' : '#standings = :read',
                  ExpressionAttributeNames: { '#standings': STANDINGS, ...Object.fromEntries(stale.map((name, index) => [`#stale${index}`, name])) },
                  ExpressionAttributeValues: {
                    ':standings': encodeStandings(standings),
                    ...(read !== undefined && { ':read': read }),
                    ...(lastAttemptAt && { ':at': lastAttemptAt }),
                    ':entity': 'Progress',
                    ':class': classId,
                    ':module': moduleId,
                    ':student': studentId,
                  },
                },
              },
              ...(scoreItem ? [{ Delete: { TableName: tableName, Key: { pk: scoreItem.pk, sk: scoreItem.sk }, ConditionExpression: 'attribute_exists(pk)' } }] : []),
              // The report's cell of the student in the module is computed again from the moved scores.
              reportRowChange(tableName, { classId, moduleId, studentId }),
            ],
          }),
        );
        return true;
      } catch (error) {
        const codes = cancellationCodes(error);
        if (!codes) throw error;
        // The score item is gone: another run moved it (and the progress item's own old attributes with it).
        if (codes[1] === 'ConditionalCheckFailed') return false;
      }
    }
    throw new Error(`The scores of student ${studentId} in module ${moduleId} kept changing while moving them: run the migration again.`);
  }

  /**
   * Replaces an earlier version's day items (one per class and day, a string set of the students active that day) by
   * one item per student and day: writes each student's item (the same whoever writes it, so a plain put loses
   * nothing), then deletes the day item on the condition that its set is still the one read (an earlier version still
   * serving added a student meanwhile: the next run moves it). Answers how many day items went.
   */
  async function moveActiveDays(classId: string): Promise<number> {
    const days = await table.queryByPrefix<Key & { day?: string; activeStudents?: Set<string> }>(queries.legacyActiveDaysOfClass(classId), { consistent: true });
    let moved = 0;
    for (const { pk, sk, day = sk.slice(sk.indexOf('#') + 1), activeStudents } of days) {
      await table.batchPut([...(activeStudents ?? [])].map((studentId) => activeStudentItem(classId, day, studentId)));
      const deleted = await conditionally(() =>
        client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { pk, sk },
            ConditionExpression: activeStudents ? 'activeStudents = :read' : 'attribute_not_exists(activeStudents)',
            ...(activeStudents && { ExpressionAttributeValues: { ':read': activeStudents } }),
          }),
        ),
      );
      if (deleted) moved += 1;
    }
    return moved;
  }

  return { scanClassIds, moveRosterMap, recountStudents, enrolmentPage, fillEnrolmentEmail, compactScores, recordFormerStudents, moveActiveDays };
}

export const describeMigration = ({ classes, rostersMoved, emailsFilled, notInDirectory, students, counters, activeDaysMoved, scoresMoved, scoresRepaired, completionsRepaired, finishesCreated, formerClassesRecorded, reportsPrepared }: MigrationSummary) =>
  `Migrated ${classes} class${classes === 1 ? '' : 'es'}: ${rostersMoved} roster${rostersMoved === 1 ? '' : 's'} moved to enrolment items, ${emailsFilled} e-mail${emailsFilled === 1 ? '' : 's'} added to enrolments${notInDirectory > 0 ? ` (${notInDirectory} of people no longer in the user pool left without)` : ''}, ${students} enrolments counted, ${counters} completion counters set, ${activeDaysMoved} day${activeDaysMoved === 1 ? '' : 's'} of active students moved to an item per student, ${scoresMoved} progress item${scoresMoved === 1 ? '' : 's'} given the scores kept in an earlier shape, ${scoresRepaired} given the scores of attempts stored without them, ${completionsRepaired} section${completionsRepaired === 1 ? '' : 's'} completed for passed attempts, ${finishesCreated} "you finished" notice${finishesCreated === 1 ? '' : 's'} created, ${formerClassesRecorded} class${formerClassesRecorded === 1 ? '' : 'es'} recorded as left by students whose records stay there, ${reportsPrepared} class report${reportsPrepared === 1 ? '' : 's'} ready to download.`;
