// Data access for progress: one item per (class, module, student) under the class's partition (a report page reads
// its students' items by key; the whole class is one query), one completion counter per (class, module) with a count
// per section, added to when a section is completed for the first time, so dashboards read one small item per module
// and count only the sections the module still has, and one item per
// (class, UTC day) with the set of students who completed a section that day (the dashboard's engagement).
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mapWithConcurrency } from '../domain/concurrency';
import type { CompletionCounter, ProgressRecord, ProgressStore } from '../domain/ports';
import { utcDay } from '@shared/report-insight';
import { keys, makeTableAccess, prefixedAttributes, queries, type Key, type TableContext } from './table';

/**
 * Each section's first completion time is a top-level attribute `completedAt#{sectionId}`, set with if_not_exists in
 * the same atomic update that adds the section: a nested map could not be created and filled in one update, and a
 * repeat or a race never moves the first time.
 */
const COMPLETED_AT_PREFIX = 'completedAt#';

/** A counter item's count of one section's first completions: `completions#{sectionId}`, beside the module's total. */
const SECTION_COUNT_PREFIX = 'completions#';

const emptyCounter = (moduleId: string): CompletionCounter => ({ moduleId, completions: 0, bySection: {}, startedStudents: 0 });

/** A migration fills a class's day items a few at a time. */
const DAY_WRITES_IN_FLIGHT = 8;

function toRecord(item: Record<string, unknown>): ProgressRecord {
  const { classId, moduleId, studentId, completedSections, updatedAt } = item as {
    classId: string;
    moduleId: string;
    studentId: string;
    completedSections?: Set<string>;
    updatedAt: string;
  };
  const completedAt = prefixedAttributes(item, COMPLETED_AT_PREFIX);
  return { classId, moduleId, studentId, completedSections: [...(completedSections ?? [])], completedAt, updatedAt };
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
  const addToCounter = (classId: string, moduleId: string, sectionIds: string[], count: number, students: number) =>
    client.send(
      new UpdateCommand({
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
      }),
    );

  /** Adds students to the class's active students of a UTC day (a string set: adding twice changes nothing). */
  const addActiveStudents = (classId: string, day: string, studentIds: string[]) =>
    client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.activeDay(classId, day),
        UpdateExpression: 'ADD activeStudents :students SET entity = :entity, classId = :class, #day = :day',
        ExpressionAttributeNames: { '#day': 'day' },
        ExpressionAttributeValues: { ':students': new Set(studentIds), ':entity': 'ActiveDay', ':class': classId, ':day': day },
      }),
    );

  /**
   * Sets every completion counter of a class to what its enrolled students' progress items hold (a repair after an
   * interrupted mark or enrolment, or the first fill after a migration), and adds every known completion time's
   * student to that day's active students (progress recorded before the day items existed); answers the counters
   * written. Counts every completed section id, as the counters do (readers keep the module's current sections);
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
    const activeByDay = new Map<string, Set<string>>();
    for (const record of records.map(toRecord)) {
      for (const at of Object.values(record.completedAt ?? {})) {
        const day = utcDay(at);
        activeByDay.set(day, (activeByDay.get(day) ?? new Set<string>()).add(record.studentId));
      }
    }
    await mapWithConcurrency([...activeByDay], DAY_WRITES_IN_FLIGHT, ([day, students]) => addActiveStudents(classId, day, [...students]));
    return [...counters.values()];
  }

  const store: ProgressStore = {
    async getProgress({ classId, moduleId, studentId }) {
      const item = await table.getItem(keys.progress(classId, moduleId, studentId));
      return item && toRecord(item);
    },

    /**
     * One atomic update adds the section, its first completion time and the activity context. The item's old value
     * (ALL_OLD) tells whether this call added the section: of concurrent calls exactly one sees it missing, so the
     * counter goes up once per first completion. A failure between the two writes leaves the counter one short, which
     * `npm run migrate` (recomputeCounters) repairs.
     */
    async addCompletedSection({ classId, moduleId, studentId }, sectionId, updatedAt, activity) {
      const key = keys.progress(classId, moduleId, studentId);
      // With an activity context the item also goes (back) to the top of the teacher's activity index.
      const activitySet = activity
        ? ', gsi1pk = :activityPartition, gsi1sk = :activitySort, studentName = :studentName, moduleTitle = :moduleTitle, className = :className, sectionTotal = :sectionTotal'
        : '';
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression:
            `ADD completedSections :section SET updatedAt = :now, #completedAt = if_not_exists(#completedAt, :now), entity = :entity, classId = :class, moduleId = :module, studentId = :student${activitySet}`,
          ExpressionAttributeNames: { '#completedAt': `${COMPLETED_AT_PREFIX}${sectionId}` },
          ExpressionAttributeValues: {
            ':section': new Set([sectionId]),
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
          ReturnValues: 'ALL_OLD',
        }),
      );
      const before = (Attributes?.completedSections as Set<string> | undefined) ?? new Set<string>();
      const completedAtBefore = Attributes ? prefixedAttributes(Attributes, COMPLETED_AT_PREFIX) : {};
      if (!before.has(sectionId)) {
        // No old item: the student's first completion in the module, so they have started it.
        await Promise.all([addToCounter(classId, moduleId, [sectionId], 1, Attributes ? 0 : 1), addActiveStudents(classId, utcDay(updatedAt), [studentId])]);
      }
      return {
        classId,
        moduleId,
        studentId,
        completedSections: [...new Set([...before, sectionId])],
        completedAt: { ...completedAtBefore, [sectionId]: completedAtBefore[sectionId] ?? updatedAt },
        updatedAt,
      };
    },

    async listProgressOfStudents(classId, moduleIds, studentIds) {
      const items = await table.batchGetInParallel<Record<string, unknown>>(
        studentIds.flatMap((studentId) => moduleIds.map((moduleId) => keys.progress(classId, moduleId, studentId))),
      );
      return items.map(toRecord);
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
      const items = await table.queryByPrefix<Key>(queries.progressOfClass(classId, moduleId), { projection: 'pk, sk' });
      await table.batchDelete([...items.map(({ pk, sk }) => ({ pk, sk })), keys.completionCounter(classId, moduleId)]);
    },

    async countCompletionsOfStudent(classId, moduleIds, studentId, direction) {
      if (moduleIds.length === 0) return;
      const records = await store.listProgressOfStudent(classId, moduleIds, studentId);
      await Promise.all(
        records
          .filter((record) => record.completedSections.length > 0)
          .map((record) => addToCounter(classId, record.moduleId, record.completedSections, direction, direction)),
      );
    },
  };

  return { ...store, recomputeCounters };
}
