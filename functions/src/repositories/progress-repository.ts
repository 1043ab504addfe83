// Data access for progress: one item per (class, module, student) under the class's partition, so a class report
// is one query however many students it has.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProgressRecord, ProgressStore } from '../domain/ports';
import { keys, makeTableAccess, prefixedAttributes, queries, type Key, type TableContext } from './table';

/**
 * Each section's first completion time is a top-level attribute `completedAt#{sectionId}`, set with if_not_exists in
 * the same atomic update that adds the section: a nested map could not be created and filled in one update, and a
 * repeat or a race never moves the first time.
 */
const COMPLETED_AT_PREFIX = 'completedAt#';

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

export function makeProgressRepository(context: TableContext): ProgressStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  return {
    async getProgress({ classId, moduleId, studentId }) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.progress(classId, moduleId, studentId), ConsistentRead: true }),
      );
      return Item && toRecord(Item);
    },

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
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toRecord(Attributes!);
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
      await table.batchDelete(items.map(({ pk, sk }) => ({ pk, sk })));
    },
  };
}
