// The writes of a student's first completion of a section, shared by the two transactions that make one: a marked
// completion (progress-repository.ts) and a passing attempt (attempt-repository.ts, which also stores the attempt and
// its score in the same transaction). The progress item's part is kept as parts of an update expression, so that the
// attempt can join its score to it: a transaction may name an item only once.
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { utcDay } from '@shared/report-insight';
import type { ActivityContext, ProgressKey, ProgressRecord } from '../port';
import { reportRowChange } from '../../reports/adapters/report-row-change';
import { cancellationCodes, keys, shardOf, type Key } from '../../table/table';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type TransactUpdate = NonNullable<TransactItem['Update']>;

/**
 * Each section's first completion time is a top-level attribute `completedAt#{sectionId}`, set with if_not_exists in
 * the same atomic update that adds the section: a nested map could not be created and filled in one update, and a
 * repeat or a race never moves the first time.
 */
export const COMPLETED_AT_PREFIX = 'completedAt#';

/** A counter item's count of one section's first completions: `completions#{sectionId}`, beside the module's total. */
export const SECTION_COUNT_PREFIX = 'completions#';

/**
 * Shards of each (class, module) completion counter. A transaction that meets another on one of its items is
 * cancelled, and every first completion of a module in a class adds to its counter: in a class of thousands working at
 * once, one counter item would cancel completions (each retried after a pause). Spread over this many shards by
 * student, two completions meet on a counter an eighth as often, while a dashboard still reads a few small items per
 * module (docs/decisions/school-scale/no-item-grows-with-the-class.md).
 */
export const COUNTER_SHARDS = 8;

/** The shard a student's completions count in: the same for every write of theirs. */
export const counterShardOf = (studentId: string) => shardOf(studentId, COUNTER_SHARDS);

/** One writer's part of an item's update: its ADD and SET clauses, its conditions, and their names and values. */
export interface UpdateParts {
  add: string[];
  set: string[];
  conditions: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** The parts of several writers as one Update of the item (a clause both write, such as the entity, once). */
export function joinedUpdate(tableName: string, Key: Key, ...parts: UpdateParts[]): TransactUpdate {
  const all = <T>(pick: (part: UpdateParts) => T[]) => [...new Set(parts.flatMap(pick))];
  const [add, set, conditions] = [all((part) => part.add), all((part) => part.set), all((part) => part.conditions)];
  const names = Object.assign({}, ...parts.map((part) => part.names)) as Record<string, string>;
  return {
    TableName: tableName,
    Key,
    UpdateExpression: [add.length > 0 ? `ADD ${add.join(', ')}` : '', set.length > 0 ? `SET ${set.join(', ')}` : ''].filter(Boolean).join(' '),
    ...(conditions.length > 0 && { ConditionExpression: conditions.map((condition) => `(${condition})`).join(' AND ') }),
    ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
    ExpressionAttributeValues: Object.assign({}, ...parts.map((part) => part.values)) as Record<string, unknown>,
  };
}

/** What every write of a progress item sets: the attributes that make it one, created by whichever write comes first. */
export const progressItemParts = ({ classId, moduleId, studentId }: ProgressKey): UpdateParts => ({
  add: [],
  set: ['entity = :entity', 'classId = :class', 'moduleId = :module', 'studentId = :student'],
  conditions: [],
  names: {},
  values: { ':entity': 'Progress', ':class': classId, ':module': moduleId, ':student': studentId },
});

/**
 * How a transaction ended: committed, a concurrent transaction on one of its items (try again after a pause), or the
 * index of the first item whose condition failed.
 */
export async function commitTransaction(client: DynamoDBDocumentClient, items: TransactItem[]): Promise<'committed' | 'conflict' | number> {
  try {
    await client.send(new TransactWriteCommand({ TransactItems: items }));
    return 'committed';
  } catch (error) {
    const codes = cancellationCodes(error);
    const failed = codes?.indexOf('ConditionalCheckFailed') ?? -1;
    if (failed >= 0) return failed;
    if (codes?.some((code) => code === 'TransactionConflict' || code === 'ThrottlingError')) return 'conflict';
    throw error;
  }
}

/** A student's item of a day they were active in a class (the one every writer of it writes). */
export const activeStudentItem = (classId: string, day: string, studentId: string) => ({
  ...keys.activeStudent(classId, day, studentId),
  entity: 'ActiveStudent',
  classId,
  studentId,
  day,
});

export type CompletionWrites = ReturnType<typeof makeCompletionWrites>;

export function makeCompletionWrites(tableName: string) {
  /**
   * Adds `count` (negative to take back) to the module's total and to each of these sections' counts, and
   * `students` to the students who started it, atomically, in the shard of the student's counter.
   */
  const counterUpdate = (classId: string, moduleId: string, studentId: string, sectionIds: string[], count: number, students: number): TransactUpdate => ({
    TableName: tableName,
    Key: keys.completionCounter(classId, moduleId, counterShardOf(studentId)),
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

  /**
   * The student was active in the class on a UTC day: their own small item, the same on every write (a second write
   * of the day changes nothing), so its cost never grows with the class.
   */
  const activeStudentUpdate = (classId: string, day: string, studentId: string): TransactUpdate => {
    const { pk, sk, entity } = activeStudentItem(classId, day, studentId);
    return {
      TableName: tableName,
      Key: { pk, sk },
      UpdateExpression: 'SET entity = :entity, classId = :class, studentId = :student, #day = :day',
      ExpressionAttributeNames: { '#day': 'day' },
      ExpressionAttributeValues: { ':entity': entity, ':class': classId, ':student': studentId, ':day': day },
    };
  };

  /**
   * The student finished the module in the class (their bell says so): one item per class and module in their
   * partition, whose first finish time stays, so finishing again after an undo tells them nothing new, and of two
   * writers that both finish it the first one's time stands.
   */
  const moduleFinishedUpdate = ({ classId, moduleId, studentId }: ProgressKey, names: Pick<ActivityContext, 'className' | 'moduleTitle'>, at: string): TransactUpdate => ({
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
      ':className': names.className,
      ':moduleTitle': names.moduleTitle,
    },
  });

  /**
   * Holds only while the student is on the class's roster: an unenrolment takes their completions and scores out of
   * the class's counters once it removed the enrolment, so no write may count anything after that.
   */
  const enrolmentCheck = ({ classId, studentId }: Pick<ProgressKey, 'classId' | 'studentId'>): TransactItem => ({
    ConditionCheck: { TableName: tableName, Key: keys.enrolment(classId, studentId), ConditionExpression: 'attribute_exists(pk)' },
  });

  /**
   * The student's first completion of a section: the progress item gains the section (its first completion time, the
   * activity context) on the condition that its completed sections are exactly those `seen` (none: not started), so
   * `activity` (its `finishesModule` above all), decided from `seen`, is true of the state the write produces (not
   * `exact`: only that the section is missing and the item is as started as seen); the counter gains the completion
   * (and a started student with the first section), the day the student, and, when it finishes the module, the
   * student's finish notice; the report row counts a change. The enrolment's condition goes last.
   */
  function firstCompletion(
    key: ProgressKey,
    sectionId: string,
    updatedAt: string,
    activity: ActivityContext | undefined,
    seen: Pick<ProgressRecord, 'completedSections'> | undefined,
    exact = true,
  ) {
    const { classId, moduleId, studentId } = key;
    const started = (seen?.completedSections.length ?? 0) > 0;
    const index = activity && keys.activityIndex(activity.teacherId, updatedAt, keys.progress(classId, moduleId, studentId));
    const progress: UpdateParts = {
      add: ['completedSections :section'],
      set: [
        'updatedAt = :now',
        '#completedAt = if_not_exists(#completedAt, :now)',
        // With an activity context the item also goes (back) to the top of the teacher's activity index.
        ...(activity
          ? ['gsi1pk = :activityPartition', 'gsi1sk = :activitySort', 'studentName = :studentName', 'moduleTitle = :moduleTitle', 'className = :className', 'sectionTotal = :sectionTotal']
          : []),
      ],
      conditions: [
        !started ? 'attribute_not_exists(completedSections)' : exact ? 'completedSections = :seenSections' : 'attribute_exists(completedSections) AND NOT contains(completedSections, :sectionId)',
      ],
      names: { '#completedAt': `${COMPLETED_AT_PREFIX}${sectionId}` },
      values: {
        ':section': new Set([sectionId]),
        ...(started && (exact ? { ':seenSections': new Set(seen!.completedSections) } : { ':sectionId': sectionId })),
        ':now': updatedAt,
        ...(activity && {
          ':activityPartition': index!.gsi1pk,
          ':activitySort': index!.gsi1sk,
          ':studentName': activity.studentName,
          ':moduleTitle': activity.moduleTitle,
          ':className': activity.className,
          ':sectionTotal': activity.sectionTotal,
        }),
      },
    };
    const others: TransactItem[] = [
      { Update: counterUpdate(classId, moduleId, studentId, [sectionId], 1, started ? 0 : 1) },
      { Update: activeStudentUpdate(classId, utcDay(updatedAt), studentId) },
      ...(activity?.finishesModule ? [{ Update: moduleFinishedUpdate(key, activity, updatedAt) }] : []),
      reportRowChange(tableName, key),
      enrolmentCheck(key),
    ];
    return { progress, others };
  }

  return { counterUpdate, activeStudentUpdate, moduleFinishedUpdate, enrolmentCheck, firstCompletion };
}
