import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_TEACHER_ID, TEACHER_ID, tokens } from '../../../test/unit-helpers/events';
import { schoolWithOneClass } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/list-teacher-classes';

const { ddb } = mockAws();

const list = (teacherId: string) =>
  invoke(handler, apiEvent(routes.listTeacherClasses, { token: tokens.teacher, pathParameters: { teacherId } }));

describe('GET /api/classes/teacher/{teacherId}', () => {
  it("lists the caller's classes when the id is the caller's own", async () => {
    givenTable(ddb, schoolWithOneClass());
    const answer = await list(TEACHER_ID);
    expect(answer).toMatchObject({ statusCode: 200, body: [{ _id: 'class-1', className: 'Biology 7A' }] });
    expect(answer.body).toHaveLength(1);
    expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': `TEACHER#${TEACHER_ID}`, ':prefix': 'CLASS#' } });
  });

  it("answers 403 to another teacher's id without reading anything", async () => {
    const answer = await list(OTHER_TEACHER_ID);
    expect(answer).toMatchObject({ statusCode: 403, body: { message: 'You can only list the classes you teach.' } });
    expect(ddb).not.toReceiveAnyCommand();
  });

  it('answers 400 to a malformed id', async () => {
    expect(await list('teacher 1')).toMatchObject({ statusCode: 400, body: errorBody(/^teacherId may only contain/) });
    expect(ddb).not.toReceiveAnyCommand();
  });
});
