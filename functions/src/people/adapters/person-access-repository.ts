// Data access for each person's access record (`ACCESS#{sub}` / `ACCESS`, people/port.ts PersonAccess): read by key
// on every API request, beside the person's erase job (`ERASURE#{pseudonym}`) in the same BatchGetItem, so an erased
// person's tokens are refused with no item naming them and no added round trip; each change one conditional UpdateItem.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PersonAccess, PersonAccessStore } from '../port';
import { pseudonymOf } from '../../erasure/adapters/pseudonym';
import { conditionally, keys, makeTableAccess, type TableContext } from '../../table/table';

/** What the read asks of both items: the record's fields, and of the erase job only that it exists (not the person it names while it runs). */
const READ_ATTRIBUTES = ['pk', 'tokensRevokedAt', 'secondFactorSince', 'roleChangeUntil', 'roleVersion'];

export function makePersonAccessRepository(context: TableContext): PersonAccessStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);
  const Key = (userId: string) => keys.personAccess(userId);
  return {
    async read(userId) {
      const record = Key(userId);
      const items = await table.batchGetAttributes<PersonAccess & { pk: string }>([record, keys.erasureJob(pseudonymOf(userId))], READ_ATTRIBUTES);
      const { tokensRevokedAt, secondFactorSince, roleChangeUntil, roleVersion } = items.find((item) => item.pk === record.pk) ?? {};
      const erased = items.some((item) => item.pk !== record.pk);
      return { tokensRevokedAt, secondFactorSince, roleChangeUntil, roleVersion, ...(erased && { erased }) };
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
