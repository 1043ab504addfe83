// Data access for teachers' per-student path overrides: one item per (class, module, student) in the class's
// partition, beside the student's progress item and keyed the same way, so every read of a path takes it by key in
// the same round trip. Each override is one attribute (`override#{kind}#{sectionId}`), so adding or removing one is a
// single update that never touches the others (in one transaction with the report row's change); the extra attempts granted at a check are a number beside it
// (`extraAttempts#{sectionId}`) that each grant ADDs to, so two grants at once both count.
import { OVERRIDE_KINDS, type OverrideKind } from '@shared/paths';
import type { OverrideRecord, PathOverrideRecord, PathOverrideStore } from '../port';
import type { ProgressKey } from '../../progress/port';
import { commitTransaction, type TransactUpdate } from '../../progress/adapters/completion-writes';
import { reportRowChange } from '../../reports/adapters/report-row-change';
import { backoff, keys, makeTableAccess, prefixedAttributes, queries, type TableContext } from '../../table/table';

const ATTRIBUTE_PREFIX = 'override#';
const attributeName = ({ kind, sectionId }: Pick<OverrideRecord, 'kind' | 'sectionId'>) => `${ATTRIBUTE_PREFIX}${kind}#${sectionId ?? ''}`;
const EXTRA_PREFIX = 'extraAttempts#';
/** Tries of an override's write that keeps meeting a concurrent transaction on the student's report row. */
const OVERRIDE_WRITE_TRIES = 5;

function toRecord(item: Record<string, unknown>): PathOverrideRecord {
  const { classId, moduleId, studentId } = item as { classId: string; moduleId: string; studentId: string };
  const extras = prefixedAttributes<number>(item, EXTRA_PREFIX);
  const overrides = Object.entries(prefixedAttributes<{ reason: string; at: string; teacherName: string }>(item, ATTRIBUTE_PREFIX)).flatMap(
    ([name, { reason, at, teacherName }]) => {
      const [kind, sectionId] = name.split('#') as [OverrideKind, string];
      if (!OVERRIDE_KINDS.includes(kind)) return [];
      return [{ kind, ...(sectionId ? { sectionId } : {}), ...(kind === 'attempts' && { extra: Number(extras[sectionId] ?? 0) }), reason, at, teacherName }];
    },
  );
  return { classId, moduleId, studentId, overrides: overrides.sort((a, b) => b.at.localeCompare(a.at)) };
}

export function makePathOverrideRepository(context: TableContext): PathOverrideStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  /**
   * The override item's update with the report row's change, in one transaction; false when the update's condition
   * failed. A transaction that met another on the row (the student's own write at that moment) is tried again.
   */
  async function commitWithRow(key: ProgressKey, update: TransactUpdate): Promise<boolean> {
    for (let tries = 1; ; tries += 1) {
      const outcome = await commitTransaction(client, [{ Update: update }, reportRowChange(tableName, key)]);
      if (outcome === 'committed') return true;
      if (outcome === 0) return false;
      if (outcome !== 'conflict' || tries === OVERRIDE_WRITE_TRIES) throw new Error(`The overrides of ${key.studentId} in module ${key.moduleId} could not be written (${String(outcome)}).`);
      await backoff(tries);
    }
  }
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

    async listOverridesOfStudentInClass(classId, studentId) {
      return (await table.queryByPrefix<Record<string, unknown>>(queries.overridesOfClass(classId))).map(toRecord).filter((record) => record.studentId === studentId);
    },

    async listOverridesOfClass(classId, moduleId) {
      return (await table.queryByPrefix<Record<string, unknown>>(queries.overridesOfClass(classId, moduleId))).map(toRecord);
    },

    async addOverride(key, { kind, sectionId, extra, reason, at, teacherName }) {
      const adds = extra !== undefined;
      const { classId, moduleId, studentId } = key;
      await commitWithRow(key, {
        TableName: tableName,
        Key: keys.pathOverrides(classId, moduleId, studentId),
        UpdateExpression: `SET entity = :entity, classId = :classId, moduleId = :moduleId, studentId = :studentId, #override = :override${adds ? ' ADD #extra :extra' : ''}`,
        ExpressionAttributeNames: { '#override': attributeName({ kind, sectionId }), ...(adds && { '#extra': `${EXTRA_PREFIX}${sectionId ?? ''}` }) },
        ExpressionAttributeValues: {
          ':entity': 'PathOverrides',
          ':classId': classId,
          ':moduleId': moduleId,
          ':studentId': studentId,
          ':override': { reason, at, teacherName },
          ...(adds && { ':extra': extra }),
        },
      });
    },

    async removeOverride(key, override) {
      return commitWithRow(key, {
        TableName: tableName,
        Key: keys.pathOverrides(key.classId, key.moduleId, key.studentId),
        // Taking back extra attempts takes back all of them.
        UpdateExpression: override.kind === 'attempts' ? 'REMOVE #override, #extra' : 'REMOVE #override',
        ConditionExpression: 'attribute_exists(#override)',
        ExpressionAttributeNames: { '#override': attributeName(override), ...(override.kind === 'attempts' && { '#extra': `${EXTRA_PREFIX}${override.sectionId ?? ''}` }) },
      });
    },
  };
}
