// The exact DynamoDB commands the domain settings send.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { makeDomainSettingRepository } from './domain-setting-repository';

const { ddb } = mockAws();
const settings = makeDomainSettingRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'school-table' });
const key = { pk: 'SCHOOL', sk: 'SIGN_IN_DOMAIN#school.example' };

test('a domain is open only when its item says so: off without one', async () => {
  ddb.on(GetCommand).resolvesOnce({ Item: { ...key, domain: 'school.example', studentsMayJoin: true } }).resolvesOnce({});
  expect(await settings.studentsMayJoin('school.example')).toBe(true);
  expect(await settings.studentsMayJoin('school.example')).toBe(false);
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'school-table', Key: key });
});

test('save puts the whole choice in its item', async () => {
  await settings.save({ domain: 'school.example', studentsMayJoin: true });
  expect(ddb).toReceiveCommandWith(PutCommand, { TableName: 'school-table', Item: { ...key, domain: 'school.example', studentsMayJoin: true } });
});

test('list reads every page of the domains set', async () => {
  ddb
    .on(QueryCommand)
    .resolvesOnce({ Items: [{ ...key, domain: 'school.example', studentsMayJoin: true }], LastEvaluatedKey: key })
    .resolvesOnce({ Items: [{ pk: 'SCHOOL', sk: 'SIGN_IN_DOMAIN#staff.school.example', domain: 'staff.school.example', studentsMayJoin: false }] });
  expect(await settings.list()).toEqual([
    { domain: 'school.example', studentsMayJoin: true },
    { domain: 'staff.school.example', studentsMayJoin: false },
  ]);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': 'SCHOOL', ':prefix': 'SIGN_IN_DOMAIN#' },
  });
});
