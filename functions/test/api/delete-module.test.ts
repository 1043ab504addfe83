import { DeleteObjectsCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand, DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { conditionFailure, expectNoWrites, givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, TEACHER_ID, tokens } from '../../../test/unit-helpers/events';
import { CLASS_ID, classItem, MODULE_ID, moduleItem, progressItem, section } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/delete-module';

const { ddb, s3 } = mockAws();

const sections = [section('section-1', 1), section('section-2', 2)];
const remove = (id = MODULE_ID, token = tokens.teacher) =>
  invoke(handler, apiEvent(routes.deleteModule, { token, pathParameters: { id } }));

beforeEach(() => {
  givenTable(ddb, [
    moduleItem({ sections }),
    classItem({ students: { [STUDENT_ID]: 's1', [OTHER_STUDENT_ID]: 's2' }, assignedModuleIds: [MODULE_ID, 'module-9'] }),
    classItem({ classId: 'class-without-it', assignedModuleIds: ['module-9'] }),
    progressItem({ studentId: STUDENT_ID }),
    progressItem({ studentId: OTHER_STUDENT_ID }),
    progressItem({ moduleId: 'module-9' }),
  ]);
  ddb.on(DeleteCommand).resolves({ Attributes: moduleItem({ sections }) });
  s3.on(DeleteObjectsCommand).resolves({});
});

describe('DELETE /api/modules/{id}', () => {
  it('deletes the module if the caller owns it, then its assignments, progress and files; answers 204', async () => {
    const answer = await remove();

    expect(answer).toEqual({ statusCode: 204, headers: expect.any(Object), body: undefined });
    expect(ddb).toReceiveCommandWith(DeleteCommand, {
      Key: { pk: `MODULE#${MODULE_ID}`, sk: 'MODULE' },
      ConditionExpression: 'ownerId = :owner',
      ExpressionAttributeValues: { ':owner': TEACHER_ID },
      ReturnValues: 'ALL_OLD',
    });
    expect(ddb).toReceiveCommandTimes(UpdateCommand, 1);
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      Key: { pk: `CLASS#${CLASS_ID}`, sk: 'CLASS' },
      UpdateExpression: 'DELETE assignedModuleIds :module',
      ExpressionAttributeValues: { ':module': new Set([MODULE_ID]) },
    });
    expect(ddb).toReceiveCommandWith(QueryCommand, {
      ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': `PROGRESS#${MODULE_ID}#` },
    });
    expect(ddb).toReceiveCommandWith(BatchWriteCommand, {
      RequestItems: {
        'test-table': [
          { DeleteRequest: { Key: { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${MODULE_ID}#${STUDENT_ID}` } } },
          { DeleteRequest: { Key: { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${MODULE_ID}#${OTHER_STUDENT_ID}` } } },
        ],
      },
    });
    expect(s3).toReceiveCommandWith(DeleteObjectsCommand, {
      Bucket: 'test-bucket',
      Delete: { Objects: sections.map((s) => ({ Key: s.contentUrl })), Quiet: true },
    });
  });

  it("keeps a file another of the owner's modules still uses", async () => {
    givenTable(ddb, [
      moduleItem({ sections }),
      moduleItem({ moduleId: 'module-2', sections: [section('section-9', 1, { contentUrl: sections[0].contentUrl })] }),
    ]);
    ddb.on(DeleteCommand).resolves({ Attributes: moduleItem({ sections }) });
    expect((await remove()).statusCode).toBe(204);
    expect(s3).toReceiveCommandWith(DeleteObjectsCommand, {
      Delete: { Objects: [{ Key: sections[1].contentUrl }], Quiet: true },
    });
  });

  it('finishes an interrupted clean-up when the delete is repeated, and still answers 404', async () => {
    ddb.on(DeleteCommand).resolves({});
    const answer = await remove();
    expect(answer).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      Key: { pk: `CLASS#${CLASS_ID}`, sk: 'CLASS' },
      UpdateExpression: 'DELETE assignedModuleIds :module',
    });
    expect(ddb).toReceiveCommand(BatchWriteCommand);
    expect(s3).not.toReceiveAnyCommand();
  });

  it('retries progress deletes DynamoDB leaves unprocessed', async () => {
    const first = { DeleteRequest: { Key: { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${MODULE_ID}#${STUDENT_ID}` } } };
    ddb.on(BatchWriteCommand).resolvesOnce({ UnprocessedItems: { 'test-table': [first] } }).resolves({});
    expect((await remove()).statusCode).toBe(204);
    expect(ddb).toReceiveCommandTimes(BatchWriteCommand, 2);
    expect(ddb).toReceiveNthSpecificCommandWith(2, BatchWriteCommand, { RequestItems: { 'test-table': [first] } });
  });

  it('answers 404 and cleans nothing up when the caller does not own the module or it is gone', async () => {
    ddb.on(DeleteCommand).rejects(conditionFailure());
    const answer = await remove(MODULE_ID, tokens.otherTeacher);
    expect(answer).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
    expect(ddb).not.toReceiveCommand(UpdateCommand);
    expect(ddb).not.toReceiveCommand(BatchWriteCommand);
    expect(s3).not.toReceiveAnyCommand();
  });

  it('answers 400 to a malformed id without touching data', async () => {
    const answer = await remove('x'.repeat(101));
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/too long/) });
    expectNoWrites({ ddb, s3 });
    expect(ddb).not.toReceiveAnyCommand();
  });
});
