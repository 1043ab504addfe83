// Data access for modules: one item per module, found by id or through the owning teacher's index.
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ModuleRecord, ModuleStore } from '../port';
import { conditionally, isConditionFailure, keys, makeTableAccess, queries, type TableContext } from '../../table/table';

const toItem = (record: ModuleRecord) => ({
  ...keys.module(record.moduleId),
  ...keys.moduleOwnerIndex(record.ownerId, record.moduleId),
  entity: 'Module',
  ...record,
});

function toRecord(item: Record<string, unknown>): ModuleRecord {
  const { moduleId, ownerId, title, description, sections, sequential, createdAt, updatedAt } = item as unknown as ModuleRecord;
  return { moduleId, ownerId, title, description, sections, ...(sequential === undefined ? {} : { sequential }), createdAt, updatedAt };
}

export function makeModuleRepository(context: TableContext): ModuleStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  return {
    async getModule(moduleId) {
      const item = await table.getItem(keys.module(moduleId));
      return item && toRecord(item);
    },

    async getModules(moduleIds) {
      const items = await table.batchGet<Record<string, unknown>>(moduleIds.map(keys.module));
      return items.map(toRecord);
    },

    async listModulesByOwner(ownerId) {
      const items = await table.queryByPrefix<Record<string, unknown>>(queries.modulesOfOwner(ownerId), { onOwnerIndex: true });
      return items.map(toRecord);
    },

    insertModule: (record) =>
      conditionally(() =>
        client.send(
          new PutCommand({ TableName: tableName, Item: toItem(record), ConditionExpression: 'attribute_not_exists(pk)' }),
        ),
      ),

    replaceModule: (record, expectedUpdatedAt) =>
      conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: toItem(record),
            ConditionExpression: 'ownerId = :owner AND updatedAt = :expected',
            ExpressionAttributeValues: { ':owner': record.ownerId, ':expected': expectedUpdatedAt },
          }),
        ),
      ),

    async deleteOwnedModule(moduleId, ownerId) {
      try {
        const { Attributes } = await client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.module(moduleId),
            ConditionExpression: 'ownerId = :owner',
            ExpressionAttributeValues: { ':owner': ownerId },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return Attributes && toRecord(Attributes);
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    transferModule(moduleId, fromOwnerId, toOwnerId, sections) {
      const index = keys.moduleOwnerIndex(toOwnerId, moduleId);
      return conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.module(moduleId),
            UpdateExpression: `SET ownerId = :to, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk${sections ? ', sections = :sections' : ''}`,
            ConditionExpression: 'ownerId = :from',
            ExpressionAttributeValues: { ':from': fromOwnerId, ':to': toOwnerId, ':gsi1pk': index.gsi1pk, ':gsi1sk': index.gsi1sk, ...(sections && { ':sections': sections }) },
          }),
        ),
      );
    },

    /** Keys only are read. */
    async listModuleVersionsByOwner(ownerId) {
      return table.queryByPrefix<{ moduleId: string; updatedAt: string }>(queries.modulesOfOwner(ownerId), {
        onOwnerIndex: true,
        projection: 'moduleId, updatedAt',
      });
    },

    async countModulesOfOwner(ownerId) {
      const items = await table.queryByPrefix<unknown>(queries.modulesOfOwner(ownerId), { onOwnerIndex: true, projection: 'pk' });
      return items.length;
    },
  };
}
