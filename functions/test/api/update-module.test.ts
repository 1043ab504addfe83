import { DeleteObjectsCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { conditionFailure, expectNoWrites, givenFiles, givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_TEACHER_ID, TEACHER_ID, tokens } from '../../../test/unit-helpers/events';
import { fileKey, MEDIA, MODULE_ID, moduleItem, section, UPDATED_AT } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/update-module';

const { ddb, s3 } = mockAws();

const kept = section('section-1', 1);
const dropped = section('section-2', 2);
const newFile = fileKey('new.docx');

const update = (body: unknown, { id = MODULE_ID, token = tokens.teacher } = {}) =>
  invoke(handler, apiEvent(routes.updateModule, { token, pathParameters: { id }, body }));

/** What an edit screen sends: the module as read, with changes. */
const editBody = (overrides: Record<string, unknown> = {}) => ({
  _id: MODULE_ID,
  title: 'Cells, revised',
  description: 'Now with a worksheet',
  updatedAt: UPDATED_AT,
  createdAt: '2024-05-01T10:00:00.000Z',
  sections: [
    { title: 'A new worksheet', contentUrl: newFile, contentType: 'PDF', originalFileName: 'new.docx' },
    { ...kept, title: 'Renamed', downloadUrl: 'https://signed.example/get' },
  ],
  ...overrides,
});

beforeEach(() => {
  givenTable(ddb, [moduleItem({ sections: [kept, dropped] }), moduleItem({ moduleId: 'theirs', ownerId: OTHER_TEACHER_ID })]);
  givenFiles(s3, { [newFile]: MEDIA.docx, [kept.contentUrl]: MEDIA.pdf });
});

describe('PUT /api/modules/{id}', () => {
  it('replaces the module only if it is still the version read, keeping the ids of sections that stay', async () => {
    const answer = await update(editBody());

    expect(answer.statusCode).toBe(200);
    const [added, renamed] = answer.body.sections;
    expect(renamed).toEqual({ ...kept, title: 'Renamed', order: 2 });
    expect(added).toEqual({
      _id: expect.any(String),
      title: 'A new worksheet',
      order: 1,
      contentType: 'WORD',
      contentUrl: newFile,
      originalFileName: 'new.docx',
      size: 1024,
    });
    expect(added._id).not.toBe(dropped._id);
    expect(answer.body.updatedAt > UPDATED_AT).toBe(true);

    expect(ddb).toReceiveCommandWith(PutCommand, {
      ConditionExpression: 'ownerId = :owner AND updatedAt = :expected',
      ExpressionAttributeValues: { ':owner': TEACHER_ID, ':expected': UPDATED_AT },
      Item: expect.objectContaining({
        pk: `MODULE#${MODULE_ID}`,
        sk: 'MODULE',
        ownerId: TEACHER_ID,
        title: 'Cells, revised',
        sections: [added, renamed],
        createdAt: '2024-05-01T10:00:00.000Z',
        updatedAt: answer.body.updatedAt,
      }),
    });
    // Only the new file is checked; the kept one is already known.
    expect(s3).toReceiveCommandTimes(HeadObjectCommand, 1);
    expect(s3).toReceiveCommandWith(HeadObjectCommand, { Key: newFile });
  });

  it('deletes the files of removed sections after saving', async () => {
    await update(editBody());
    expect(s3).toReceiveCommandWith(DeleteObjectsCommand, {
      Bucket: 'test-bucket',
      Delete: { Objects: [{ Key: dropped.contentUrl }], Quiet: true },
    });
  });

  it('never stores a downloadUrl echoed back in a section', async () => {
    await update(editBody());
    expect(JSON.stringify(ddb.commandCalls(PutCommand)[0].args[0].input)).not.toContain('downloadUrl');
  });

  it('re-derives the content type when a kept section gets a new file, and deletes the old file', async () => {
    const answer = await update(editBody({ sections: [{ _id: kept._id, title: kept.title, contentUrl: newFile }] }));
    expect(answer.body.sections).toEqual([
      { _id: kept._id, title: kept.title, order: 1, contentType: 'WORD', contentUrl: newFile, originalFileName: 'new.docx', size: 1024 },
    ]);
    expect(s3).toReceiveCommandWith(DeleteObjectsCommand, {
      Delete: { Objects: [{ Key: kept.contentUrl }, { Key: dropped.contentUrl }], Quiet: true },
    });
  });

  it('keeps the stored size of a kept section without asking storage again', async () => {
    givenTable(ddb, [moduleItem({ sections: [{ ...kept, size: 777 }] })]);
    const answer = await update(editBody({ sections: [{ _id: kept._id, title: 'Renamed', contentUrl: kept.contentUrl }] }));
    expect(answer.body.sections).toEqual([{ ...kept, size: 777, title: 'Renamed' }]);
    expect(s3).not.toReceiveCommand(HeadObjectCommand);
  });

  it('answers 200 even when removed files cannot be deleted: the module is saved', async () => {
    s3.on(DeleteObjectsCommand).rejects(new Error('S3 is down'));
    expect((await update(editBody())).statusCode).toBe(200);
  });

  it('answers 409 without writing when the client read an older version', async () => {
    const answer = await update(editBody({ updatedAt: '2024-05-01T00:00:00.000Z' }));
    expect(answer).toMatchObject({ statusCode: 409, body: errorBody(/changed somewhere else.*Reload/) });
    expectNoWrites({ ddb, s3 });
  });

  it('answers 409 when another edit wins the race, and keeps the files', async () => {
    ddb.on(PutCommand).rejects(conditionFailure());
    const answer = await update(editBody());
    expect(answer).toMatchObject({ statusCode: 409, body: errorBody(/changed somewhere else/) });
    expect(s3).not.toReceiveCommand(DeleteObjectsCommand);
  });

  it('answers 400 to a section _id of another module', async () => {
    const answer = await update(editBody({ sections: [{ _id: 'section-of-module-2', title: 'x', contentUrl: kept.contentUrl }] }));
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/not part of this module/) });
    expectNoWrites({ ddb, s3 });
  });

  it('answers 400 to the same section twice', async () => {
    const answer = await update(editBody({ sections: [kept, kept] }));
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/appears twice/) });
    expectNoWrites({ ddb, s3 });
  });

  it("answers 400 to a new file in another teacher's area", async () => {
    const answer = await update(editBody({ sections: [{ title: 'x', contentUrl: fileKey('a.pdf', OTHER_TEACHER_ID) }] }));
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/must be a file you uploaded/) });
    expectNoWrites({ ddb, s3 });
  });

  it('answers 400 to a malformed updatedAt and to unknown fields, before reading', async () => {
    expect(await update(editBody({ updatedAt: 'yesterday' }))).toMatchObject({ statusCode: 400, body: errorBody(/^updatedAt: /) });
    expect(await update(editBody({ ownerId: OTHER_TEACHER_ID }))).toMatchObject({ statusCode: 400, body: errorBody(/ownerId/) });
    expect(ddb).not.toReceiveAnyCommand();
  });

  it.each([
    ["another teacher's module", 'theirs'],
    ['a module that does not exist', 'missing'],
  ])('answers 404 to %s', async (_case, id) => {
    const answer = await update(editBody({ sections: [] }), { id });
    expect(answer).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
    expectNoWrites({ ddb, s3 });
  });
});
