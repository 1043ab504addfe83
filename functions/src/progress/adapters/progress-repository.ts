// Data access for progress: one item per (class, module, student) under the class's partition (a report page reads
// its students' items by key; the whole class is one query), one completion counter per (class, module) with a count
// per section, added to when a section is completed for the first time, so dashboards read one small item per module
// and count only the sections the module still has, and one item per
// (class, UTC day) with the set of students who completed a section that day (the dashboard's engagement). A first
// completion changes the three in one transaction, so the counters never drift from the items.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mapWithConcurrency } from '../../kernel/concurrency';
import { noLongerEnrolled } from '../../kernel/errors';
import type { ActivityContext, CompletionCounter, ProgressKey, ProgressRecord, ProgressStore, ProgressWithStandings, ReadingTally } from '../port';
import { utcDay } from '@shared/report-insight';
import { scoreTotalsItem, scoreTotalsUpdate, standingAttributeNames, standingsOnItem, totalsChangesOf } from './score-attributes';
import { commitTransaction, COMPLETED_AT_PREFIX, joinedUpdate, makeCompletionWrites, progressItemParts, SECTION_COUNT_PREFIX } from './completion-writes';
import { backoff, conditionally, finishNoticesOf, isConditionFailure, keys, makeTableAccess, prefixedAttributes, queries, type Key, type TableContext } from '../../table/table';

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

const emptyCounter = (moduleId: string): CompletionCounter => ({ moduleId, completions: 0, bySection: {}, startedStudents: 0 });

/** A migration fills a class's day items a few at a time. */
const DAY_WRITES_IN_FLIGHT = 8;
/** Recounts of one class before giving up: each lost try means students completed sections in it meanwhile. */
const RECOUNT_TRIES = 5;

/**
 * Tries of one completion: each try either commits, finds the item moved on (read again: a few times at most, as the
 * retry's condition only asks that the section be missing), or meets a concurrent transaction on the class's counter
 * or day item (DynamoDB cancels one of two; it waits a growing pause and tries again).
 */
const COMPLETION_ATTEMPTS = 8;

function toRecord(item: Record<string, unknown>): ProgressRecord {
  const { classId, moduleId, studentId, completedSections, updatedAt, lastAttemptAt, readingCountedAt } = item as {
    classId: string;
    moduleId: string;
    studentId: string;
    completedSections?: Set<string>;
    updatedAt?: string;
    lastAttemptAt?: string;
    readingCountedAt?: string;
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
    ...(readingCountedAt && { readingCountedAt }),
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

  const writes = makeCompletionWrites(tableName);
  const { counterUpdate, activeDayUpdate } = writes;

  /**
   * The student's first completion of a section, as one transaction (completion-writes.ts): all or nothing, so a crash
   * or a lost answer never leaves the counter off, and only while the student is enrolled. Answers whether it
   * committed, found the item moved on since `seen` (read it again), found the student no longer enrolled, or met a
   * concurrent transaction. `exact`: conditioned on the completed sections being exactly those seen, else only on the
   * section missing.
   */
  async function commitFirstCompletion(
    key: ProgressKey,
    sectionId: string,
    updatedAt: string,
    activity: ActivityContext | undefined,
    seen: ProgressRecord | undefined,
    exact: boolean,
  ): Promise<'committed' | 'stale' | 'notEnrolled' | 'conflict'> {
    const { progress, others } = writes.firstCompletion(key, sectionId, updatedAt, activity, seen, exact);
    const items = [{ Update: joinedUpdate(tableName, keys.progress(key.classId, key.moduleId, key.studentId), progressItemParts(key), progress) }, ...others];
    return outcomeOf(await commitTransaction(client, items), items.length);
  }

  /**
   * After a completion written without knowing the item exactly (concurrent completions of the same student): the item
   * as it is now decides whether the student finished the module (the last of the racing writes sees every section),
   * and the finish notice is written if so (its first time stays, so two writers seeing it finished write one notice).
   */
  async function recordFinishIfDone(key: ProgressKey, sectionId: string, updatedAt: string, activityOf: (before: ProgressWithStandings | undefined) => ActivityContext) {
    const now = await store.getProgress(key);
    if (!now?.completedSections.includes(sectionId)) return;
    const activity = activityOf({ ...now, completedSections: now.completedSections.filter((each) => each !== sectionId) });
    if (activity.finishesModule) await client.send(new UpdateCommand(writes.moduleFinishedUpdate(key, activity, updatedAt)));
  }

  /** The first item of these transactions is the progress item, the last the enrolment's condition. */
  const outcomeOf = (outcome: 'committed' | 'conflict' | number, items: number) =>
    outcome === 0 ? 'stale' : outcome === items - 1 ? 'notEnrolled' : typeof outcome === 'number' ? 'stale' : outcome;

  /**
   * The undo of commitFirstCompletion, if the record still holds the section, and still others too or (`lastOne`) no
   * other: DynamoDB drops a set's last element with the attribute, so the record counts as not started again. Only
   * while the student is enrolled, as the completion.
   */
  async function commitUndoneCompletion(key: ProgressKey, sectionId: string, updatedAt: string, lastOne: boolean): Promise<'committed' | 'stale' | 'notEnrolled' | 'conflict'> {
    const { classId, moduleId, studentId } = key;
    const items = [
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
      writes.enrolmentCheck(key),
    ];
    return outcomeOf(await commitTransaction(client, items), items.length);
  }

  /**
   * Sets every completion counter of a class, and its score totals, to what its enrolled students' progress items hold
   * (a repair after an interrupted enrolment, or the first fill after a migration), and adds every known completion
   * time's student to that day's active students (progress recorded before the day items existed); answers the
   * counters written. Counts every completed section id, as the counters do (readers keep the module's current sections);
   * modules with no progress get 0.
   *
   * Safe while the app writes: the counters and totals are read first, then the progress items, and each is replaced
   * only if it is still as read (recountWrite): a completion or an attempt meanwhile, which ADDs to them, fails the
   * write, and the class is counted again from fresh reads. Active days only gain students (a set union), so they
   * need no guard. After RECOUNT_TRIES lost races the class is left as it was and reported.
   */
  async function recomputeCounters(classId: string, moduleIds: string[], enrolledStudentIds: string[]): Promise<CompletionCounter[]> {
    for (let attempt = 0; attempt < RECOUNT_TRIES; attempt += 1) {
      if (attempt > 0) await backoff(attempt);
      const counted = await recountOnce(classId, moduleIds, new Set(enrolledStudentIds));
      if (counted) return counted;
    }
    throw new Error(`The counts of class ${classId} kept changing while they were recounted (students completing sections): run the migration again later.`);
  }

  /** One recount from fresh consistent reads; undefined when an item changed between the reads and its write. */
  async function recountOnce(classId: string, moduleIds: string[], enrolled: Set<string>): Promise<CompletionCounter[] | undefined> {
    const [existing, totalsRead] = await Promise.all([
      table.queryByPrefix<Record<string, unknown> & { moduleId: string }>(queries.countersOfClass(classId), { consistent: true }),
      client.send(new GetCommand({ TableName: tableName, Key: keys.scoreTotals(classId), ConsistentRead: true })).then(({ Item }) => Item),
    ]);
    const records = await table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId), { consistent: true });
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
    const readCounters = new Map(existing.map((item) => [item.moduleId, item]));
    const totals = totalsChangesOf(
      records.filter((item) => enrolled.has(String(item.studentId))),
      1,
    );
    const written = await Promise.all([
      ...[...counters.values()].map((counter) => conditionally(() => client.send(recountWrite(counterItem(classId, counter), readCounters.get(counter.moduleId))))),
      // No scores and no totals item: nothing to write.
      ...(totals.length > 0 || totalsRead ? [conditionally(() => client.send(recountWrite(scoreTotalsItem(classId, totals), totalsRead)))] : []),
    ]);
    if (written.includes(false)) return undefined;
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

  /**
   * Makes a counted item hold exactly `item`'s attributes, on the condition that it is still as `read` (undefined: still
   * absent): every attribute read unchanged, none of the new ones added meanwhile. An UpdateItem rather than a Put, so
   * an attribute neither read nor counted (a check first attempted after the reads) is kept.
   */
  function recountWrite(item: Record<string, unknown>, read: Record<string, unknown> | undefined): UpdateCommand {
    const { pk, sk, ...attributes } = item;
    const names = [...new Set([...Object.keys(attributes), ...Object.keys(read ?? {}).filter((name) => name !== 'pk' && name !== 'sk')])];
    const placeholder = (name: string) => `#a${names.indexOf(name)}`;
    const set = Object.keys(attributes).map((name) => `${placeholder(name)} = :new${names.indexOf(name)}`);
    const remove = names.filter((name) => !(name in attributes)).map(placeholder);
    const conditions = read
      ? ['attribute_exists(pk)', ...names.map((name) => (name in read ? `${placeholder(name)} = :old${names.indexOf(name)}` : `attribute_not_exists(${placeholder(name)})`))]
      : ['attribute_not_exists(pk)'];
    return new UpdateCommand({
      TableName: tableName,
      Key: { pk, sk },
      UpdateExpression: `SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: Object.fromEntries(names.map((name) => [placeholder(name), name])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(Object.entries(attributes).map(([name, value]) => [`:new${names.indexOf(name)}`, value])),
        ...Object.fromEntries(names.filter((name) => read && name in read).map((name) => [`:old${names.indexOf(name)}`, read![name]])),
      },
    });
  }

  const store: ProgressStore = {
    async getProgress({ classId, moduleId, studentId }) {
      const item = await table.getItem(keys.progress(classId, moduleId, studentId));
      return item && { ...toRecord(item), checks: standingsOnItem(item) };
    },

    /**
     * A first completion commits as one transaction (commitFirstCompletion), conditioned on the item as `seen` (the
     * caller's read, or none); when the item has moved on it is read again and the activity decided again from what
     * was read, so of concurrent calls exactly one counts the section, and the one whose write completes the path
     * records the finish. A section already complete is answered as stored and writes nothing.
     */
    async addCompletedSection(key, sectionId, updatedAt, activityOf, seen) {
      let current = seen;
      // The first try holds only if the completed sections are exactly those seen, so its activity is exact; a race
      // lost makes the retries ask only that the section be missing (concurrent marks of one student do not queue
      // behind each other) and check the finish after the write.
      let exact = true;
      for (let attempt = 1; ; attempt += 1) {
        if (current?.completedSections.includes(sectionId)) return current;
        const activity = activityOf?.(current);
        const outcome = await commitFirstCompletion(key, sectionId, updatedAt, activity, current, exact);
        if (outcome === 'notEnrolled') throw noLongerEnrolled();
        if (outcome === 'committed') {
          if (!exact && activityOf && !activity?.finishesModule) await recordFinishIfDone(key, sectionId, updatedAt, activityOf);
          return {
            ...key,
            completedSections: [...(current?.completedSections ?? []), sectionId],
            // if_not_exists: a time kept from before (a section completed, then reset) stays.
            completedAt: { ...current?.completedAt, [sectionId]: current?.completedAt?.[sectionId] ?? updatedAt },
            updatedAt,
          };
        }
        if (attempt === COMPLETION_ATTEMPTS) throw new Error(`Could not record the completion of ${sectionId} after ${attempt} tries (${outcome}).`);
        if (outcome === 'stale') {
          exact = false;
          current = await store.getProgress(key);
        } else await backoff(attempt);
      }
    },

    async removeCompletedSection(key, sectionId, updatedAt) {
      for (let attempt = 1; ; attempt += 1) {
        const current = await store.getProgress(key);
        if (!current?.completedSections.includes(sectionId)) return current;
        const outcome = await commitUndoneCompletion(key, sectionId, updatedAt, current.completedSections.length === 1);
        if (outcome === 'notEnrolled') throw noLongerEnrolled();
        if (outcome === 'committed') {
          const { [sectionId]: _undone, ...completedAt } = current.completedAt ?? {};
          return { ...current, completedSections: current.completedSections.filter((each) => each !== sectionId), completedAt, updatedAt };
        }
        if (attempt === COMPLETION_ATTEMPTS) throw new Error(`Could not undo the completion of ${sectionId} after ${attempt} tries (${outcome}).`);
        if (outcome === 'conflict') await backoff(attempt);
      }
    },

    /**
     * One UpdateItem: ADD the opens and minutes reported (none when zero), SET the page and the time minutes are counted
     * to (conditional on the one they were counted from); answers the section's reading after it.
     */
    async recordReading({ classId, moduleId, studentId }, sectionId, { opened, minutes, page, countedAt }) {
      const added = [
        ...(opened ? [['#opened', READING_PREFIXES.opened, ':opened', 1] as const] : []),
        ...(minutes > 0 ? [['#minutes', READING_PREFIXES.minutes, ':minutes', minutes] as const] : []),
      ];
      const names = [
        ...added.map(([name, prefix]) => [name, `${prefix}${sectionId}`]),
        ...(page === undefined ? [] : [['#page', `${READING_PREFIXES.page}${sectionId}`]]),
      ];
      const counted = countedAt && {
        set: ', readingCountedAt = :countedTo',
        condition: countedAt.from === undefined ? 'attribute_not_exists(readingCountedAt)' : 'readingCountedAt = :countedFrom',
        values: { ':countedTo': countedAt.to, ...(countedAt.from !== undefined && { ':countedFrom': countedAt.from }) },
      };
      try {
        const answer = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.progress(classId, moduleId, studentId),
            UpdateExpression: [
              added.length > 0 ? `ADD ${added.map(([name, , value]) => `${name} ${value}`).join(', ')}` : '',
              `SET entity = :entity, classId = :class, moduleId = :module, studentId = :student${page === undefined ? '' : ', #page = :page'}${counted?.set ?? ''}`,
            ]
              .filter(Boolean)
              .join(' '),
            ...(counted && { ConditionExpression: counted.condition }),
            // DynamoDB refuses an empty map of names (a report of 0 minutes alone changes no section attribute).
            ...(names.length > 0 && { ExpressionAttributeNames: Object.fromEntries(names) }),
            ExpressionAttributeValues: {
              ...Object.fromEntries(added.map(([, , value, amount]) => [value, amount])),
              ...(page !== undefined && { ':page': page }),
              ...counted?.values,
              ':entity': 'Progress',
              ':class': classId,
              ':module': moduleId,
              ':student': studentId,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return readingOf(answer.Attributes ?? {})[sectionId] ?? { opened: 0, minutes: 0 };
      } catch (error) {
        if (isConditionFailure(error)) return 'stale';
        throw error;
      }
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

    async listProgressOfStudentInClass(classId, studentId) {
      const items = await table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId));
      return items.filter((item) => item.studentId === studentId).map(toRecord);
    },

    async listActiveDaysOfStudent(classId, studentId) {
      const items = await table.queryByPrefix<{ day?: string; activeStudents?: Set<string> }>(queries.activeDaysOfClass(classId));
      return items.filter((item) => item.day && item.activeStudents?.has(studentId)).map((item) => item.day as string);
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
