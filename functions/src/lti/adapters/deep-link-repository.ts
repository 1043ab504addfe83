// Data access for teachers' deep linking requests: one item per request, put by its launch, read by the deep linking
// page, and marked answered by one conditional write, so a double click, a second tab or a replay answers it once;
// the table's TTL removes it after its expiry.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_TIME_TO_LIVE_ATTRIBUTE } from '@shared/table';
import type { LtiDeepLinkRequest, LtiDeepLinkStore, StoredLtiDeepLinkRequest } from '../port';
import { conditionally, keys, makeTableAccess, type TableContext } from '../../table/table';

type DeepLinkItem = Omit<LtiDeepLinkRequest, 'expiresAt'> & { pk: string; sk: string; entity: string; [TABLE_TIME_TO_LIVE_ATTRIBUTE]: number; answeredAt?: string };

export function makeDeepLinkRepository(context: TableContext): LtiDeepLinkStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);
  return {
    async put({ expiresAt, ...request }) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.ltiDeepLink(request.requestId), entity: 'LtiDeepLink', ...request, [TABLE_TIME_TO_LIVE_ATTRIBUTE]: expiresAt },
          // The id is random; one already there would be a collision, never to be overwritten.
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async get(requestId) {
      const item = await table.getItem<DeepLinkItem>(keys.ltiDeepLink(requestId));
      if (!item) return undefined;
      const { pk: _pk, sk: _sk, entity: _entity, [TABLE_TIME_TO_LIVE_ATTRIBUTE]: expiresAt, ...request } = item;
      return { ...request, expiresAt } satisfies StoredLtiDeepLinkRequest;
    },

    markAnswered: (requestId, answeredAt) =>
      conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.ltiDeepLink(requestId),
            UpdateExpression: 'SET answeredAt = :at',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(answeredAt)',
            ExpressionAttributeValues: { ':at': answeredAt },
          }),
        ),
      ),
  };
}
