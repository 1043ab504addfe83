// The audit trail's reads for a person's export: every page of entries by them or naming their e-mail.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { makeDynamoAuditLog } from './audit-repository';

const { ddb } = mockAws();
const audit = makeDynamoAuditLog({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' });
const entry = (at: string, subject: string) => ({ pk: 'AUDIT', sk: `${at}#1`, at, actorId: 'admin-1', actor: 'Ada', action: 'enrol', subject });

test("about() filters the trail on the person's id as actor or e-mail in the subject, to the last page", async () => {
  ddb
    .on(QueryCommand)
    .resolvesOnce({ Items: [entry('2026-01-01T00:00:00.000Z', 'Sam (sam@example.com)')], LastEvaluatedKey: { pk: 'AUDIT', sk: 'x' } })
    .resolves({ Items: [entry('2026-01-02T00:00:00.000Z', 'Sam (sam@example.com)')] });
  await expect(audit.about('user-1', 'sam@example.com')).resolves.toEqual([
    expect.objectContaining({ at: '2026-01-01T00:00:00.000Z' }),
    expect.objectContaining({ at: '2026-01-02T00:00:00.000Z' }),
  ]);
  expect(ddb).toReceiveCommandTimes(QueryCommand, 2);
  expect(ddb).toReceiveNthCommandWith(1, QueryCommand, {
    KeyConditionExpression: 'pk = :partition',
    FilterExpression: 'actorId = :userId OR subjectId = :userId OR contains(subject, :email)',
    ExpressionAttributeValues: { ':partition': 'AUDIT', ':userId': 'user-1', ':email': 'sam@example.com' },
  });
  expect(ddb).toReceiveNthCommandWith(2, QueryCommand, { ExclusiveStartKey: { pk: 'AUDIT', sk: 'x' } });
});
