// Data access for progress: one item per (class, module, student) under the class's partition (a report page reads
// its students' items by key; the whole class is one query), one completion counter per (class, module) with a count
// per section, added to when a section is completed for the first time, so dashboards read one small item per module
// and count only the sections the module still has, and one item per
// (class, UTC day) with the set of students who completed a section that day (the dashboard's engagement). A first
// completion changes the three in one transaction, so the counters never drift from the items.
import { PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { mapWithConcurrency } from '../domain/concurrency';
import type { ActivityContext, CompletionCounter, ProgressKey, ProgressRecord, ProgressStore, ReadingTally } from '../domain/ports';
import { utcDay } from '@shared/report-insight';
import { scoreTotalsItem, scoreTotalsUpdate, standingAttributeNames, standingsOnItem, totalsChangesOf } from './score-attributes';
import { backoff, cancellationCodes, finishNoticesOf, keys, makeTableAccess, prefixedAttributes, queries, type Key, type TableContext } from './table';

/**
 * Each section's first completion time is a top-level attribute `completedAt#{sectionId}`, set with if_not_exists in
 * the same atomic update that adds the section: a nested map could not be created and filled in one update, and a
 * repeat or a race never moves the first time.
 */
const COMPLETED_AT_PREFIX = 'completedAt#';

/**
 * A student's reading of a section's file, three top-level numbers per section (`readOpens#`, `readMinutes#`,
 * `readPage#` + section id), so a report adds to its counts with ADD (no lost count under concurrency) and sets the
 * page alone. Report pages project the attributes they show, so these cost them nothing.
 */
const READING_PREFIXES = { opened: 'readOpens#', minutes: 'readMinutes#', page: 'readPage#' } as const;

function readingOf(item: Record<string, unknown>): Record<string, ReadingTally> {
  const [opened, minutes, page] = [READING_PREFIXES.opened, READING_PREFIXES.minutes, READING_PREFIXES.page].map((prefix) => prefixedAttributes<number>(item, prefix));
  const sectionIds = new Set([...Object.keys(opened), ...Object.keys(minutes), ...Object.keys(page)]);
  return Object.fromEntries(
    [...sectionIds].map((sectionId) => [
      sectionId,
      { opened: Number(opened[sectionId] ?? 0), minutes: Number(minutes[sectionId] ?? 0), ...(page[sectionId] !== undefined && { page: Number(page[sectionId]) }) },
    ]),
  );
}

/** What every read of a progress record needs beside the per-section attributes. */
const RECORD_ATTRIBUTES = ['classId', 'moduleId', 'studentId', 'completedSections', 'updatedAt', 'lastAttemptAt'];

/** A counter item's count of one section's first completions: `completions#{sectionId}`, beside the module's total. */
const SECTION_COUNT_PREFIX = 'completions#';

const emptyCounter = (moduleId: string): CompletionCounter => ({ moduleId, completions: 0, bySection: {}, startedStudents: 0 });

/** A migration fills a class's day items a few at a time. */
const DAY_WRITES_IN_FLIGHT = 8;

/**
 * Tries of one completion: each try either commits, finds the item moved on (read again: at most twice, as an item only
 * goes from absent to started to holding the section), or meets a concurrent transaction on the class's counter or day
 * item (DynamoDB cancels one of two; it waits a growing pause and tries again).
 */
const COMPLETION_ATTEMPTS = 8;

type TransactUpdate = NonNullable<NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Update']>;

function toRecord(item: Record<string, unknown>): ProgressRecord {
  const { classId, moduleId, studentId, completedSections, updatedAt, lastAttemptAt } = item as {
    classId: string;
    moduleId: string;
    studentId: string;
    completedSections?: Set<string>;
    updatedAt?: string;
    lastAttemptAt?: string;
  };
  const completedAt = prefixedAttributes(item, COMPLETED_AT_PREFIX);
  const reading = readingOf(item);
  return {
    classId,
    moduleId,
    studentId,
    completedSections: [...(completedSections ?? [])],
    completedAt,
    updatedAt,
    ...(lastAttemptAt !== undefined && { lastAttemptAt }),
    ...(Object.keys(reading).length > 0 && { reading }),
  };
}

export type ProgressRepository = ReturnType<typeof makeProgressRepository>;

export function makeProgressRepository(context: TableContext) {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  const counterItem = (classId: string, { moduleId, completions, bySection, startedStudents }: CompletionCounter) => ({
    ...keys.completionCounter(classId, moduleId),
    entity: 'CompletionCounter',
    classId,
    moduleId,
    completions,
    startedStudents,
    ...Object.fromEntries(Object.entries(bySection).map(([sectionId, count]) => [`${SECTION_COUNT_PREFIX}${sectionId}`, count])),
  });

  /**
   * Adds `count` (negative to take back) to the module's total and to each of these sections' counts, and
   * `students` to the students who started it, atomically.
   */
  const counterUpdate = (classId: string, moduleId: string, sectionIds: string[], count: number, students: number): TransactUpdate => ({
    TableName: tableName,
    Key: keys.completionCounter(classId, moduleId),
    UpdateExpression: `ADD completions :total, ${sectionIds.map((_, index) => `#section${index} :count`).join(', ')}${students ? ', startedStudents :students' : ''} SET entity = :entity, classId = :class, moduleId = :module`,
    ExpressionAttributeNames: Object.fromEntries(sectionIds.map((sectionId, index) => [`#section${index}`, `${SECTION_COUNT_PREFIX}${sectionId}`])),
    ExpressionAttributeValues: {
      ':total': count * sectionIds.length,
      ':count': count,
      ...(students ? { ':students': students } : {}),
      ':entity': 'CompletionCounter',
      ':class': classId,
      ':module': moduleId,
    },
  });

  /** Adds students to the class's active students of a UTC day (a string set: adding twice changes nothing). */
  const activeDayUpdate = (classId: string, day: string, studentIds: string[]): TransactUpdate => ({
    TableName: tableName,
    Key: keys.activeDay(classId, day),
    UpdateExpression: 'ADD activeStudents :students SET entity = :entity, classId = :class, #day = :day',
    ExpressionAttributeNames: { '#day': 'day' },
    ExpressionAttributeValues: { ':students': new Set(studentIds), ':entity': 'ActiveDay', ':class': classId, ':day': day },
  });

  /**
   * The student finished the module in the class (their bell says so): one item per class and module in their
   * partition, whose first finish time stays, so finishing again after an undo tells them nothing new.
   */
  const moduleFinishedUpdate = ({ classId, moduleId, studentId }: ProgressKey, activity: ActivityContext, at: string): TransactUpdate => ({
    TableName: tableName,
    Key: keys.moduleFinished(studentId, classId, moduleId),
    UpdateExpression:
      'SET finishedAt = if_not_exists(finishedAt, :at), entity = :entity, classId = :class, moduleId = :module, studentId = :student, className = :className, moduleTitle = :moduleTitle',
    ExpressionAttributeValues: {
      ':at': at,
      ':entity': 'ModuleFinished',
      ':class': classId,
      ':module': moduleId,
      ':student': studentId,
      ':className': activity.className,
      ':moduleTitle': activity.moduleTitle,
    },
  });

  /**
   * The student's first completion of a section, as one transaction: the progress item gains the section (its first
   * completion time, the activity context) on the condition that it is still as `seen` (not started: no section yet;
   * started: the section missing), the counter its completion (and a started student when it was the first), the
   * day its student, and, when it finishes the module, the student's finish. All or nothing, so a crash or a lost answer never leaves the counter off; a retry finds the
   * section there and counts nothing. Answers whether it committed, found the item moved on, or met a concurrent
   * transaction.
   */
  async function commitFirstCompletion(
    { classId, moduleId, studentId }: ProgressKey,
    sectionId: string,
    updatedAt: string,
    activity: ActivityContext | undefined,
    started: boolean,
  ): Promise<'committed' | 'stale' | 'conflict'> {
    const key = keys.progress(classId, moduleId, studentId);
    // With an activity context the item also goes (back) to the top of the teacher's activity index.
    const activitySet = activity
      ? ', gsi1pk = :activityPartition, gsi1sk = :activitySort, studentName = :studentName, moduleTitle = :moduleTitle, className = :className, sectionTotal = :sectionTotal'
      : '';
    const progressUpdate: TransactUpdate = {
      TableName: tableName,
      Key: key,
      UpdateExpression:
        `ADD completedSections :section SET updatedAt = :now, #completedAt = if_not_exists(#completedAt, :now), entity = :entity, classId = :class, moduleId = :module, studentId = :student${activitySet}`,
      ConditionExpression: started ? 'attribute_exists(completedSections) AND NOT contains(completedSections, :sectionId)' : 'attribute_not_exists(completedSections)',
      ExpressionAttributeNames: { '#completedAt': `${COMPLETED_AT_PREFIX}${sectionId}` },
      ExpressionAttributeValues: {
        ':section': new Set([sectionId]),
        ...(started && { ':sectionId': sectionId }),
        ':now': updatedAt,
        ':entity': 'Progress',
        ':class': classId,
        ':module': moduleId,
        ':student': studentId,
        ...(activity && {
          ':activityPartition': keys.activityIndex(activity.teacherId, updatedAt, key).gsi1pk,
          ':activitySort': keys.activityIndex(activity.teacherId, updatedAt, key).gsi1sk,
          ':studentName': activity.studentName,
          ':moduleTitle': activity.moduleTitle,
          ':className': activity.className,
          ':sectionTotal': activity.sectionTotal,
        }),
      },
    };
    return commitProgressChange([
      { Update: progressUpdate },
      { Update: counterUpdate(classId, moduleId, [sectionId], 1, started ? 0 : 1) },
      { Update: activeDayUpdate(classId, utcDay(updatedAt), [studentId]) },
      ...(activity?.finishesModule ? [{ Update: moduleFinishedUpdate({ classId, moduleId, studentId }, activity, updatedAt) }] : []),
    ]);
  }

  /** One transaction whose first item is the progress record: `stale` when its condition failed (read it again). */
  async function commitProgressChange(items: { Update: TransactUpdate }[]): Promise<'committed' | 'stale' | 'conflict'> {
    try {
      await client.send(new TransactWriteCommand({ TransactItems: items }));
      return 'committed';
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.[0] === 'ConditionalCheckFailed') return 'stale';
      if (codes?.some((code) => code === 'TransactionConflict' || code === 'ThrottlingError')) return 'conflict';
      throw error;
    }
  }

  /**
   * The undo of commitFirstCompletion, if the record still holds the section, and still others too or (`lastOne`) no
   * other: DynamoDB drops a set's last element with the attribute, so the record counts as not started again.
   */
  async function commitUndoneCompletion(
    { classId, moduleId, studentId }: ProgressKey,
    sectionId: string,
    updatedAt: string,
    lastOne: boolean,
  ): Promise<'committed' | 'stale' | 'conflict'> {
    return commitProgressChange([
      {
        Update: {
          TableName: tableName,
          Key: keys.progress(classId, moduleId, studentId),
          UpdateExpression: 'DELETE completedSections :section REMOVE #completedAt SET updatedAt = :now',
          ConditionExpression: `contains(completedSections, :sectionId) AND size(completedSections) ${lastOne ? '=' : '>'} :one`,
          ExpressionAttributeNames: { '#completedAt': `${COMPLETED_AT_PREFIX}${sectionId}` },
          ExpressionAttributeValues: { ':section': new Set([sectionId]), ':sectionId': sectionId, ':one': 1, ':now': updatedAt },
        },
      },
      { Update: counterUpdate(classId, moduleId, [sectionId], -1, lastOne ? -1 : 0) },
    ]);
  }

  /**
   * Sets every completion counter of a class, and its score totals, to what its enrolled students' progress items hold
   * (a repair after an interrupted enrolment, or the first fill after a migration), and adds every known completion
   * time's student to that day's active students (progress recorded before the day items existed); answers the
   * counters written. Counts every completed section id, as the counters do (readers keep the module's current sections);
   * modules with no progress get 0.
   */
  async function recomputeCounters(classId: string, moduleIds: string[], enrolledStudentIds: string[]): Promise<CompletionCounter[]> {
    const [records, existing] = await Promise.all([
      table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId)),
      table.queryByPrefix<{ moduleId: string }>(queries.countersOfClass(classId), { projection: 'moduleId' }),
    ]);
    const enrolled = new Set(enrolledStudentIds);
    const counters = new Map<string, CompletionCounter>(
      [...existing.map(({ moduleId }) => moduleId), ...moduleIds].map((moduleId) => [moduleId, emptyCounter(moduleId)]),
    );
    for (const record of records.map(toRecord).filter((each) => enrolled.has(each.studentId) && each.completedSections.length > 0)) {
      const counter = counters.get(record.moduleId) ?? emptyCounter(record.moduleId);
      for (const sectionId of record.completedSections) counter.bySection[sectionId] = (counter.bySection[sectionId] ?? 0) + 1;
      counter.completions += record.completedSections.length;
      counter.startedStudents += 1;
      counters.set(record.moduleId, counter);
    }
    await Promise.all([...counters.values()].map((counter) => client.send(new PutCommand({ TableName: tableName, Item: counterItem(classId, counter) }))));
    const scoreTotals = totalsChangesOf(
      records.filter((item) => enrolled.has(String(item.studentId))),
      1,
    );
    await (scoreTotals.length > 0
      ? client.send(new PutCommand({ TableName: tableName, Item: scoreTotalsItem(classId, scoreTotals) }))
      : table.batchDelete([keys.scoreTotals(classId)]));
    const activeByDay = new Map<string, Set<string>>();
    for (const record of records.map(toRecord)) {
      for (const at of Object.values(record.completedAt ?? {})) {
        const day = utcDay(at);
        activeByDay.set(day, (activeByDay.get(day) ?? new Set<string>()).add(record.studentId));
      }
    }
    await mapWithConcurrency([...activeByDay], DAY_WRITES_IN_FLIGHT, ([day, students]) => client.send(new UpdateCommand(activeDayUpdate(classId, day, [...students]))));
    return [...counters.values()];
  }

  const store: ProgressStore = {
    async getProgress({ classId, moduleId, studentId }) {
      const item = await table.getItem(keys.progress(classId, moduleId, studentId));
      return item && { ...toRecord(item), checks: standingsOnItem(item) };
    },

    /**
     * A first completion commits as one transaction (commitFirstCompletion), conditioned on the item as `seen` (the
     * caller's read, or none); when the item has moved on it is read again, so of concurrent calls exactly one counts
     * the section. A section already complete is answered as stored and writes nothing.
     */
    async addCompletedSection(key, sectionId, updatedAt, activity, seen) {
      let current = seen;
      for (let attempt = 1; ; attempt += 1) {
        if (current?.completedSections.includes(sectionId)) return current;
        const outcome = await commitFirstCompletion(key, sectionId, updatedAt, activity, (current?.completedSections.length ?? 0) > 0);
        if (outcome === 'committed') {
          return {
            ...key,
            completedSections: [...(current?.completedSections ?? []), sectionId],
            // if_not_exists: a time kept from before (a section completed, then reset) stays.
            completedAt: { ...current?.completedAt, [sectionId]: current?.completedAt?.[sectionId] ?? updatedAt },
            updatedAt,
          };
        }
        if (attempt === COMPLETION_ATTEMPTS) throw new Error(`Could not record the completion of ${sectionId} after ${attempt} tries (${outcome}).`);
        if (outcome === 'stale') current = await store.getProgress(key);
        else await backoff(attempt);
      }
    },

    async removeCompletedSection(key, sectionId, updatedAt) {
      for (let attempt = 1; ; attempt += 1) {
        const current = await store.getProgress(key);
        if (!current?.completedSections.includes(sectionId)) return current;
        const outcome = await commitUndoneCompletion(key, sectionId, updatedAt, current.completedSections.length === 1);
        if (outcome === 'committed') {
          const { [sectionId]: _undone, ...completedAt } = current.completedAt ?? {};
          return { ...current, completedSections: current.completedSections.filter((each) => each !== sectionId), completedAt, updatedAt };
        }
        if (attempt === COMPLETION_ATTEMPTS) throw new Error(`Could not undo the completion of ${sectionId} after ${attempt} tries (${outcome}).`);
        if (outcome === 'conflict') await backoff(attempt);
      }
    },

    /** One UpdateItem: ADD the opens and minutes reported (none when zero), SET the page; answers the section's reading after it. */
    async recordReading({ classId, moduleId, studentId }, sectionId, { opened, minutes, page }) {
      const added = [
        ...(opened ? [['#opened', READING_PREFIXES.opened, ':opened', 1] as const] : []),
        ...(minutes > 0 ? [['#minutes', READING_PREFIXES.minutes, ':minutes', minutes] as const] : []),
      ];
      const names = [
        ...added.map(([name, prefix]) => [name, `${prefix}${sectionId}`]),
        ...(page === undefined ? [] : [['#page', `${READING_PREFIXES.page}${sectionId}`]]),
      ];
      const answer = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.progress(classId, moduleId, studentId),
          UpdateExpression: [
            added.length > 0 ? `ADD ${added.map(([name, , value]) => `${name} ${value}`).join(', ')}` : '',
            `SET entity = :entity, classId = :class, moduleId = :module, studentId = :student${page === undefined ? '' : ', #page = :page'}`,
          ]
            .filter(Boolean)
            .join(' '),
          // DynamoDB refuses an empty map of names (a report of 0 minutes alone changes no section attribute).
          ...(names.length > 0 && { ExpressionAttributeNames: Object.fromEntries(names) }),
          ExpressionAttributeValues: {
            ...Object.fromEntries(added.map(([, , value, amount]) => [value, amount])),
            ...(page !== undefined && { ':page': page }),
            ':entity': 'Progress',
            ':class': classId,
            ':module': moduleId,
            ':student': studentId,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return readingOf(answer.Attributes ?? {})[sectionId] ?? { opened: 0, minutes: 0 };
    },

    /**
     * One set of BatchGetItems per module, all at once, each asking only for the module's current sections' completion
     * times and its checks' standings: a page reads little more with checks than without.
     */
    async listProgressOfStudents(classId, modules, studentIds) {
      const perModule = await Promise.all(
        modules.map(({ moduleId, sectionIds, checkedSectionIds }) =>
          table.batchGetAttributes<Record<string, unknown>>(
            studentIds.map((studentId) => keys.progress(classId, moduleId, studentId)),
            [...RECORD_ATTRIBUTES, ...sectionIds.map((sectionId) => `${COMPLETED_AT_PREFIX}${sectionId}`), ...standingAttributeNames(checkedSectionIds)],
          ),
        ),
      );
      const byKey = new Map(perModule.flat().map((item) => [`${String(item.studentId)}|${String(item.moduleId)}`, item]));
      return studentIds.flatMap((studentId) =>
        modules.flatMap(({ moduleId }) => {
          const item = byKey.get(`${studentId}|${moduleId}`);
          return item ? [{ ...toRecord(item), checks: standingsOnItem(item) }] : [];
        }),
      );
    },

    async listCompletionCounters(classId) {
      const items = await table.queryByPrefix<Record<string, unknown> & { moduleId: string; completions?: number }>(queries.countersOfClass(classId));
      return items.map((item) => {
        const bySection = prefixedAttributes<number>(item, SECTION_COUNT_PREFIX);
        for (const [sectionId, count] of Object.entries(bySection)) bySection[sectionId] = Math.max(0, count);
        return { moduleId: item.moduleId, completions: Math.max(0, item.completions ?? 0), bySection, startedStudents: Math.max(0, Number(item.startedStudents ?? 0)) };
      });
    },

    async listActiveStudents(classId, days) {
      const items = await table.batchGet<{ activeStudents?: Set<string> }>(days.map((day) => keys.activeDay(classId, day)));
      return [...new Set(items.flatMap((item) => [...(item.activeStudents ?? [])]))];
    },

    async listProgressOfStudent(classId, moduleIds, studentId) {
      const items = await table.batchGet<Record<string, unknown>>(moduleIds.map((moduleId) => keys.progress(classId, moduleId, studentId)));
      return items.map(toRecord);
    },

    async listProgressOfClass(classId, moduleId) {
      const items = await table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId, moduleId));
      return items.map(toRecord);
    },

    async deleteProgressOfModule(classId, moduleId) {
      const items = await table.queryByPrefix<Key & { studentId?: string; moduleId?: string }>(queries.progressOfClass(classId, moduleId), {
        projection: 'pk, sk, studentId, moduleId',
      });
      // The notices first: a retry after a failure part way finds them through the progress items still there.
      await table.batchDelete([...finishNoticesOf(classId, items), ...items.map(({ pk, sk }) => ({ pk, sk })), keys.completionCounter(classId, moduleId)]);
    },

    async countProgressOfStudent(classId, moduleIds, studentId, direction) {
      if (moduleIds.length === 0) return;
      const items = await table.batchGetInParallel<Record<string, unknown>>(moduleIds.map((moduleId) => keys.progress(classId, moduleId, studentId)));
      const scoreChanges = totalsChangesOf(items, direction);
      await Promise.all([
        ...items
          .map(toRecord)
          .filter((record) => record.completedSections.length > 0)
          .map((record) => client.send(new UpdateCommand(counterUpdate(classId, record.moduleId, record.completedSections, direction, direction)))),
        ...(scoreChanges.length > 0 ? [client.send(new UpdateCommand(scoreTotalsUpdate(tableName, classId, scoreChanges)))] : []),
      ]);
    },
  };

  return { ...store, recomputeCounters };
}
