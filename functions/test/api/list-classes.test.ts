import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, invoke, OTHER_STUDENT_ID, STUDENT_ID, TEACHER_ID, tokens } from '../../../test/unit-helpers/events';
import { classItem, schoolWithOneClass } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/list-classes';

const { ddb } = mockAws();

describe('GET /api/classes', () => {
  it('lists the classes the caller teaches, by name, with student and module ids', async () => {
    givenTable(ddb, [
      ...schoolWithOneClass(),
      classItem({
        classId: 'class-0',
        className: 'Art 1',
        students: { [STUDENT_ID]: 'a', [OTHER_STUDENT_ID]: 'b' },
        assignedModuleIds: ['module-b', 'module-a'],
      }),
    ]);

    const answer = await invoke(handler, apiEvent(routes.listClasses));

    expect(answer.statusCode).toBe(200);
    expect(answer.body).toEqual([
      {
        _id: 'class-0',
        className: 'Art 1',
        teacherId: { _id: TEACHER_ID, username: 'teacher@example.com' },
        studentIds: [STUDENT_ID, OTHER_STUDENT_ID],
        assignedModuleIds: ['module-a', 'module-b'],
      },
      {
        _id: 'class-1',
        className: 'Biology 7A',
        teacherId: { _id: TEACHER_ID, username: 'teacher@example.com' },
        studentIds: [STUDENT_ID],
        assignedModuleIds: ['module-1'],
      },
    ]);
    expect(ddb).toReceiveCommandWith(QueryCommand, {
      IndexName: 'gsi1',
      ExpressionAttributeValues: { ':partition': `TEACHER#${TEACHER_ID}`, ':prefix': 'CLASS#' },
    });
  });

  it('answers an empty list to a teacher with no classes, and [] for a class with nothing assigned', async () => {
    givenTable(ddb, [classItem({ teacherId: 'teacher-3', students: {}, assignedModuleIds: [] })]);
    expect(await invoke(handler, apiEvent(routes.listClasses, { token: tokens.otherTeacher }))).toMatchObject({ body: [] });
    const own = await invoke(handler, apiEvent(routes.listClasses, { token: { sub: 'teacher-3', groups: ['Teachers'] } }));
    expect(own.body).toEqual([expect.objectContaining({ studentIds: [], assignedModuleIds: [] })]);
  });
});
