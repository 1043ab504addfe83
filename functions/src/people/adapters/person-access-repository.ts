// Data access for each person's access record (`ACCESS#{sub}` / `ACCESS`, people/port.ts PersonAccess): read by key
// on every API request, each change one conditional UpdateItem.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PersonAccess, PersonAccessStore } from '../port';
import { conditionally, keys, type TableContext } from '../../table/table';

export function makePersonAccessRepository({ client, tableName }: TableContext): PersonAccessStore {
  const Key = (userId: string) => keys.personAccess(userId);
  return {
    async read(userId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: Key(userId), ConsistentRead: true }));
      const { tokensRevokedAt, secondFactorSince, roleChangeUntil, roleVersion } = (Item ?? {}) as PersonAccess;
      return { tokensRevokedAt, secondFactorSince, roleChangeUntil, roleVersion };
    },

    async revokeTokens(userId, atSecond) {
      await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: Key(userId),
            UpdateExpression: 'SET tokensRevokedAt = :at',
            ConditionExpression: 'attribute_not_exists(tokensRevokedAt) OR tokensRevokedAt < :at',
            ExpressionAttributeValues: { ':at': atSecond },
          }),
        ),
      );
    },

    async markSecondFactorOn(userId, at) {
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: Key(userId),
          UpdateExpression: 'SET secondFactorSince = if_not_exists(secondFactorSince, :at)',
          ExpressionAttributeValues: { ':at': at },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(Attributes?.secondFactorSince ?? at);
    },

    async forgetSecondFactor(userId) {
      await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: Key(userId),
            UpdateExpression: 'REMOVE secondFactorSince',
            ConditionExpression: 'attribute_exists(secondFactorSince)',
          }),
        ),
      );
    },

    beginRoleChange(userId, now, until) {
      return conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: Key(userId),
            UpdateExpression: 'SET roleChangeUntil = :until ADD roleVersion :one',
            ConditionExpression: 'attribute_not_exists(roleChangeUntil) OR roleChangeUntil < :now',
            ExpressionAttributeValues: { ':until': until, ':now': now, ':one': 1 },
          }),
        ),
      );
    },

    async endRoleChange(userId, until) {
      await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: Key(userId),
            UpdateExpression: 'REMOVE roleChangeUntil',
            ConditionExpression: 'roleChangeUntil = :until',
            ExpressionAttributeValues: { ':until': until },
          }),
        ),
      );
    },
  };
}
