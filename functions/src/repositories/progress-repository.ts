// Data access for progress: one item per (class, module, student) under the class's partition (a report page reads
// its students' items by key; the whole class is one query), and one completion counter per (class, module), added to
// when a section is completed for the first time, so dashboards read one small item per module.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CompletionCounter, ProgressRecord, ProgressStore } from '../domain/ports';
import { keys, makeTableAccess, queries, type Key, type TableContext } from './table';

function toRecord(item: Record<string, unknown>): ProgressRecord {
  const { classId, moduleId, studentId, completedSections, updatedAt } = item as {
    classId: string;
    moduleId: string;
    studentId: string;
    completedSections?: Set<string>;
    updatedAt: string;
  };
  return { classId, moduleId, studentId, completedSections: [...(completedSections ?? [])], updatedAt };
}

export type ProgressRepository = ReturnType<typeof makeProgressRepository>;

export function makeProgressRepository(context: TableContext) {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  const counterItem = (classId: string, moduleId: string, completions: number) => ({
    ...keys.completionCounter(classId, moduleId),
    entity: 'CompletionCounter',
    classId,
    moduleId,
    completions,
  });

  /**
   * Sets every completion counter of a class to what its progress items hold (a repair after an interrupted mark, or
   * the first fill after a migration); answers the counters written. Counts raw completed section ids, as the
   * counters do; modules with no progress get 0.
   */
  async function recomputeCounters(classId: string, moduleIds: string[]): Promise<CompletionCounter[]> {
    const [records, existing] = await Promise.all([
      table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId)),
      table.queryByPrefix<{ moduleId: string }>(queries.countersOfClass(classId), { projection: 'moduleId' }),
    ]);
    const totals = new Map<string, number>([...existing.map(({ moduleId }) => [moduleId, 0] as const), ...moduleIds.map((id) => [id, 0] as const)]);
    for (const record of records.map(toRecord)) totals.set(record.moduleId, (totals.get(record.moduleId) ?? 0) + record.completedSections.length);
    const counters = [...totals].map(([moduleId, completions]) => ({ moduleId, completions }));
    await Promise.all(
      counters.map(({ moduleId, completions }) => client.send(new PutCommand({ TableName: tableName, Item: counterItem(classId, moduleId, completions) }))),
    );
    return counters;
  }

  const store: ProgressStore = {
    async getProgress({ classId, moduleId, studentId }) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.progress(classId, moduleId, studentId), ConsistentRead: true }),
      );
      return Item && toRecord(Item);
    },

    /**
     * The set's old value (ALL_OLD) tells whether this call added the section: of concurrent calls exactly one sees it
     * missing, so the counter goes up once per first completion. A failure between the two writes leaves the counter
     * one short, which `npm run migrate` (recomputeCounters) repairs.
     */
    async addCompletedSection({ classId, moduleId, studentId }, sectionId, updatedAt) {
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.progress(classId, moduleId, studentId),
          UpdateExpression:
            'ADD completedSections :section SET updatedAt = :now, entity = :entity, classId = :class, moduleId = :module, studentId = :student',
          ExpressionAttributeValues: {
            ':section': new Set([sectionId]),
            ':now': updatedAt,
            ':entity': 'Progress',
            ':class': classId,
            ':module': moduleId,
            ':student': studentId,
          },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const before = (Attributes?.completedSections as Set<string> | undefined) ?? new Set<string>();
      if (!before.has(sectionId)) {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.completionCounter(classId, moduleId),
            UpdateExpression: 'ADD completions :one SET entity = :entity, classId = :class, moduleId = :module',
            ExpressionAttributeValues: { ':one': 1, ':entity': 'CompletionCounter', ':class': classId, ':module': moduleId },
          }),
        );
      }
      return { classId, moduleId, studentId, completedSections: [...new Set([...before, sectionId])], updatedAt };
    },

    async listProgressOfStudents(classId, moduleIds, studentIds) {
      const items = await table.batchGetInParallel<Record<string, unknown>>(
        studentIds.flatMap((studentId) => moduleIds.map((moduleId) => keys.progress(classId, moduleId, studentId))),
      );
      return items.map(toRecord);
    },

    async listCompletionCounters(classId) {
      const items = await table.queryByPrefix<{ moduleId: string; completions?: number }>(queries.countersOfClass(classId));
      return items.map(({ moduleId, completions }) => ({ moduleId, completions: Math.max(0, completions ?? 0) }));
    },

    async listProgressOfStudent(classId, moduleIds, studentId) {
      const items = await table.batchGet<Record<string, unknown>>(moduleIds.map((moduleId) => keys.progress(classId, moduleId, studentId)));
      return items.map(toRecord);
    },

    async listProgressOfClass(classId) {
      const items = await table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId));
      return items.map(toRecord);
    },

    async deleteProgressOfModule(classId, moduleId) {
      const items = await table.queryByPrefix<Key>(queries.progressOfClass(classId, moduleId), { projection: 'pk, sk' });
      await table.batchDelete([...items.map(({ pk, sk }) => ({ pk, sk })), keys.completionCounter(classId, moduleId)]);
    },
  };

  return { ...store, recomputeCounters };
}
