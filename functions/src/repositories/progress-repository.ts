// Data access for progress: one item per (class, module, student) under the class's partition, so a class report
// is one query however many students it has.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProgressRecord, ProgressStore } from '../domain/ports';
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
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toRecord(Attributes!);
    },

    async listProgressOfClass(classId) {
      const items = await table.queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId));
      return items.map(toRecord);
    },

    async deleteProgressOfModule(classId, moduleId) {
      const items = await table.queryByPrefix<Key>(queries.progressOfClass(classId, moduleId), { projection: 'pk, sk' });
      await table.batchDelete(items.map(({ pk, sk }) => ({ pk, sk })));
    },
  };
}
