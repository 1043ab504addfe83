import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, TEACHER_ID, tokens } from '../../../test/unit-helpers/events';
import { classItem, membershipItem, schoolWithOneClass } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/list-student-classes';

const { ddb } = mockAws();

const list = (userId: string, token = tokens.student) =>
  invoke(handler, apiEvent(routes.listStudentClasses, { token, pathParameters: { userId } }));

describe('GET /api/classes/student/{userId}', () => {
  it("lists the student's classes with the teacher's name and assigned modules, and no classmates", async () => {
    givenTable(ddb, [
      ...schoolWithOneClass({ class: { students: { [STUDENT_ID]: 'student@example.com', [OTHER_STUDENT_ID]: 'classmate' } } }),
      membershipItem(OTHER_STUDENT_ID, 'class-1'),
    ]);

    const answer = await list(STUDENT_ID);

    expect(answer).toEqual({
      statusCode: 200,
      headers: expect.any(Object),
      body: [
        {
          _id: 'class-1',
          className: 'Biology 7A',
          teacherId: { _id: TEACHER_ID, username: 'teacher@example.com' },
          studentIds: [STUDENT_ID],
          assignedModuleIds: ['module-1'],
        },
      ],
    });
    expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': `USER#${STUDENT_ID}`, ':prefix': 'CLASS#' } });
    expect(ddb).toReceiveCommandWith(BatchGetCommand, {
      RequestItems: { 'test-table': { Keys: [{ pk: 'CLASS#class-1', sk: 'CLASS' }], ConsistentRead: true } },
    });
  });

  it('leaves out a class whose roster no longer has the student', async () => {
    givenTable(ddb, [classItem({ students: {} }), membershipItem(STUDENT_ID, 'class-1')]);
    expect(await list(STUDENT_ID)).toMatchObject({ statusCode: 200, body: [] });
  });

  it('answers [] without a BatchGet when the student is in no class', async () => {
    givenTable(ddb, []);
    expect(await list(STUDENT_ID)).toMatchObject({ statusCode: 200, body: [] });
    expect(ddb).not.toReceiveCommand(BatchGetCommand);
  });

  it("answers 403 to another student's id without reading anything", async () => {
    const answer = await list(OTHER_STUDENT_ID);
    expect(answer).toMatchObject({ statusCode: 403, body: { message: 'You can only list your own classes.' } });
    expect(ddb).not.toReceiveAnyCommand();
  });

  it('answers 400 to a malformed id', async () => {
    expect(await list('../admin')).toMatchObject({ statusCode: 400, body: errorBody(/^userId may only contain/) });
  });
});
