// The write gate of a use case started beside its caller's guards, on the handlers' document client.
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { makeDocumentClient } from './dynamodb-client';
import { runBesideGuards } from './writes-after-guards';

const { ddb } = mockAws();
const client = makeDocumentClient();
const read = new GetCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' } });
const writes = [
  new PutCommand({ TableName: 't', Item: { pk: 'a', sk: 'b' } }),
  new UpdateCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' }, UpdateExpression: 'SET x = :x', ExpressionAttributeValues: { ':x': 1 } }),
  new TransactWriteCommand({ TransactItems: [] }),
];

/** Guards that pass or refuse when the test says. */
function pendingGuards() {
  let pass!: () => void;
  let refuse!: (error: Error) => void;
  const guards = new Promise<void>((resolve, reject) => {
    pass = resolve;
    refuse = reject;
  });
  return { guards, pass, refuse };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

it('sends reads at once and holds every write until the guards passed', async () => {
  ddb.onAnyCommand().resolves({});
  const { guards, pass } = pendingGuards();
  const work = runBesideGuards(guards, async () => {
    await Promise.all([client.send(read), client.send(new QueryCommand({ TableName: 't', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'a' } }))]);
    await Promise.all(writes.map((write) => client.send(write as PutCommand)));
  });
  await tick();
  expect(ddb.calls().map((call) => call.args[0].constructor.name)).toEqual(['GetCommand', 'QueryCommand']);
  pass();
  await work;
  expect(ddb.calls().map((call) => call.args[0].constructor.name)).toEqual(['GetCommand', 'QueryCommand', 'PutCommand', 'UpdateCommand', 'TransactWriteCommand']);
});

it("refuses every write with the guards' refusal when they refuse: nothing is written", async () => {
  ddb.onAnyCommand().resolves({});
  const { guards, refuse } = pendingGuards();
  guards.catch(() => undefined);
  const work = runBesideGuards(guards, async () => {
    await client.send(read);
    await client.send(writes[0] as PutCommand);
  });
  refuse(new Error('token revoked'));
  await expect(work).rejects.toThrow('token revoked');
  expect(ddb.calls().map((call) => call.args[0].constructor.name)).toEqual(['GetCommand']);
});

it('writes at once outside a use case started beside guards', async () => {
  ddb.onAnyCommand().resolves({});
  await client.send(writes[0] as PutCommand);
  expect(ddb).toHaveReceivedCommandTimes(PutCommand, 1);
});
