// The exact commands for settled drafts: one atomic ADD to the section's string set in the check's partition, one read.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { makeSettledDraftStore } from './settled-drafts';

const { ddb } = mockAws();
const store = makeSettledDraftStore({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' });
const key = { pk: 'CHECK#m1#s1', sk: 'DRAFTS-SETTLED' };

it('adds the keys to the set in one UpdateItem and answers the set\u2019s size', async () => {
  ddb.on(UpdateCommand).resolves({ Attributes: { passages: new Set(['a', 'b', 'c']) } });
  await expect(store.settle('m1', 's1', ['a', 'b'])).resolves.toBe(3);
  expect(ddb).toHaveReceivedCommandWith(UpdateCommand, { TableName: 'table', Key: key, UpdateExpression: 'ADD passages :keys', ExpressionAttributeValues: { ':keys': new Set(['a', 'b']) } });
});

it('reads the settled keys, none when the section has no item yet', async () => {
  ddb.on(GetCommand).resolvesOnce({ Item: { ...key, passages: new Set(['a']) } }).resolvesOnce({});
  await expect(store.settledKeys('m1', 's1')).resolves.toEqual(new Set(['a']));
  await expect(store.settledKeys('m1', 's1')).resolves.toEqual(new Set());
});
