// The audit trail: one item per admin change under one partition, sorted by time, read newest first. Admin changes
// are a few a minute at most, well within one partition's throughput.
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AUDIT_ACTIONS, type AuditEntry } from '@shared/people';
import type { AuditLog } from '../domain/ports';
import { keys, queries, type TableContext } from './table';

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

function toEntry(item: Record<string, unknown>): AuditEntry | undefined {
  const { at, actorId, actor, action, subject, detail } = item as Partial<AuditEntry>;
  if (!at || !actorId || !actor || !action || !AUDIT_ACTIONS.includes(action) || !subject) return undefined;
  return { at, actorId, actor, action, subject, ...(detail ? { detail } : {}) };
}
