import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens, type TokenSpec } from '../../../test/unit-helpers/events';
import { CLASS_ID, classItem, moduleItem, progressItem, section } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/get-class-report';

const { ddb } = mockAws();

const report = (token: TokenSpec = tokens.teacher, classId = CLASS_ID) =>
  invoke(handler, apiEvent(routes.getClassReport, { token, pathParameters: { classId } }));

const three = [section('a', 1), section('b', 2), section('c', 3)];
const students = { [STUDENT_ID]: 'Zoe', [OTHER_STUDENT_ID]: 'Adam', 'student-3': 'Maya' };

beforeEach(() =>
  givenTable(ddb, [
    classItem({ students, assignedModuleIds: ['m-three', 'm-one', 'm-empty'] }),
    moduleItem({ moduleId: 'm-three', title: 'Biology', sections: three }),
    moduleItem({ moduleId: 'm-one', title: 'Algebra', sections: [section('x', 1)] }),
    moduleItem({ moduleId: 'm-empty', title: 'Chemistry', sections: [] }),
    progressItem({ moduleId: 'm-three', studentId: STUDENT_ID }, ['a']),
    // A section removed by an edit does not count.
    progressItem({ moduleId: 'm-three', studentId: OTHER_STUDENT_ID }, ['a', 'b', 'removed']),
    progressItem({ moduleId: 'm-one', studentId: OTHER_STUDENT_ID }, ['x']),
  ]),
);

const cell = (moduleId: string, moduleTitle: string, completed: number, total: number, percentage: number) => ({
  moduleId,
  moduleTitle,
  completed,
  total,
  percentage,
});

describe('GET /api/progress/class/{classId}', () => {
  it('answers a row per enrolled student and a cell per assigned module, rounded, by name and title', async () => {
    const answer = await report();

    expect(answer.statusCode).toBe(200);
    expect(answer.body).toEqual([
      {
        studentId: OTHER_STUDENT_ID,
        studentName: 'Adam',
        modules: [cell('m-one', 'Algebra', 1, 1, 100), cell('m-three', 'Biology', 2, 3, 67), cell('m-empty', 'Chemistry', 0, 0, 0)],
      },
      {
        studentId: 'student-3',
        studentName: 'Maya',
        modules: [cell('m-one', 'Algebra', 0, 1, 0), cell('m-three', 'Biology', 0, 3, 0), cell('m-empty', 'Chemistry', 0, 0, 0)],
      },
      {
        studentId: STUDENT_ID,
        studentName: 'Zoe',
        modules: [cell('m-one', 'Algebra', 0, 1, 0), cell('m-three', 'Biology', 1, 3, 33), cell('m-empty', 'Chemistry', 0, 0, 0)],
      },
    ]);
  });

  it('reads a fixed number of times whatever the class size: class, progress query, modules', async () => {
    await report();
    expect(ddb).toReceiveCommandTimes(GetCommand, 1);
    expect(ddb).toReceiveCommandTimes(QueryCommand, 1);
    expect(ddb).toReceiveCommandTimes(BatchGetCommand, 1);
    expect(ddb).toReceiveCommandWith(QueryCommand, {
      ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': 'PROGRESS#' },
    });
  });

  it('answers [] for a class with no modules assigned or no students', async () => {
    givenTable(ddb, [classItem({ students, assignedModuleIds: [] }), classItem({ classId: 'empty', students: {} })]);
    expect(await report()).toMatchObject({ statusCode: 200, body: [] });
    expect(await report(tokens.teacher, 'empty')).toMatchObject({ statusCode: 200, body: [] });
  });

  it.each<[string, TokenSpec, string]>([
    ['another teacher', tokens.otherTeacher, CLASS_ID],
    ['a class that does not exist', tokens.teacher, 'missing'],
  ])('answers 404 to %s', async (_case, token, classId) => {
    expect(await report(token, classId)).toMatchObject({ statusCode: 404, body: { message: 'Class not found.' } });
    expect(ddb).not.toReceiveCommand(QueryCommand);
  });
});
