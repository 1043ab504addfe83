import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, invoke, OTHER_TEACHER_ID, TEACHER_ID, tokens } from '../../../test/unit-helpers/events';
import { moduleItem, section } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/list-modules';

const { ddb, s3 } = mockAws();

const list = (token = tokens.teacher) => invoke(handler, apiEvent(routes.listModules, { token }));

describe('GET /api/modules/getAllModules', () => {
  it("lists only the caller's modules, most recently updated first, from the owner index", async () => {
    givenTable(ddb, [
      moduleItem({ moduleId: 'older', title: 'Older', updatedAt: '2024-01-01T00:00:00.000Z' }),
      moduleItem({ moduleId: 'newer', title: 'Newer', updatedAt: '2024-03-01T00:00:00.000Z', sections: [section('s-9', 1)] }),
      moduleItem({ moduleId: 'theirs', ownerId: OTHER_TEACHER_ID }),
    ]);

    const answer = await list();

    expect(answer.statusCode).toBe(200);
    expect(answer.body.map((module: { _id: string }) => module._id)).toEqual(['newer', 'older']);
    expect(answer.body[0]).toEqual({
      _id: 'newer',
      title: 'Newer',
      description: 'What living things are made of',
      sections: [section('s-9', 1)],
      createdAt: '2024-05-01T10:00:00.000Z',
      updatedAt: '2024-03-01T00:00:00.000Z',
    });
    expect(ddb).toReceiveCommandWith(QueryCommand, {
      TableName: 'test-table',
      IndexName: 'gsi1',
      ExpressionAttributeValues: { ':partition': `TEACHER#${TEACHER_ID}`, ':prefix': 'MODULE#' },
    });
    // Listing signs no download links.
    expect(s3).not.toReceiveAnyCommand();
  });

  it('answers an empty list to a teacher with no modules', async () => {
    givenTable(ddb, [moduleItem({ ownerId: OTHER_TEACHER_ID })]);
    expect(await list()).toMatchObject({ statusCode: 200, body: [] });
  });

  it('follows the query to its last page', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [moduleItem({ moduleId: 'a' })], LastEvaluatedKey: { pk: 'MODULE#a', sk: 'MODULE' } })
      .resolvesOnce({ Items: [moduleItem({ moduleId: 'b' })] });
    const answer = await list();
    expect(answer.body).toHaveLength(2);
    expect(ddb).toReceiveNthCommandWith(2, QueryCommand, { ExclusiveStartKey: { pk: 'MODULE#a', sk: 'MODULE' } });
  });
});
