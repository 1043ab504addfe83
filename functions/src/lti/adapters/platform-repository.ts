// Data access for the registered LTI platforms: one item per platform and one per issuer and client ID pair (holding
// the pair to one registration), in the `LTI` partition, always written together in one transaction.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { LtiPlatformRecord, LtiPlatformStore } from '../port';
import { cancellationCodes, keys, makeTableAccess, queries, type TableContext } from '../../table/table';

const FAILED = 'ConditionalCheckFailed';

type PlatformItem = LtiPlatformRecord & { pk: string; sk: string; entity: string };

const toRecord = ({ pk: _pk, sk: _sk, entity: _entity, ...record }: PlatformItem): LtiPlatformRecord => record;

export function makeLtiPlatformRepository(context: TableContext): LtiPlatformStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  const platformPut = (record: LtiPlatformRecord, ConditionExpression: string, ExpressionAttributeValues?: Record<string, unknown>) => ({
    Put: { TableName: tableName, Item: { ...keys.ltiPlatform(record.platformId), entity: 'LtiPlatform', ...record }, ConditionExpression, ExpressionAttributeValues },
  });
  const clientPut = ({ issuer, clientId, platformId }: LtiPlatformRecord) => ({
    Put: { TableName: tableName, Item: { ...keys.ltiClient(issuer, clientId), entity: 'LtiClient', platformId }, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  const clientDelete = ({ issuer, clientId, platformId }: LtiPlatformRecord) => ({
    Delete: { TableName: tableName, Key: keys.ltiClient(issuer, clientId), ConditionExpression: 'platformId = :id', ExpressionAttributeValues: { ':id': platformId } },
  });

  /** The cancellation codes of a transaction refused by a condition; other failures propagate. */
  async function transact(items: object[]): Promise<string[] | undefined> {
    try {
      await client.send(new TransactWriteCommand({ TransactItems: items as never }));
      return undefined;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes?.includes(FAILED)) throw error;
      return codes;
    }
  }

  return {
    async list() {
      return (await table.queryByPrefix<PlatformItem>(queries.ltiPlatforms(), { consistent: true })).map(toRecord);
    },

    async get(platformId) {
      const item = await table.getItem<PlatformItem>(keys.ltiPlatform(platformId));
      return item && toRecord(item);
    },

    async insert(record) {
      return (await transact([platformPut(record, 'attribute_not_exists(pk)'), clientPut(record)])) === undefined;
    },

    /** Holds to the registration as read (its `updatedAt`); moves the pair's item when the issuer or client ID changed. */
    async replace(before, after) {
      const asRead = platformPut(after, 'updatedAt = :was', { ':was': before.updatedAt });
      const moved = before.issuer !== after.issuer || before.clientId !== after.clientId;
      const codes = await transact(moved ? [asRead, clientDelete(before), clientPut(after)] : [asRead]);
      if (!codes) return 'replaced';
      return codes[0] === FAILED || codes[1] === FAILED ? 'missing' : 'taken';
    },

    async remove(record) {
      const platform = {
        Delete: {
          TableName: tableName,
          Key: keys.ltiPlatform(record.platformId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      };
      return (await transact([platform, clientDelete(record)])) === undefined;
    },
  };
}
