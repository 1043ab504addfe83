import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, TEACHER_ID, tokens, type TokenSpec } from '../../../test/unit-helpers/events';
import { CLASS_ID, classItem, membershipItem, moduleItem, OTHER_CLASS_ID } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/get-class';

const { ddb } = mockAws();

const get = (token: TokenSpec, classId = CLASS_ID) =>
  invoke(handler, apiEvent(routes.getClass, { token, pathParameters: { classId } }));

beforeEach(() =>
  givenTable(ddb, [
    classItem({
      students: { [STUDENT_ID]: 'zoe@example.com', [OTHER_STUDENT_ID]: 'adam@example.com' },
      assignedModuleIds: ['module-z', 'module-a', 'module-deleted'],
    }),
    membershipItem(STUDENT_ID, CLASS_ID),
    moduleItem({ moduleId: 'module-z', title: 'Zoology' }),
    moduleItem({ moduleId: 'module-a', title: 'Anatomy' }),
    classItem({ classId: OTHER_CLASS_ID, teacherId: 'teacher-2', students: {}, assignedModuleIds: [] }),
  ]),
);

describe('GET /api/classes/{classId}', () => {
  it('gives the teacher the full roster and the assigned modules, populated and sorted', async () => {
    const answer = await get(tokens.teacher);
    expect(answer).toMatchObject({ statusCode: 200 });
    expect(answer.body).toEqual({
      _id: CLASS_ID,
      className: 'Biology 7A',
      teacherId: { _id: TEACHER_ID, username: 'teacher@example.com' },
      studentIds: [
        { _id: OTHER_STUDENT_ID, username: 'adam@example.com' },
        { _id: STUDENT_ID, username: 'zoe@example.com' },
      ],
      // A module deleted while assigned is skipped.
      assignedModuleIds: [
        { _id: 'module-a', title: 'Anatomy', description: 'What living things are made of' },
        { _id: 'module-z', title: 'Zoology', description: 'What living things are made of' },
      ],
    });
    expect(ddb).toReceiveCommandWith(GetCommand, { Key: { pk: `CLASS#${CLASS_ID}`, sk: 'CLASS' }, ConsistentRead: true });
    expect(ddb).toReceiveCommandTimes(BatchGetCommand, 1);
  });

  it('shows an enrolled student the class with only themselves on the roster', async () => {
    const answer = await get(tokens.student);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.studentIds).toEqual([{ _id: STUDENT_ID, username: 'zoe@example.com' }]);
    expect(answer.body.assignedModuleIds).toHaveLength(2);
  });

  it.each<[string, TokenSpec, string]>([
    ['a student who is not enrolled', { sub: 'student-3', groups: ['Students'] }, CLASS_ID],
    ['another teacher', tokens.otherTeacher, CLASS_ID],
    ['the teacher, for a class of someone else', tokens.teacher, OTHER_CLASS_ID],
    ['anyone, for a class that does not exist', tokens.teacher, 'missing'],
  ])('answers 404 to %s', async (_who, token, classId) => {
    const answer = await get(token, classId);
    expect(answer).toMatchObject({ statusCode: 404, body: { message: 'Class not found.' } });
    expect(ddb).not.toReceiveCommand(BatchGetCommand);
  });

  it('answers 400 to a malformed id', async () => {
    expect(await get(tokens.teacher, 'CLASS#1')).toMatchObject({ statusCode: 400, body: errorBody(/^classId may only contain/) });
    expect(ddb).not.toReceiveAnyCommand();
  });
});
