// Data access for progress: one item per (class, module, student) under the class's partition, so a class report
// is one query however many students it has.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchDelete, batchGet, documentClient, keys, queries, queryByPrefix, tableName, type Key } from './table';

export interface ProgressRecord {
  classId: string;
  moduleId: string;
  studentId: string;
  completedSections: string[];
  updatedAt: string;
}

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

export async function getProgress(classId: string, moduleId: string, studentId: string) {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName, Key: keys.progress(classId, moduleId, studentId), ConsistentRead: true }),
  );
  return Item && toRecord(Item);
}

/** Atomically adds a completed section; concurrent and repeated calls never lose one. */
export async function addCompletedSection(
  classId: string,
  moduleId: string,
  studentId: string,
  sectionId: string,
): Promise<ProgressRecord> {
  const { Attributes } = await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.progress(classId, moduleId, studentId),
      UpdateExpression:
        'ADD completedSections :section SET updatedAt = :now, entity = :entity, classId = :class, moduleId = :module, studentId = :student',
      ExpressionAttributeValues: {
        ':section': new Set([sectionId]),
        ':now': new Date().toISOString(),
        ':entity': 'Progress',
        ':class': classId,
        ':module': moduleId,
        ':student': studentId,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toRecord(Attributes!);
}

/** One student's progress items in the given modules of a class, in one round trip (exact keys: no classmate's item is read). */
export async function getProgressOfStudent(classId: string, moduleIds: string[], studentId: string): Promise<ProgressRecord[]> {
  const items = await batchGet<Record<string, unknown>>(moduleIds.map((moduleId) => keys.progress(classId, moduleId, studentId)));
  return items.map(toRecord);
}

export async function listProgressOfClass(classId: string): Promise<ProgressRecord[]> {
  const items = await queryByPrefix<Record<string, unknown>>(queries.progressOfClass(classId));
  return items.map(toRecord);
}

export async function deleteProgressOfModule(classId: string, moduleId: string): Promise<void> {
  const items = await queryByPrefix<Key>(queries.progressOfClass(classId, moduleId), { projection: 'pk, sk' });
  await batchDelete(items.map(({ pk, sk }) => ({ pk, sk })));
}
