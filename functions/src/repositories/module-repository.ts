// Data access for modules: one item per module, found by id or through the owning teacher's index.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Section } from '../../../shared/entities';
import { batchGet, documentClient, isConditionFailure, keys, queries, queryByPrefix, tableName } from './table';

export interface ModuleRecord {
  moduleId: string;
  ownerId: string;
  title: string;
  description: string;
  sections: Omit<Section, 'downloadUrl'>[];
  createdAt: string;
  updatedAt: string;
}

const toItem = (record: ModuleRecord) => ({
  ...keys.module(record.moduleId),
  ...keys.moduleOwnerIndex(record.ownerId, record.moduleId),
  entity: 'Module',
  ...record,
});

function toRecord(item: Record<string, unknown>): ModuleRecord {
  const { moduleId, ownerId, title, description, sections, createdAt, updatedAt } = item as unknown as ModuleRecord;
  return { moduleId, ownerId, title, description, sections, createdAt, updatedAt };
}

export async function getModule(moduleId: string): Promise<ModuleRecord | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName, Key: keys.module(moduleId), ConsistentRead: true }),
  );
  return Item && toRecord(Item);
}

export async function getModules(moduleIds: string[]): Promise<ModuleRecord[]> {
  const items = await batchGet<Record<string, unknown>>(moduleIds.map(keys.module));
  return items.map(toRecord);
}

export async function listModulesByOwner(ownerId: string): Promise<ModuleRecord[]> {
  const items = await queryByPrefix<Record<string, unknown>>(queries.modulesOfOwner(ownerId), { onOwnerIndex: true });
  return items.map(toRecord);
}

export async function insertModule(record: ModuleRecord): Promise<void> {
  await documentClient.send(
    new PutCommand({ TableName: tableName, Item: toItem(record), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/**
 * Replaces a module only if it is still the version the caller read (same owner, same updatedAt).
 * Returns false when someone else changed or deleted it in between.
 */
export async function replaceModule(record: ModuleRecord, expectedUpdatedAt: string): Promise<boolean> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: toItem(record),
        ConditionExpression: 'ownerId = :owner AND updatedAt = :expected',
        ExpressionAttributeValues: { ':owner': record.ownerId, ':expected': expectedUpdatedAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Deletes a module if the given teacher owns it; returns the deleted module, or undefined. */
export async function deleteOwnedModule(moduleId: string, ownerId: string): Promise<ModuleRecord | undefined> {
  try {
    const { Attributes } = await documentClient.send(
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
}

// ---- Administration (admin branch) ----

/** How many modules a teacher owns (keys only are read). */
export async function countModulesOfOwner(ownerId: string): Promise<number> {
  const items = await queryByPrefix<unknown>(queries.modulesOfOwner(ownerId), { onOwnerIndex: true, projection: 'pk' });
  return items.length;
}
