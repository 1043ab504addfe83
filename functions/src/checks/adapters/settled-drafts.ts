// Data access for the drafts a teacher settled (saved or discarded) per section: one item in the check's partition (so
// deleting the check's partition takes it along) holding a string set of passage keys, grown with an atomic ADD.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SettledDraftStore } from '../port';
import { keys, makeTableAccess, type TableContext } from '../../table/table';

export function makeSettledDraftStore(context: TableContext): SettledDraftStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);
  return {
    async settle(moduleId, sectionId, passageKeys) {
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.settledDrafts(moduleId, sectionId),
          UpdateExpression: 'ADD passages :keys',
          ExpressionAttributeValues: { ':keys': new Set(passageKeys) },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return (Attributes?.passages as Set<string> | undefined)?.size ?? 0;
    },
    async settledKeys(moduleId, sectionId) {
      const item = await table.getItem<{ passages?: Set<string> }>(keys.settledDrafts(moduleId, sectionId));
      return new Set(item?.passages ?? []);
    },
  };
}
