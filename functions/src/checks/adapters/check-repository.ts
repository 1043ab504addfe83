// Data access for checks: one item per section's check in its own partition (its attempts and statistics join it
// there, so deleting a section's check is one query and batched deletes), and one small index item per module with a
// summary of each of its checks, read by key beside the module (reports, the reader, mark-complete).
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckSummary } from '@shared/contract/checks';
import type { CheckRecord, CheckStore } from '../port';
import { conditionally, keys, makeTableAccess, prefixedAttributes, queries, type Key, type TableContext } from '../../table/table';

/** One attribute per section in the index item, so saving one check never rewrites another's summary. */
const SUMMARY_PREFIX = 'check#';

/** Checks saved before correctness and answers were two settings hold one `revealAnswers`: it meant both. */
type StoredCheck = CheckRecord | (Omit<CheckRecord, 'showCorrectness' | 'showAnswers'> & { revealAnswers: boolean });

const toRecord = (item: Record<string, unknown>): CheckRecord => {
  const stored = item as unknown as StoredCheck;
  const { moduleId, sectionId, version, attemptCount, updatedAt, passMark, maxAttempts, questions, bands } = stored;
  const { showCorrectness, showAnswers } = 'revealAnswers' in stored ? { showCorrectness: stored.revealAnswers, showAnswers: stored.revealAnswers } : stored;
  return { moduleId, sectionId, version, attemptCount, updatedAt, passMark, maxAttempts, showCorrectness, showAnswers, questions, ...(bands && bands.length > 0 && { bands }) };
};

export const summaryOf = (record: CheckRecord): CheckSummary => ({
  sectionId: record.sectionId,
  version: record.version,
  passMark: record.passMark,
  maxAttempts: record.maxAttempts,
  questionCount: record.questions.length,
  // The path is computed from the module's index alone: the bands go with the pass mark.
  ...(record.bands && record.bands.length > 0 && { bands: record.bands }),
});

export function makeCheckRepository(context: TableContext): CheckStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  const setSummary = (record: CheckRecord) =>
    client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.checkIndex(record.moduleId),
        UpdateExpression: 'SET #summary = :summary, entity = :entity, moduleId = :module',
        ExpressionAttributeNames: { '#summary': `${SUMMARY_PREFIX}${record.sectionId}` },
        ExpressionAttributeValues: { ':summary': summaryOf(record), ':entity': 'CheckIndex', ':module': record.moduleId },
      }),
    );

  return {
    async getCheck(moduleId, sectionId) {
      const item = await table.getItem(keys.check(moduleId, sectionId));
      return item && toRecord(item);
    },

    async saveCheck(record, expected) {
      const written = await conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.check(record.moduleId, record.sectionId), entity: 'Check', ...record },
            ...(expected
              ? {
                  ConditionExpression: `version = :version AND attemptCount = :attempts${expected.updatedAt === undefined ? '' : ' AND updatedAt = :updatedAt'}`,
                  ExpressionAttributeValues: {
                    ':version': expected.version,
                    ':attempts': expected.attemptCount,
                    ...(expected.updatedAt !== undefined && { ':updatedAt': expected.updatedAt }),
                  },
                }
              : { ConditionExpression: 'attribute_not_exists(pk)' }),
          }),
        ),
      );
      // The index follows the check; a failure between the two is repaired by the next save of the check.
      if (written) await setSummary(record);
      return written;
    },

    async listCheckSummaries(moduleIds) {
      const items = await table.batchGetInParallel<Record<string, unknown> & { moduleId: string }>(moduleIds.map(keys.checkIndex));
      return new Map(
        items
          .map((item) => [item.moduleId, Object.values(prefixedAttributes<CheckSummary>(item, SUMMARY_PREFIX))] as const)
          .filter(([, summaries]) => summaries.length > 0),
      );
    },

    async countAttempt(moduleId, sectionId, version) {
      await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.check(moduleId, sectionId),
            UpdateExpression: 'ADD attemptCount :one',
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':one': 1, ':version': version },
          }),
        ),
      );
    },

    /**
     * The index entries go first (a check no index names is invisible), and say which of the sections had a check:
     * only their partitions are queried and deleted, so removing sections without checks costs one conditional update.
     */
    async deleteChecks(moduleId, sectionIds) {
      if (sectionIds.length === 0) return;
      let removed: Record<string, unknown> = {};
      await conditionally(async () => {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.checkIndex(moduleId),
            UpdateExpression: `REMOVE ${sectionIds.map((_, index) => `#section${index}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: Object.fromEntries(sectionIds.map((sectionId, index) => [`#section${index}`, `${SUMMARY_PREFIX}${sectionId}`])),
            ReturnValues: 'UPDATED_OLD',
          }),
        );
        removed = Attributes ?? {};
      });
      for (const sectionId of Object.keys(prefixedAttributes(removed, SUMMARY_PREFIX))) {
        const items = await table.queryByPrefix<Key>(queries.wholeCheck(moduleId, sectionId), { projection: 'pk, sk' });
        await table.batchDelete(items.map(({ pk, sk }) => ({ pk, sk })));
      }
    },
  };
}
