// Data access for progress: one item per (class, module, student) under the class's partition (a report page reads
// its students' items by key; the whole class is one query), a completion counter per (class, module) in a few shards
// by student with a count per section, added to when a section is completed for the first time, so dashboards read a
// few small items per module and count only the sections the module still has, and one small item per (class, UTC
// day, student) who completed a section that day (the dashboard's engagement). A first completion changes the three in
// one transaction, so the counters never drift from the items; none of them grows with the class.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { noLongerEnrolled } from '../../kernel/errors';
import { reportRowChange } from '../../reports/adapters/report-row-change';
import { forgetModuleInReportRows } from '../../reports/adapters/report-row-repository';
import type { ActivityContext, CompletionCounter, ProgressKey, ProgressRecord, ProgressStore, ProgressWithStandings, ReadingTally } from '../port';
import { engagementDays, utcDay } from '@shared/report-insight';
import { scoreTotalsItem, scoreTotalsUpdate, standingAttributeNames, standingsOnItem, totalsChangesOf, type ScoreTotalsChange } from './score-attributes';
import {
  activeStudentItem,
  commitTransaction,
  COMPLETED_AT_PREFIX,
  counterShardOf,
  joinedUpdate,
  makeCompletionWrites,
  progressItemParts,
  SECTION_COUNT_PREFIX,
  type TransactItem,
  type TransactUpdate,
} from './completion-writes';
import { backoff, COUNTER_PREFIX, finishNoticesOf, isConditionFailure, keys, makeTableAccess, prefixedAttributes, queries, SCORE_TOTALS_PREFIX, type Key, type TableContext } from '../../table/table';

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

/** A counter item's counts (one shard, or the unsharded counter of an earlier version), as read. */
function countsOf(item: Record<string, unknown> & { moduleId: string }): CompletionCounter {
  return {
    moduleId: item.moduleId,
    completions: Number(item.completions ?? 0),
    bySection: prefixedAttributes<number>(item, SECTION_COUNT_PREFIX),
    startedStudents: Number(item.startedStudents ?? 0),
  };
}

/** Adds `counts` into `into` (a module's shards summed). */
function addCounts(into: CompletionCounter, counts: CompletionCounter): CompletionCounter {
  into.completions += counts.completions;
  into.startedStudents += counts.startedStudents;
  for (const [sectionId, count] of Object.entries(counts.bySection)) into.bySection[sectionId] = (into.bySection[sectionId] ?? 0) + count;
  return into;
}
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

  const counterItem = (classId: string, shard: string, { moduleId, completions, bySection, startedStudents }: CompletionCounter) => ({
    ...keys.completionCounter(classId, moduleId, shard),
    entity: 'CompletionCounter',
    classId,
    moduleId,
    completions,
    startedStudents,
    ...Object.fromEntries(Object.entries(bySection).map(([sectionId, count]) => [`${SECTION_COUNT_PREFIX}${sectionId}`, count])),
  });

  const writes = makeCompletionWrites(tableName);
  const { counterUpdate } = writes;

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
      { Update: counterUpdate(classId, moduleId, studentId, [sectionId], -1, lastOne ? -1 : 0) },
      reportRowChange(tableName, key),
      writes.enrolmentCheck(key),
    ];
    return outcomeOf(await commitTransaction(client, items), items.length);
  }

  /**
   * Sets every completion counter shard of a class, and its score totals shards, to what its enrolled students'
   * progress items hold (a repair after an interrupted enrolment, or the first fill after a migration), folding in and
   * removing the unsharded counters and totals of an earlier version, and gives each student with a completion time in
   * the engagement window that day's active item (progress recorded before those items existed; older days are in the
   * progress items); answers the counters (summed per module). Counts every completed section id, as the counters do
   * (readers keep the module's current sections); modules without progress get 0.
   *
   * Safe while the app writes: the counters and totals are read first, then the progress items, and each is replaced
   * only if it is still as read (unchangedSince), a module's shards and earlier counter in one transaction, the totals'
   * shards and earlier item in another: a completion or an attempt meanwhile, which ADDs to them, fails the write, and
   * the class is counted again from fresh reads. An active item is the same whoever writes it, so it needs no guard.
   * After RECOUNT_TRIES lost races the class is left as it was and reported.
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
      table.queryByPrefix<Record<string, unknown> & Key & { moduleId: string }>(queries.countersOfClass(classId), { consistent: true }),
      table.queryByPrefix<Record<string, unknown> & Key>(queries.scoreTotalsOfClass(classId), { consistent: true }),
    ]);
    const records = await table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId), { consistent: true });
    const counted = records.map(toRecord).filter((each) => enrolled.has(each.studentId) && each.completedSections.length > 0);
    const modules = new Set([...existing.map(({ moduleId }) => moduleId), ...moduleIds, ...counted.map((record) => record.moduleId)]);
    // Module → shard → counts of its students there.
    const shards = new Map([...modules].map((moduleId) => [moduleId, new Map<string, CompletionCounter>()]));
    for (const record of counted) {
      const byShard = shards.get(record.moduleId)!;
      const shard = counterShardOf(record.studentId);
      const bySection = Object.fromEntries(record.completedSections.map((sectionId) => [sectionId, 1]));
      byShard.set(shard, addCounts(byShard.get(shard) ?? emptyCounter(record.moduleId), { moduleId: record.moduleId, completions: record.completedSections.length, bySection, startedStudents: 1 }));
    }
    const readBySortKey = new Map(existing.map((item) => [item.sk, item]));
    const moduleWrites = [...shards].map(([moduleId, byShard]) => {
      const sortKeys = new Set([...byShard.keys()].map((shard) => keys.completionCounter(classId, moduleId, shard).sk));
      const written = [...byShard].map(([shard, counts]): TransactItem => {
        const item = counterItem(classId, shard, counts);
        return { Update: replacement(item, readBySortKey.get(item.sk)) };
      });
      // Shards read but no longer counted (their students left) go to 0; the earlier version's counter goes.
      const emptied = existing
        .filter((item) => item.moduleId === moduleId && !sortKeys.has(item.sk) && item.sk !== `${COUNTER_PREFIX}${moduleId}`)
        .map((item): TransactItem => ({ Update: replacement({ ...counterItem(classId, item.sk.slice(item.sk.lastIndexOf('#') + 1), emptyCounter(moduleId)), pk: item.pk, sk: item.sk }, item) }));
      const unsharded = readBySortKey.get(`${COUNTER_PREFIX}${moduleId}`);
      const removed: TransactItem[] = unsharded ? [{ Delete: { TableName: tableName, Key: { pk: unsharded.pk, sk: unsharded.sk }, ...unchangedSince(unsharded) } }] : [];
      return [...written, ...emptied, ...removed];
    });
    const totalsWrites = scoreTotalsWrites(classId, records.filter((item) => enrolled.has(String(item.studentId))), totalsRead);
    const outcomes = await Promise.all(
      [...moduleWrites, totalsWrites].filter((items) => items.length > 0).map((items) => commitTransaction(client, items)),
    );
    if (outcomes.some((outcome) => outcome !== 'committed')) return undefined;
    const recentDays = new Set(engagementDays(new Date()));
    const active = new Map<string, ReturnType<typeof activeStudentItem>>();
    for (const record of counted) {
      for (const day of Object.values(record.completedAt ?? {}).map(utcDay).filter((each) => recentDays.has(each))) {
        const item = activeStudentItem(classId, day, record.studentId);
        active.set(item.sk, item);
      }
    }
    await table.batchPut([...active.values()]);
    return [...shards].map(([moduleId, byShard]) => [...byShard.values()].reduce(addCounts, emptyCounter(moduleId)));
  }

  /**
   * The writes that make the class's score totals shards hold what its enrolled students' progress `items` hold, each
   * on the condition that it is still as `read`, as one transaction (9 items at most): each shard with students' scores
   * set, each shard read whose students no longer have any emptied, and the unsharded item of an earlier version
   * deleted (its totals are among the recounted). None when there is nothing to count and nothing was read.
   */
  function scoreTotalsWrites(classId: string, items: Record<string, unknown>[], read: (Record<string, unknown> & Key)[]): TransactItem[] {
    const byShard = new Map<string, ScoreTotalsChange[]>();
    for (const item of items) {
      const changes = totalsChangesOf([item], 1);
      const shard = counterShardOf(String(item.studentId));
      if (changes.length > 0) byShard.set(shard, [...(byShard.get(shard) ?? []), ...changes]);
    }
    const readBySortKey = new Map(read.map((item) => [item.sk, item]));
    const counted = new Set([...byShard.keys()].map((shard) => keys.scoreTotals(classId, shard).sk));
    const shardOfSortKey = (sk: string) => sk.slice(sk.lastIndexOf('#') + 1);
    return [
      ...[...byShard].map(([shard, totals]): TransactItem => {
        const item = scoreTotalsItem(classId, shard, totals);
        return { Update: replacement(item, readBySortKey.get(String(item.sk))) };
      }),
      ...read
        .filter((item) => item.sk !== SCORE_TOTALS_PREFIX && !counted.has(item.sk))
        .map((item): TransactItem => ({ Update: replacement(scoreTotalsItem(classId, shardOfSortKey(item.sk), []), item) })),
      ...read
        .filter((item) => item.sk === SCORE_TOTALS_PREFIX)
        .map((item): TransactItem => ({ Delete: { TableName: tableName, Key: { pk: item.pk, sk: item.sk }, ...unchangedSince(item) } })),
    ];
  }

  /**
   * The condition that an item is still exactly as `read` (undefined: still absent): every attribute read unchanged,
   * none added meanwhile.
   */
  function unchangedSince(read: Record<string, unknown> | undefined, also: string[] = []) {
    const names = [...new Set([...also, ...Object.keys(read ?? {}).filter((name) => name !== 'pk' && name !== 'sk')])];
    const placeholder = (name: string) => `#a${names.indexOf(name)}`;
    const conditions = read
      ? ['attribute_exists(pk)', ...names.map((name) => (name in read ? `${placeholder(name)} = :old${names.indexOf(name)}` : `attribute_not_exists(${placeholder(name)})`))]
      : ['attribute_not_exists(pk)'];
    const oldValues = Object.fromEntries(names.filter((name) => read && name in read).map((name) => [`:old${names.indexOf(name)}`, read![name]]));
    return {
      ConditionExpression: conditions.join(' AND '),
      ...(names.length > 0 && { ExpressionAttributeNames: Object.fromEntries(names.map((name) => [placeholder(name), name])) }),
      ...(Object.keys(oldValues).length > 0 && { ExpressionAttributeValues: oldValues }),
    };
  }

  /**
   * Makes a counted item hold exactly `item`'s attributes, on the condition that it is still as `read`. An UpdateItem
   * rather than a Put, so an attribute neither read nor counted (a check first attempted after the reads) is kept.
   */
  function replacement(item: Record<string, unknown>, read: Record<string, unknown> | undefined): TransactUpdate {
    const { pk, sk, ...attributes } = item;
    const condition = unchangedSince(read, Object.keys(attributes));
    const names = Object.keys(condition.ExpressionAttributeNames ?? {}).map((placeholder) => condition.ExpressionAttributeNames![placeholder]!);
    const placeholder = (name: string) => `#a${names.indexOf(name)}`;
    const set = Object.keys(attributes).map((name) => `${placeholder(name)} = :new${names.indexOf(name)}`);
    const remove = names.filter((name) => !(name in attributes)).map(placeholder);
    return {
      TableName: tableName,
      Key: { pk, sk },
      UpdateExpression: `SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
      ...condition,
      ExpressionAttributeValues: {
        ...condition.ExpressionAttributeValues,
        ...Object.fromEntries(Object.entries(attributes).map(([name, value]) => [`:new${names.indexOf(name)}`, value])),
      },
    };
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

    /**
     * One Query of the class's counter items, summed per module: its shards, and the unsharded counter of an earlier
     * version until `npm run migrate` folds it in (a completion undone since counts -1 in a shard, which the sum
     * takes back from it). A sum below zero (a count lost by an interrupted write) reads as 0.
     */
    async listCompletionCounters(classId) {
      const items = await table.queryByPrefix<Record<string, unknown> & { moduleId: string }>(queries.countersOfClass(classId));
      const byModule = new Map<string, CompletionCounter>();
      for (const item of items) byModule.set(item.moduleId, addCounts(byModule.get(item.moduleId) ?? emptyCounter(item.moduleId), countsOf(item)));
      return [...byModule.values()].map(({ moduleId, completions, bySection, startedStudents }) => ({
        moduleId,
        completions: Math.max(0, completions),
        bySection: Object.fromEntries(Object.entries(bySection).map(([sectionId, count]) => [sectionId, Math.max(0, count)])),
        startedStudents: Math.max(0, startedStudents),
      }));
    },

    /** One Query per day, all at once, of the day's active items (their student ids alone). */
    async listActiveStudents(classId, days) {
      const perDay = await Promise.all(
        days.map((day) => table.queryByPrefix<{ studentId: string }>(queries.activeStudentsOfClass(classId, day), { projection: 'studentId' })),
      );
      return [...new Set(perDay.flat().map((item) => item.studentId))];
    },

    async listProgressOfStudent(classId, moduleIds, studentId) {
      const items = await table.batchGet<Record<string, unknown>>(moduleIds.map((moduleId) => keys.progress(classId, moduleId, studentId)));
      return items.map(toRecord);
    },

    async listProgressOfStudentInClass(classId, studentId) {
      const items = await table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId));
      return items.filter((item) => item.studentId === studentId).map(toRecord);
    },

    /** The class's active items, keys alone (an export, not a hot read), kept where the student is theirs. */
    async listActiveDaysOfStudent(classId, studentId) {
      const items = await table.queryByPrefix<Key>(queries.activeStudentsOfClass(classId), { projection: 'sk' });
      const theirs = `#${studentId}`;
      return items.filter(({ sk }) => sk.endsWith(theirs)).map(({ sk }) => sk.slice(sk.indexOf('#') + 1, sk.lastIndexOf(theirs)));
    },

    async listProgressOfClass(classId, moduleId) {
      const items = await table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId, moduleId));
      return items.map((item) => ({ ...toRecord(item), checks: standingsOnItem(item) }));
    },

    async deleteProgressOfModule(classId, moduleId) {
      const [items, counters] = await Promise.all([
        table.queryByPrefix<Key & { studentId?: string; moduleId?: string }>(queries.progressOfClass(classId, moduleId), { projection: 'pk, sk, studentId, moduleId' }),
        table.queryByPrefix<Key & { moduleId: string }>(queries.countersOfModule(classId, moduleId), { projection: 'pk, sk, moduleId' }),
      ]);
      const theCounters = counters.filter((counter) => counter.moduleId === moduleId).map(({ pk, sk }) => ({ pk, sk }));
      // The notices first: a retry after a failure part way finds them through the progress items still there.
      await table.batchDelete([...finishNoticesOf(classId, items), ...items.map(({ pk, sk }) => ({ pk, sk })), ...theCounters]);
      await forgetModuleInReportRows(context, classId, moduleId);
    },

    async countProgressOfStudent(classId, moduleIds, studentId, direction) {
      if (moduleIds.length === 0) return;
      const items = await table.batchGetInParallel<Record<string, unknown>>(moduleIds.map((moduleId) => keys.progress(classId, moduleId, studentId)));
      const scoreChanges = totalsChangesOf(items, direction);
      await Promise.all([
        ...items
          .map(toRecord)
          .filter((record) => record.completedSections.length > 0)
          .map((record) => client.send(new UpdateCommand(counterUpdate(classId, record.moduleId, studentId, record.completedSections, direction, direction)))),
        ...(scoreChanges.length > 0 ? [client.send(new UpdateCommand(scoreTotalsUpdate(tableName, classId, studentId, scoreChanges)))] : []),
      ]);
    },
  };

  return { ...store, recomputeCounters };
}
