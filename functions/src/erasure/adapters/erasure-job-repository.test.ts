// The exact DynamoDB commands of the erase jobs, and the promises the erase's resumption rests on: a second start works
// on the first job (its steps done and sweep position), finished steps are a set, and a finished job keeps nothing of
// the person (it stays for good: its existence refuses their tokens, people/adapters/person-access-repository.ts).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import type { ErasureJob } from '../port';
import { makeErasureJobRepository } from './erasure-job-repository';

const { ddb } = mockAws();
const jobs = makeErasureJobRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'jobs-table' });
const key = { pk: 'ERASURE#erased-abc', sk: 'ERASURE' };
const outcome = { pseudonym: 'erased-abc', modules: { outcome: 'none', count: 0 }, classes: { outcome: 'none', count: 0 } } as const;
const job: ErasureJob = {
  pseudonym: 'erased-abc',
  person: { userId: 'u-1', email: 'sam@example.com', name: 'Sam Student', role: 'Students' },
  actorId: 'admin-1',
  startedAt: '2026-12-07T02:00:00.000Z',
  studentClassIds: ['class-1'],
  moduleIds: [],
  taughtClassIds: [],
  outcome,
  done: [],
};
const { done: _done, ...stored } = job;
const storedItem = { ...key, entity: 'ErasureJob', ...stored };

test('start puts the job only where none is under the pseudonym', async () => {
  ddb.on(PutCommand).resolves({});
  expect(await jobs.start(job)).toEqual(job);
  expect(ddb).toHaveReceivedCommandWith(PutCommand, { TableName: 'jobs-table', Item: storedItem, ConditionExpression: 'attribute_not_exists(pk)' });
});

test('a second start (a call after a crash, or at the same time) works on the job stored, with its steps done and sweep position', async () => {
  ddb.on(PutCommand).rejects(conditionFailure());
  ddb.on(GetCommand).resolves({ Item: { ...storedItem, done: new Set(['signOut', 'unenrol:class-1']), sweepFrom: '{"pk":"X","sk":"Y"}' } });
  expect(await jobs.start({ ...job, actorId: 'admin-2' })).toEqual({ ...job, done: ['signOut', 'unenrol:class-1'], sweepFrom: '{"pk":"X","sk":"Y"}' });
  expect(ddb).toHaveReceivedCommandWith(GetCommand, { TableName: 'jobs-table', Key: key, ConsistentRead: true });
});

test('a start that loses to a finished job fails rather than erase again', async () => {
  ddb.on(PutCommand).rejects(conditionFailure());
  ddb.on(GetCommand).resolves({ Item: { ...key, entity: 'ErasureJob', pseudonym: 'erased-abc', outcome, finishedAt: '2026-12-07T02:01:00.000Z' } });
  await expect(jobs.start(job)).rejects.toThrow(/conditional/);
});

test('markDone adds the step to a set (a repeat changes nothing); the sweep position is set', async () => {
  ddb.on(UpdateCommand).resolves({});
  await jobs.markDone('erased-abc', 'signOut');
  await jobs.saveSweepPosition('erased-abc', '{"pk":"X","sk":"Y"}');
  expect(ddb.commandCalls(UpdateCommand).map((call) => call.args[0].input)).toEqual([
    { TableName: 'jobs-table', Key: key, UpdateExpression: 'ADD done :step', ExpressionAttributeValues: { ':step': new Set(['signOut']) } },
    { TableName: 'jobs-table', Key: key, UpdateExpression: 'SET sweepFrom = :from', ExpressionAttributeValues: { ':from': '{"pk":"X","sk":"Y"}' } },
  ]);
});

test('finish replaces the job with its pseudonym, outcome and time: nothing of the person, nor of their classes', async () => {
  ddb.on(GetCommand).resolves({ Item: { ...storedItem, done: new Set(['signOut']) } });
  ddb.on(PutCommand).resolves({});
  await jobs.finish('erased-abc', '2026-12-07T02:05:00.000Z');
  const { Item } = ddb.commandCalls(PutCommand)[0]!.args[0].input;
  expect(Item).toEqual({ ...key, entity: 'ErasureJob', pseudonym: 'erased-abc', outcome, finishedAt: '2026-12-07T02:05:00.000Z' });
  expect(JSON.stringify(Item)).not.toMatch(/u-1|sam@example\.com|Sam Student|class-1|admin-1/);
});

test('finish of a finished job writes nothing, and get answers only what is left of it', async () => {
  const finished = { ...key, entity: 'ErasureJob', pseudonym: 'erased-abc', outcome, finishedAt: '2026-12-07T02:05:00.000Z' };
  ddb.on(GetCommand).resolves({ Item: finished });
  await jobs.finish('erased-abc', '2026-12-07T03:00:00.000Z');
  expect(ddb).not.toHaveReceivedCommand(PutCommand);
  expect(await jobs.get('erased-abc')).toEqual({ pseudonym: 'erased-abc', outcome, finishedAt: '2026-12-07T02:05:00.000Z' });
});
