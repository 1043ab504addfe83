import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { conditionFailure, expectNoWrites, givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_TEACHER_ID, TEACHER_ID, tokens } from '../../../test/unit-helpers/events';
import { CLASS_ID, classItem, MODULE_ID, moduleItem } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/assign-module';

const { ddb } = mockAws();

const assign = (body: unknown, { classId = CLASS_ID, token = tokens.teacher } = {}) =>
  invoke(handler, apiEvent(routes.assignModule, { token, pathParameters: { classId }, body }));

beforeEach(() => {
  givenTable(ddb, [
    moduleItem({ moduleId: 'module-2', title: 'Genetics' }),
    moduleItem({ moduleId: MODULE_ID }),
    moduleItem({ moduleId: 'theirs', ownerId: OTHER_TEACHER_ID }),
    classItem({ assignedModuleIds: [MODULE_ID] }),
  ]);
  ddb.on(UpdateCommand).resolves({ Attributes: classItem({ assignedModuleIds: [MODULE_ID, 'module-2'] }) });
});

describe('PUT /api/classes/{classId}/assign-module', () => {
  it('undoes the assignment when the module was deleted between the ownership check and the ADD', async () => {
    ddb
      .on(GetCommand, { Key: { pk: 'MODULE#module-2', sk: 'MODULE' } })
      .resolvesOnce({ Item: moduleItem({ moduleId: 'module-2' }) })
      .resolves({});
    const answer = await assign({ moduleId: 'module-2' });

    expect(answer).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      Key: { pk: `CLASS#${CLASS_ID}`, sk: 'CLASS' },
      UpdateExpression: 'DELETE assignedModuleIds :module',
      ExpressionAttributeValues: { ':module': new Set(['module-2']) },
    });
  });

  it("adds the module to the class's set, only if the caller teaches it, and answers the class detail", async () => {
    const answer = await assign({ moduleId: 'module-2' });

    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({
      _id: CLASS_ID,
      assignedModuleIds: [
        { _id: 'module-1', title: 'Cells', description: expect.any(String) },
        { _id: 'module-2', title: 'Genetics', description: expect.any(String) },
      ],
    });
    expect(ddb).toReceiveCommandWith(GetCommand, { Key: { pk: 'MODULE#module-2', sk: 'MODULE' } });
    expect(ddb).toReceiveCommandTimes(UpdateCommand, 1);
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      TableName: 'test-table',
      Key: { pk: `CLASS#${CLASS_ID}`, sk: 'CLASS' },
      UpdateExpression: 'ADD assignedModuleIds :module',
      ConditionExpression: 'teacherId = :teacher',
      ExpressionAttributeValues: { ':module': new Set(['module-2']), ':teacher': TEACHER_ID },
      ReturnValues: 'ALL_NEW',
    });
  });

  it('sends the same idempotent ADD when the module is already assigned, and lists it once', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: classItem({ assignedModuleIds: [MODULE_ID] }) });
    const answer = await assign({ moduleId: MODULE_ID });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.assignedModuleIds).toEqual([expect.objectContaining({ _id: MODULE_ID })]);
    expect(ddb).toReceiveCommandWith(UpdateCommand, { UpdateExpression: 'ADD assignedModuleIds :module' });
  });

  it.each([
    ["another teacher's module", 'theirs'],
    ['a module that does not exist', 'missing'],
  ])('answers 404 to %s without touching the class', async (_case, moduleId) => {
    const answer = await assign({ moduleId });
    expect(answer).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
    expectNoWrites({ ddb });
  });

  it('answers 404 when the class is not taught by the caller (or does not exist)', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailure());
    const answer = await assign({ moduleId: MODULE_ID }, { classId: 'class-2' });
    expect(answer).toMatchObject({ statusCode: 404, body: { message: 'Class not found.' } });
  });

  it.each([
    ['no body', undefined, /^The request body must be a JSON object/],
    ['a missing moduleId', {}, /^moduleId: moduleId is required\./],
    ['a numeric moduleId', { moduleId: 7 }, /^moduleId: moduleId must be text\./],
    ['an unknown field', { moduleId: MODULE_ID, teacherId: TEACHER_ID }, /Unknown field\(s\) teacherId/],
  ])('answers 400 to %s without reading anything', async (_case, body, message) => {
    expect(await assign(body)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(ddb).not.toReceiveAnyCommand();
  });

  it('answers 400 to a malformed class id', async () => {
    expect(await assign({ moduleId: MODULE_ID }, { classId: 'a/b' })).toMatchObject({ statusCode: 400, body: errorBody(/^classId /) });
    expect(ddb).not.toReceiveAnyCommand();
  });
});
