// The audit trail: one item per admin change under one partition, sorted by time, read newest first. Admin changes
// are a few a minute at most, well within one partition's throughput.
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { AUDIT_ACTIONS } from '@shared/people';
import type { AuditEntry } from '@shared/contract/audit';
import { invalid } from '../../kernel/errors';
import type { AuditLog } from '../port';
import { keys, queries, type TableContext } from '../../table/table';

export function makeDynamoAuditLog({ client, tableName }: TableContext): AuditLog {
  return {
    async record(entry) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.auditEntry(entry.at, randomUUID()), entity: 'AuditEntry', ...entry },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async page({ actorId, action, from, to, next }, pageSize) {
      const { partition } = queries.auditTrail();
      // Sort keys are `{at}#{id}`: every entry at or after `from`, and at or before `to`.
      const lower = from ?? '';
      const upper = `${to ?? '~'}#~`;
      const after = next === undefined ? undefined : decodeCursor(next);
      // A cursor sent with other filters than its page's may lie outside the range, where DynamoDB refuses to start:
      // above it, every entry of the range comes after it; below it, none does.
      if (after !== undefined && after < lower) return { entries: [] };
      const filters: string[] = [];
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':partition': partition, ':lower': lower, ':upper': upper };
      for (const [field, value] of [['actorId', actorId], ['action', action]] as const) {
        if (!value) continue;
        names[`#${field}`] = field;
        values[`:${field}`] = value;
        filters.push(`#${field} = :${field}`);
      }
      const entries: { entry: AuditEntry; sk: string }[] = [];
      let startKey: Record<string, unknown> | undefined = after === undefined || after > upper ? undefined : { pk: partition, sk: after };
      let moreMayFollow = false;
      while (entries.length < pageSize) {
        const page: QueryCommandOutput = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :partition AND sk BETWEEN :lower AND :upper',
            ...(filters.length ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names } : { Limit: pageSize - entries.length }),
            ExpressionAttributeValues: values,
            ScanIndexForward: false,
            ExclusiveStartKey: startKey,
          }),
        );
        const items = page.Items ?? [];
        const taken = items.slice(0, pageSize - entries.length);
        for (const item of taken) {
          const entry = toEntry(item);
          if (entry) entries.push({ entry, sk: item.sk as string });
        }
        moreMayFollow = taken.length < items.length || page.LastEvaluatedKey !== undefined;
        if (taken.length < items.length) break;
        startKey = page.LastEvaluatedKey;
        if (!startKey) break;
      }
      const last = entries.at(-1);
      return { entries: entries.map(({ entry }) => entry), ...(moreMayFollow && last ? { next: encodeCursor(last.sk) } : {}) };
    },

    async about(userId, email) {
      const entries: AuditEntry[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page: QueryCommandOutput = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :partition',
            FilterExpression: 'actorId = :userId OR subjectId = :userId OR contains(subject, :email)',
            ExpressionAttributeValues: { ':partition': queries.auditTrail().partition, ':userId': userId, ':email': email },
            ExclusiveStartKey,
          }),
        );
        entries.push(...(page.Items ?? []).map(toEntry).filter((entry): entry is AuditEntry => entry !== undefined));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return entries;
    },

    async recent(limit) {
      const { partition } = queries.auditTrail();
      const { Items = [] } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :partition',
          ExpressionAttributeValues: { ':partition': partition },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return Items.map(toEntry).filter((entry): entry is AuditEntry => entry !== undefined);
    },
  };
}

const CURSOR_ERROR = 'next is not one this list gave; start again without it.';
const encodeCursor = (sortKey: string) => Buffer.from(sortKey, 'utf8').toString('base64url');

/** The sort key a page continues after; refused unless it is exactly what encodeCursor gave for an entry's key. */
function decodeCursor(next: string): string {
  const sortKey = Buffer.from(next, 'base64url').toString('utf8');
  if (!next || encodeCursor(sortKey) !== next || !/^\d{4}-\d\d-\d\dT[^#]+#[0-9a-f-]+$/.test(sortKey)) throw invalid(CURSOR_ERROR, { next: CURSOR_ERROR });
  return sortKey;
}

function toEntry(item: Record<string, unknown>): AuditEntry | undefined {
  const { at, actorId, actor, action, subject, subjectId, detail } = item as Partial<AuditEntry>;
  if (!at || !actorId || !actor || !action || !AUDIT_ACTIONS.includes(action) || !subject) return undefined;
  return { at, actorId, actor, action, subject, ...(subjectId ? { subjectId } : {}), ...(detail ? { detail } : {}) };
}
