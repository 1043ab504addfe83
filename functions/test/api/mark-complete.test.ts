import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { expectNoWrites, givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens } from '../../../test/unit-helpers/events';
import { CLASS_ID, MODULE_ID, OTHER_CLASS_ID, progressItem, schoolWithOneClass } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/mark-complete';

const { ddb } = mockAws();

const body = (overrides: Record<string, unknown> = {}) => ({
  studentId: STUDENT_ID,
  moduleId: MODULE_ID,
  classId: CLASS_ID,
  sectionId: 'section-2',
  ...overrides,
});
const mark = (payload: unknown, token = tokens.student) =>
  invoke(handler, apiEvent(routes.markComplete, { token, body: payload }));

beforeEach(() => {
  givenTable(ddb, schoolWithOneClass());
  ddb.on(UpdateCommand).resolves({ Attributes: progressItem({}, ['section-1', 'section-2', 'section-gone']) });
});

describe('POST /api/progress/mark-complete', () => {
  it('adds the section to the set atomically and answers the progress of current sections', async () => {
    const answer = await mark(body());

    expect(answer).toMatchObject({
      statusCode: 200,
      body: { studentId: STUDENT_ID, moduleId: MODULE_ID, classId: CLASS_ID, completedSections: ['section-1', 'section-2'] },
    });
    expect(ddb).toReceiveCommandTimes(UpdateCommand, 1);
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      TableName: 'test-table',
      Key: { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${MODULE_ID}#${STUDENT_ID}` },
      UpdateExpression: expect.stringMatching(/^ADD completedSections :section SET /),
      ExpressionAttributeValues: expect.objectContaining({
        ':section': new Set(['section-2']),
        ':class': CLASS_ID,
        ':module': MODULE_ID,
        ':student': STUDENT_ID,
      }),
      ReturnValues: 'ALL_NEW',
    });
    expect(ddb.commandCalls(UpdateCommand)[0].args[0].input.ConditionExpression).toBeUndefined();
  });

  it("answers 403 to marking someone else's progress, before reading anything", async () => {
    const answer = await mark(body({ studentId: OTHER_STUDENT_ID }));
    expect(answer).toMatchObject({ statusCode: 403, body: { message: 'You can only mark your own progress.' } });
    expect(ddb).not.toReceiveAnyCommand();
  });

  it('answers 400 to a section of another module', async () => {
    const answer = await mark(body({ sectionId: 'section-of-module-2' }));
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/not part of the module/) });
    expectNoWrites({ ddb });
  });

  it.each([
    ['a class the student is not in', tokens.otherStudent, { studentId: OTHER_STUDENT_ID }, 'Class not found.'],
    ["the student's id in a class they are not in", tokens.student, { classId: OTHER_CLASS_ID }, 'Class not found.'],
    ['a module not assigned to the class', tokens.student, { moduleId: 'module-9' }, 'This module is not assigned to this class.'],
  ])('answers 404 for %s', async (_case, token, overrides, message) => {
    expect(await mark(body(overrides), token)).toMatchObject({ statusCode: 404, body: { message } });
    expectNoWrites({ ddb });
  });

  it.each([
    ['a missing sectionId', body({ sectionId: undefined }), /^sectionId: sectionId is required\./],
    ['a numeric classId', body({ classId: 1 }), /^classId: classId must be text\./],
    ['an unknown field', body({ completed: true }), /Unknown field\(s\) completed/],
    ['an id over 100 characters', body({ sectionId: 's'.repeat(101) }), /sectionId is too long/],
    ['a list instead of an object', [body()], /^The request body must be a JSON object/],
  ])('answers 400 to %s without reading anything', async (_case, payload, message) => {
    expect(await mark(payload)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(ddb).not.toReceiveAnyCommand();
  });
});
