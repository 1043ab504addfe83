// Data access for LTI login handshakes: one item per state, taken (deleted, answering what it held) by the one launch
// that uses it, so a state and its nonce serve one launch; the table's TTL removes those never used.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_TIME_TO_LIVE_ATTRIBUTE } from '@shared/table';
import type { LoginHandshake, LoginHandshakeStore } from '../port';
import { keys, type TableContext } from '../../table/table';

export function makeHandshakeRepository({ client, tableName }: TableContext): LoginHandshakeStore {
  return {
    async put({ state, nonce, platformId, expiresAt }) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.ltiLogin(state), entity: 'LtiLogin', nonce, platformId, [TABLE_TIME_TO_LIVE_ATTRIBUTE]: expiresAt },
          // A state is random; one already there would be a collision, never to be overwritten.
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async take(state) {
      const { Attributes } = await client.send(new DeleteCommand({ TableName: tableName, Key: keys.ltiLogin(state), ReturnValues: 'ALL_OLD' }));
      if (!Attributes) return undefined;
      const { nonce, platformId, [TABLE_TIME_TO_LIVE_ATTRIBUTE]: expiresAt } = Attributes as Record<string, unknown>;
      return { state, nonce, platformId, expiresAt } as LoginHandshake;
    },
  };
}
