// The DynamoDB twin's TransactWriteItems keeps DynamoDB's promise: all of a transaction's writes or none, every
// condition checked first (with the reasons and, when asked, the item that failed), no two operations on one item,
// and no lost update against transactions or single-item writes running at the same time; what it commits is on disk.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable, startDatabase, type DatabaseTwin } from './database';
import { LOCAL_CREDENTIALS } from './stack-config';

const TABLE = 'twin-table';
let directory: string;
let twin: DatabaseTwin;
let client: DynamoDBDocumentClient;

async function start() {
  twin = await startDatabase({ directory, host: '127.0.0.1', port: 0 });
  await ensureTable(twin.endpoint, 'us-east-1', TABLE);
  client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: twin.endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS }));
}

async function stop() {
  client.destroy();
  await twin.close();
}

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'dynamodb-twin-'));
  await start();
});
afterAll(async () => {
  await stop();
  await rm(directory, { recursive: true, force: true });
});

const get = async (sk: string) => (await client.send(new GetCommand({ TableName: TABLE, Key: { pk: 'P', sk }, ConsistentRead: true }))).Item;

/** A new item (only if absent, and put on the owner index) and one more on a shared counter. */
const createAndCount = (sk: string, counter = 'COUNTER') =>
  client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: TABLE,
            Key: { pk: 'P', sk },
            UpdateExpression: 'ADD tags :tag SET gsi1pk = :owner, gsi1sk = :sort',
            ConditionExpression: 'attribute_not_exists(tags)',
            ExpressionAttributeValues: { ':tag': new Set(['a']), ':owner': 'OWNER', ':sort': sk },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        { Update: { TableName: TABLE, Key: { pk: 'P', sk: counter }, UpdateExpression: 'ADD hits :one', ExpressionAttributeValues: { ':one': 1 } } },
      ],
    }),
  );

it('writes all of a transaction, index entries included, or, when any condition fails, none of it with the reasons', async () => {
  await createAndCount('ITEM#1', 'COUNTER#1');
  expect(await get('COUNTER#1')).toMatchObject({ hits: 1 });

  const failure = await createAndCount('ITEM#1', 'COUNTER#1').catch((error: unknown) => error);
  expect(failure).toMatchObject({
    name: 'TransactionCanceledException',
    CancellationReasons: [
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: expect.objectContaining({ sk: { S: 'ITEM#1' } }) },
      { Code: 'None' },
    ],
  });
  // The counter's update was not applied: the transaction changed nothing.
  expect(await get('COUNTER#1')).toMatchObject({ hits: 1 });
  const indexed = await client.send(
    new QueryCommand({ TableName: TABLE, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :owner', ExpressionAttributeValues: { ':owner': 'OWNER' } }),
  );
  expect(indexed.Items?.map((item) => item.sk)).toEqual(['ITEM#1']);
});

it('refuses two operations on one item, and changes nothing', async () => {
  const update = { TableName: TABLE, Key: { pk: 'P', sk: 'TWICE' }, UpdateExpression: 'ADD hits :one', ExpressionAttributeValues: { ':one': 1 } };
  await expect(client.send(new TransactWriteCommand({ TransactItems: [{ Update: update }, { Update: update }] }))).rejects.toMatchObject({
    name: 'ValidationException',
    message: 'Transaction request cannot include multiple operations on one item',
  });
  expect(await get('TWICE')).toBeUndefined();
});

it('loses no update when transactions and single-item writes of the same counter run at once', async () => {
  const plainAdd = () =>
    client.send(new UpdateCommand({ TableName: TABLE, Key: { pk: 'P', sk: 'SHARED' }, UpdateExpression: 'ADD hits :one', ExpressionAttributeValues: { ':one': 1 } }));
  await Promise.all(Array.from({ length: 40 }, (_, index) => [createAndCount(`RACE#${index}`, 'SHARED'), plainAdd()]).flat());
  expect(await get('SHARED')).toMatchObject({ hits: 80 });
});

it('keeps what it committed on disk across a restart', async () => {
  await createAndCount('DURABLE', 'COUNTER#DURABLE');
  await stop();
  await start();
  expect(await get('DURABLE')).toMatchObject({ tags: new Set(['a']) });
  expect(await get('COUNTER#DURABLE')).toMatchObject({ hits: 1 });
});
