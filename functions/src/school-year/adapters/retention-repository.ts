// Data access for retention: the school's setting (one item) and the removal of an archived class's students' data.
// The removal reads what the class's partition and its students' attempt histories hold, then deletes in an order that
// a crash and a second run finish: check statistics, then each student's attempts at a check followed by the return
// of those attempts to their used-attempts counter and to the check's own count of attempts on its current version,
// then the finish notices, progress, overrides, counters and report rows in the class's partition. The class item, its roster and
// memberships stay.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RemovedCounts, RetentionSetting, RetentionStore } from '../port';
import { attemptHistoryPartition, conditionally, finishNoticesOf, keys, makeTableAccess, queries, REPORT_ROW_PREFIX, SCORE_TOTALS_PREFIX, type Key, type TableContext } from '../../table/table';

type ClassItemKey = Key & { studentId?: string; moduleId?: string };
type AttemptKey = Key & { moduleId: string; sectionId: string; studentId: string; version: number };

/** The items of a class's partition that hold or count students' data (the class item and its roster are not among them). */
const STUDENT_DATA = { progress: 'PROGRESS#', overrides: 'OVERRIDES#' } as const;
/**
 * Counters, active students, score totals (their shards, and an earlier version's one item per class) and the report
 * rows computed from the progress; `ACTIVE_DAY#`: an earlier version's day items, until `npm run migrate` replaces them.
 */
const COUNTED = ['COMPLETIONS#', 'ACTIVE#', 'ACTIVE_DAY#', SCORE_TOTALS_PREFIX, REPORT_ROW_PREFIX] as const;

export function makeRetentionRepository(context: TableContext): RetentionStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  /** Attempts given back: the counter goes down by what was deleted, never below zero (a lost give-back keeps it higher). */
  const giveBackAttempts = (attempt: AttemptKey, count: number) =>
    conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.attemptsUsed(attempt.moduleId, attempt.sectionId, attempt.studentId),
          UpdateExpression: 'ADD used :less',
          ConditionExpression: 'used >= :count',
          ExpressionAttributeValues: { ':less': -count, ':count': count },
        }),
      ),
    );

  /**
   * The check counts the attempts on its current version (a save with attempts makes a new version): it loses those
   * deleted on that version, in one conditional ADD; deleted attempts on an older version were counted nowhere.
   */
  const uncountAttempts = (attempt: AttemptKey, count: number) =>
    conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.check(attempt.moduleId, attempt.sectionId),
          UpdateExpression: 'ADD attemptCount :less',
          ConditionExpression: 'version = :version AND attemptCount >= :count',
          ExpressionAttributeValues: { ':less': -count, ':version': attempt.version, ':count': count },
        }),
      ),
    );

  return {
    async getSetting() {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.retentionSetting(), ConsistentRead: true }));
      return Item && { days: (Item.days as number | null) ?? null, setAt: Item.setAt as string, setBy: Item.setBy as string };
    },

    async putSetting(setting: RetentionSetting) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...keys.retentionSetting(), entity: 'RetentionSetting', ...setting } }));
    },

    async removeStudentData(classId): Promise<RemovedCounts> {
      const partition = await table.queryByPrefix<ClassItemKey>(queries.wholeClass(classId), { projection: 'pk, sk, studentId, moduleId' });
      const progress = partition.filter(({ sk }) => sk.startsWith(STUDENT_DATA.progress));
      const overrides = partition.filter(({ sk }) => sk.startsWith(STUDENT_DATA.overrides));
      const counted = partition.filter(({ sk }) => COUNTED.some((prefix) => sk.startsWith(prefix)));
      // Students who left the class keep their progress and attempts there: they are found through those too.
      const studentIds = [...new Set(partition.flatMap(({ sk, studentId }) => (studentId && !sk.startsWith('CLASS') ? [studentId] : [])))];
      const attempts = (
        await Promise.all(
          studentIds.map((studentId) =>
            table.queryByPrefix<AttemptKey>({ partition: attemptHistoryPartition(classId, studentId), sortPrefix: '' }, { onOwnerIndex: true, projection: 'pk, sk, moduleId, sectionId, studentId, version' }),
          ),
        )
      ).flat();

      const checks = [...new Map(attempts.map((attempt) => [attempt.pk, attempt])).values()];
      const statistics = (
        await Promise.all(checks.map(({ pk }) => table.queryByPrefix<Key>({ partition: pk, sortPrefix: `STATS#${classId}#` }, { projection: 'pk, sk' })))
      ).flat();
      await table.batchDelete(statistics.map(keyOf));

      const byStudentAndCheck = groupBy(attempts, (attempt) => `${attempt.pk}|${attempt.studentId}`);
      for (const group of byStudentAndCheck.values()) {
        await table.batchDelete(group.map(keyOf));
        await giveBackAttempts(group[0], group.length);
        // A lost update here leaves the count high (a save makes a new version it need not), never low.
        for (const onVersion of groupBy(group, ({ version }) => String(version)).values()) await uncountAttempts(onVersion[0], onVersion.length);
      }

      await table.batchDelete([...finishNoticesOf(classId, progress), ...[...progress, ...overrides, ...counted].map(keyOf)]);
      return { progress: progress.length, attempts: attempts.length, pathOverrides: overrides.length, derived: counted.length + statistics.length };
    },
  };
}

const keyOf = ({ pk, sk }: Key): Key => ({ pk, sk });

function groupBy<T>(items: T[], keyOfItem: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOfItem(item), [...(groups.get(keyOfItem(item)) ?? []), item]);
  return groups;
}
