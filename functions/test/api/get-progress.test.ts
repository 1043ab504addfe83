import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens, type TokenSpec } from '../../../test/unit-helpers/events';
import { CLASS_ID, MODULE_ID, OTHER_CLASS_ID, progressItem, schoolWithOneClass, UPDATED_AT } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/get-progress';

const { ddb } = mockAws();

const get = (token: TokenSpec, { studentId = STUDENT_ID, moduleId = MODULE_ID, classId = CLASS_ID } = {}) =>
  invoke(handler, apiEvent(routes.getProgress, { token, pathParameters: { studentId, moduleId, classId } }));

beforeEach(() =>
  givenTable(ddb, [
    ...schoolWithOneClass(),
    // section-gone was completed before an edit removed it: it no longer counts.
    progressItem({ studentId: STUDENT_ID }, ['section-1', 'section-gone']),
  ]),
);

describe('GET /api/progress/{studentId}/{moduleId}/{classId}', () => {
  it("answers a student's own progress, counting only sections still in the module", async () => {
    const answer = await get(tokens.student);
    expect(answer).toEqual({
      statusCode: 200,
      headers: expect.any(Object),
      body: { studentId: STUDENT_ID, moduleId: MODULE_ID, classId: CLASS_ID, completedSections: ['section-1'], updatedAt: UPDATED_AT },
    });
    expect(ddb).toReceiveCommandWith(GetCommand, {
      Key: { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${MODULE_ID}#${STUDENT_ID}` },
      ConsistentRead: true,
    });
  });

  it("lets the class's teacher read a student's progress", async () => {
    expect(await get(tokens.teacher)).toMatchObject({ statusCode: 200, body: { completedSections: ['section-1'] } });
  });

  it('answers an empty list when nothing has been recorded yet', async () => {
    givenTable(ddb, schoolWithOneClass());
    const answer = await get(tokens.student);
    expect(answer).toMatchObject({ statusCode: 200 });
    expect(answer.body).toEqual({ studentId: STUDENT_ID, moduleId: MODULE_ID, classId: CLASS_ID, completedSections: [] });
  });

  it("answers 403 to an enrolled student asking for someone else's progress", async () => {
    const answer = await get(tokens.student, { studentId: OTHER_STUDENT_ID });
    expect(answer).toMatchObject({ statusCode: 403, body: { message: 'You can only see your own progress.' } });
  });

  it.each<[string, TokenSpec, Record<string, string>, string]>([
    ['a student of another class', tokens.otherStudent, { studentId: OTHER_STUDENT_ID }, 'Class not found.'],
    ['another teacher', tokens.otherTeacher, {}, 'Class not found.'],
    ['a class that does not exist', tokens.student, { classId: 'missing' }, 'Class not found.'],
    ["the student's own class of someone else's class id", tokens.student, { classId: OTHER_CLASS_ID }, 'Class not found.'],
    ['a module not assigned to the class', tokens.student, { moduleId: 'module-9' }, 'This module is not assigned to this class.'],
    ['its teacher asking about someone not enrolled', tokens.teacher, { studentId: 'stranger' }, 'This student is not enrolled in this class.'],
  ])('answers 404 for %s', async (_case, token, ids, message) => {
    expect(await get(token, ids)).toMatchObject({ statusCode: 404, body: { message } });
  });

  it('answers 400 to malformed ids without reading anything', async () => {
    expect(await get(tokens.student, { moduleId: 'MODULE#x' })).toMatchObject({ statusCode: 400, body: errorBody(/^moduleId /) });
    expect(ddb).not.toReceiveAnyCommand();
  });
});
