// Data access for file references: one item per stored file listing the modules that use it (a string set), changed
// only with conditional writes, so that checking "is anyone still using this file?" and deleting it cannot race a
// module that starts using it.
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FileReferenceStore } from '../port';
import { conditionally, isConditionFailure, keys, type TableContext } from '../../table/table';

export function makeFileReferenceRepository({ client, tableName }: TableContext): FileReferenceStore {
  /** Removes one module from a file's users; the users left, or undefined when it was not one of them. */
  async function removeUser(moduleId: string, key: string): Promise<Set<string> | undefined> {
    try {
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.fileReferences(key),
          UpdateExpression: 'DELETE moduleIds :module',
          ConditionExpression: 'contains(moduleIds, :id)',
          ExpressionAttributeValues: { ':module': new Set([moduleId]), ':id': moduleId },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return (Attributes?.moduleIds as Set<string> | undefined) ?? new Set();
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  return {
    async addReferences(moduleId, fileKeys) {
      const refused = await Promise.all(
        fileKeys.map(async (key) => {
          const added = await conditionally(() =>
            client.send(
              new UpdateCommand({
                TableName: tableName,
                Key: keys.fileReferences(key),
                UpdateExpression: 'ADD moduleIds :module SET entity = :entity, contentUrl = :key',
                ConditionExpression: 'attribute_not_exists(deletingAt)',
                ExpressionAttributeValues: { ':module': new Set([moduleId]), ':entity': 'FileReferences', ':key': key },
              }),
            ),
          );
          return added ? [] : [key];
        }),
      );
      return refused.flat();
    },

    async withdrawReferences(moduleId, fileKeys) {
      await Promise.all(
        fileKeys.map(async (key) => {
          const usersLeft = await removeUser(moduleId, key);
          if (usersLeft?.size !== 0) return;
          // Nobody else uses it: leave no record behind, unless someone started using it in between.
          await conditionally(() =>
            client.send(
              new DeleteCommand({
                TableName: tableName,
                Key: keys.fileReferences(key),
                ConditionExpression: 'attribute_not_exists(moduleIds) AND attribute_not_exists(deletingAt)',
              }),
            ),
          );
        }),
      );
    },

    async releaseReference(moduleId, key) {
      const usersLeft = await removeUser(moduleId, key);
      if (usersLeft?.size !== 0) return false;
      return conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.fileReferences(key),
            UpdateExpression: 'SET deletingAt = :now',
            ConditionExpression: 'attribute_not_exists(moduleIds) AND attribute_not_exists(deletingAt)',
            ExpressionAttributeValues: { ':now': new Date().toISOString() },
          }),
        ),
      );
    },

    async forgetFile(key) {
      const forgotten = await conditionally(() =>
        client.send(
          new DeleteCommand({ TableName: tableName, Key: keys.fileReferences(key), ConditionExpression: 'attribute_exists(deletingAt)' }),
        ),
      );
      // The file's text goes with it (the file was deleted from storage before).
      if (forgotten) await client.send(new DeleteCommand({ TableName: tableName, Key: keys.fileText(key) }));
    },
  };
}
