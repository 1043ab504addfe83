// Data access for a launch's short-lived items: the one-time sign-in code (stored by its SHA-256, taken by one
// conditional delete: its person's, before it expires) and the deep linking request waiting for the teacher (answered
// once, by one conditional write). The table's TTL removes both later; a read checks the expiry itself (TTL deletes lag).
import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_TIME_TO_LIVE_ATTRIBUTE } from '@shared/table';
import type { DeepLinkingRequest, DeepLinkingRequestStore, SignInCodeStore } from '../port';
import { conditionally, keys, makeTableAccess, type TableContext } from '../../table/table';

const hashOf = (code: string) => createHash('sha256').update(code).digest('base64url');

export function makeSignInCodeRepository({ client, tableName }: TableContext): SignInCodeStore {
  return {
    async put({ code, userId, expiresAt }) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.ltiSignInCode(hashOf(code)), entity: 'LtiSignInCode', userId, [TABLE_TIME_TO_LIVE_ATTRIBUTE]: expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    redeem: (code, userId, nowSeconds) =>
      conditionally(() =>
        client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.ltiSignInCode(hashOf(code)),
            ConditionExpression: 'userId = :user AND #expires >= :now',
            ExpressionAttributeNames: { '#expires': TABLE_TIME_TO_LIVE_ATTRIBUTE },
            ExpressionAttributeValues: { ':user': userId, ':now': nowSeconds },
          }),
        ),
      ),
  };
}

type RequestItem = Omit<DeepLinkingRequest, 'expiresAt'> & { pk: string; sk: string; entity: string; [TABLE_TIME_TO_LIVE_ATTRIBUTE]: number };

export function makeDeepLinkingRequestRepository(context: TableContext): DeepLinkingRequestStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);
  return {
    async put({ expiresAt, ...request }) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.ltiDeepLinkingRequest(request.requestId), entity: 'LtiDeepLinkingRequest', ...request, [TABLE_TIME_TO_LIVE_ATTRIBUTE]: expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async get(requestId, nowSeconds) {
      const item = await table.getItem<RequestItem>(keys.ltiDeepLinkingRequest(requestId));
      if (!item || item[TABLE_TIME_TO_LIVE_ATTRIBUTE] < nowSeconds) return undefined;
      const { pk: _pk, sk: _sk, entity: _entity, [TABLE_TIME_TO_LIVE_ATTRIBUTE]: expiresAt, ...request } = item;
      return { ...request, expiresAt };
    },

    // One conditional write: of two answers racing (a double click, a second tab), one records it.
    markAnswered: (requestId, answeredAt) =>
      conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.ltiDeepLinkingRequest(requestId),
            UpdateExpression: 'SET answeredAt = :at',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(answeredAt)',
            ExpressionAttributeValues: { ':at': answeredAt },
          }),
        ),
      ),
  };
}
