// Mocked AWS clients for handler tests: DynamoDB (document client) and S3, reset before every test, plus a
// read-only fake of the table so a test can say "given these items" and assert only the commands that matter.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteObjectsCommand,
  HeadObjectCommand,
  NotFound,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

export type Item = Record<string, unknown> & { pk: string; sk: string };

export function mockAws() {
  const ddb = mockClient(DynamoDBDocumentClient);
  const s3 = mockClient(S3Client);
  beforeEach(() => {
    ddb.reset();
    s3.reset();
  });
  return { ddb, s3 };
}

export type DynamoMock = ReturnType<typeof mockAws>['ddb'];
export type S3Mock = ReturnType<typeof mockAws>['s3'];

/**
 * Answers GetItem, BatchGetItem and the two Query shapes the repositories use
 * (`pk = :x AND begins_with(sk, :p)` on the table or on gsi1) from a fixed list of items.
 * Writes succeed with an empty answer unless a test says otherwise.
 */
export function givenTable(ddb: DynamoMock, items: Item[]): void {
  const find = (key: { pk: string; sk: string }) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  ddb.on(GetCommand).callsFake(({ Key }) => ({ Item: copy(find(Key)) }));
  ddb.on(BatchGetCommand).callsFake(({ RequestItems }) => ({
    Responses: Object.fromEntries(
      Object.entries(RequestItems ?? {}).map(([table, request]) => [
        table,
        ((request as { Keys?: Item[] }).Keys ?? []).map((key) => copy(find(key))).filter(Boolean),
      ]),
    ),
  }));
  ddb.on(QueryCommand).callsFake(({ KeyConditionExpression, ExpressionAttributeValues, IndexName }) => {
    const shape = /^(\w+) = (:\w+) AND begins_with\((\w+), (:\w+)\)$/.exec(KeyConditionExpression ?? '');
    if (!shape) throw new Error(`The fake table cannot answer the query ${KeyConditionExpression}`);
    const [, hashName, hashValue, rangeName, prefixValue] = shape;
    const expectedNames = IndexName === 'gsi1' ? ['gsi1pk', 'gsi1sk'] : ['pk', 'sk'];
    if (hashName !== expectedNames[0] || rangeName !== expectedNames[1]) {
      throw new Error(`Query keys ${hashName}/${rangeName} do not belong to ${IndexName ?? 'the table'}`);
    }
    const values = ExpressionAttributeValues ?? {};
    const matching = items.filter(
      (item) => item[hashName] === values[hashValue] && String(item[rangeName] ?? '').startsWith(String(values[prefixValue])),
    );
    return { Items: matching.map(copy) };
  });
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  ddb.on(BatchWriteCommand).resolves({});
}

const copy = <T>(value: T): T => (value === undefined ? value : structuredClone(value));

/** Files in the bucket, by key, with their media type; HeadObject of anything else is a 404. */
export function givenFiles(s3: S3Mock, files: Record<string, string>): void {
  s3.on(HeadObjectCommand).callsFake(({ Key }) => {
    if (!(Key in files)) throw new NotFound({ message: 'Not Found', $metadata: { httpStatusCode: 404 } });
    return { ContentType: files[Key], ContentLength: 1024 };
  });
  s3.on(DeleteObjectsCommand).resolves({});
}

export const conditionFailure = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

/** An S3 error as the SDK raises it, by its name. */
export const s3Error = (name: string, statusCode = 400): S3ServiceException =>
  Object.assign(new Error(name), { name, $fault: 'client', $metadata: { httpStatusCode: statusCode } }) as S3ServiceException;

/** Asserts that nothing was written to the table or the bucket. */
export function expectNoWrites({ ddb, s3 }: { ddb: DynamoMock; s3?: S3Mock }): void {
  expect(ddb).not.toReceiveCommand(PutCommand);
  expect(ddb).not.toReceiveCommand(UpdateCommand);
  expect(ddb).not.toReceiveCommand(DeleteCommand);
  expect(ddb).not.toReceiveCommand(BatchWriteCommand);
  if (s3) expect(s3).not.toReceiveCommand(DeleteObjectsCommand);
}
