// The exact commands the daily drafting limits send: one conditional ADD on the teacher's (or the school's) counter for the day.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { TEACHER_ID } from '@test/unit-helpers/events';
import { makeDraftQuota } from './draft-quota';

const { ddb } = mockAws();
const quota = makeDraftQuota({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' });

it("counts a drafting run on the teacher's item for the UTC day, under the limit, expiring a day after the day ends", async () => {
  ddb.on(UpdateCommand).resolves({});
  await expect(quota.takeDraft({ teacherId: TEACHER_ID }, '2024-06-01', 30)).resolves.toBe(true);
  expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
    TableName: 'table',
    Key: { pk: `USER#${TEACHER_ID}`, sk: 'DRAFTS#2024-06-01' },
    UpdateExpression: 'ADD drafts :one SET #expires = if_not_exists(#expires, :expires)',
    ConditionExpression: 'attribute_not_exists(drafts) OR drafts < :max',
    ExpressionAttributeNames: { '#expires': 'expiresAtEpoch' },
    ExpressionAttributeValues: { ':one': 1, ':max': 30, ':expires': Date.parse('2024-06-03T00:00:00Z') / 1000 },
  });
});

it('answers false, counting nothing, once the limit is reached', async () => {
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(quota.takeDraft({ teacherId: TEACHER_ID }, '2024-06-01', 30)).resolves.toBe(false);
});

it("gives back a run that produced no drafts: one conditional ADD of -1 on the same item, never below zero", async () => {
  ddb.on(UpdateCommand).resolves({});
  await quota.returnDraft({ teacherId: TEACHER_ID }, '2024-06-01');
  expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
    TableName: 'table',
    Key: { pk: `USER#${TEACHER_ID}`, sk: 'DRAFTS#2024-06-01' },
    UpdateExpression: 'ADD drafts :minusOne',
    ConditionExpression: 'drafts > :zero',
    ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
  });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(quota.returnDraft({ teacherId: TEACHER_ID }, '2024-06-01')).resolves.toBeUndefined();
});

it("counts the school's runs on one item per UTC day, the same way", async () => {
  ddb.on(UpdateCommand).resolves({});
  await expect(quota.takeDraft('school', '2024-06-01', 600)).resolves.toBe(true);
  await quota.returnDraft('school', '2024-06-01');
  expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
    Key: { pk: 'SCHOOL', sk: 'DRAFTS#2024-06-01' },
    UpdateExpression: 'ADD drafts :one SET #expires = if_not_exists(#expires, :expires)',
    ExpressionAttributeValues: { ':one': 1, ':max': 600, ':expires': Date.parse('2024-06-03T00:00:00Z') / 1000 },
  });
  expect(ddb).toHaveReceivedCommandWith(UpdateCommand, { Key: { pk: 'SCHOOL', sk: 'DRAFTS#2024-06-01' }, UpdateExpression: 'ADD drafts :minusOne' });
});
