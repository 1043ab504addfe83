// Data access for teachers' per-student path overrides: one item per (class, module, student) in the class's
// partition, beside the student's progress item and keyed the same way, so every read of a path takes it by key in
// the same round trip. Each override is one attribute (`override#{kind}#{sectionId}`), so adding or removing one is a
// single UpdateItem that never touches the others.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { OVERRIDE_KINDS, type OverrideKind } from '@shared/paths';
import type { OverrideRecord, PathOverrideRecord, PathOverrideStore } from '../domain/ports';
import { conditionally, keys, makeTableAccess, prefixedAttributes, queries, type TableContext } from './table';

const ATTRIBUTE_PREFIX = 'override#';
const attributeName = ({ kind, sectionId }: Pick<OverrideRecord, 'kind' | 'sectionId'>) => `${ATTRIBUTE_PREFIX}${kind}#${sectionId ?? ''}`;

function toRecord(item: Record<string, unknown>): PathOverrideRecord {
  const { classId, moduleId, studentId } = item as { classId: string; moduleId: string; studentId: string };
  const overrides = Object.entries(prefixedAttributes<{ reason: string; at: string; teacherName: string }>(item, ATTRIBUTE_PREFIX)).flatMap(
    ([name, { reason, at, teacherName }]) => {
      const [kind, sectionId] = name.split('#') as [OverrideKind, string];
      if (!OVERRIDE_KINDS.includes(kind)) return [];
      return [{ kind, ...(sectionId ? { sectionId } : {}), reason, at, teacherName }];
    },
  );
  return { classId, moduleId, studentId, overrides: overrides.sort((a, b) => b.at.localeCompare(a.at)) };
}

export function makePathOverrideRepository(context: TableContext): PathOverrideStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);
  const keysOf = (classId: string, moduleIds: string[], studentIds: string[]) =>
    studentIds.flatMap((studentId) => moduleIds.map((moduleId) => keys.pathOverrides(classId, moduleId, studentId)));
  return {
    async getOverrides({ classId, moduleId, studentId }) {
      const item = await table.getItem(keys.pathOverrides(classId, moduleId, studentId));
      return item && toRecord(item);
    },

    async listOverridesOfStudent(classId, moduleIds, studentId) {
      return (await table.batchGet<Record<string, unknown>>(keysOf(classId, moduleIds, [studentId]))).map(toRecord);
    },

    async listOverridesOfStudents(classId, moduleIds, studentIds) {
      return (await table.batchGetInParallel<Record<string, unknown>>(keysOf(classId, moduleIds, studentIds))).map(toRecord);
    },

    async listOverridesOfClass(classId, moduleId) {
      return (await table.queryByPrefix<Record<string, unknown>>(queries.overridesOfClass(classId, moduleId))).map(toRecord);
    },

    async addOverride({ classId, moduleId, studentId }, { kind, sectionId, reason, at, teacherName }) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.pathOverrides(classId, moduleId, studentId),
          UpdateExpression: 'SET entity = :entity, classId = :classId, moduleId = :moduleId, studentId = :studentId, #override = :override',
          ExpressionAttributeNames: { '#override': attributeName({ kind, sectionId }) },
          ExpressionAttributeValues: {
            ':entity': 'PathOverrides',
            ':classId': classId,
            ':moduleId': moduleId,
            ':studentId': studentId,
            ':override': { reason, at, teacherName },
          },
        }),
      );
    },

    async removeOverride(key, override) {
      return conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.pathOverrides(key.classId, key.moduleId, key.studentId),
            UpdateExpression: 'REMOVE #override',
            ConditionExpression: 'attribute_exists(#override)',
            ExpressionAttributeNames: { '#override': attributeName(override) },
          }),
        ),
      );
    },
  };
}
