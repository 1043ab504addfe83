import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { UPLOAD_LIMITS } from '../../../shared/constants';
import { conditionFailure, expectNoWrites, givenFiles, givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_TEACHER_ID, TEACHER_ID, tokens } from '../../../test/unit-helpers/events';
import { fileKey, MEDIA } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/create-module';

const { ddb, s3 } = mockAws();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const slides = fileKey('slides.pptx');
const notes = fileKey('notes.docx');

const validBody = () => ({
  title: '  Photosynthesis ',
  description: 'How plants make food',
  sections: [
    // The client's order, contentType and downloadUrl are derived by the server, never taken from the body.
    { title: 'Slides', order: 7, contentType: 'PDF', contentUrl: slides, originalFileName: 'Slides.pptx', downloadUrl: 'https://evil.example/x' },
    { title: 'Worksheet', contentUrl: notes },
  ],
});

const create = (body: unknown, token = tokens.teacher) => invoke(handler, apiEvent(routes.createModule, { token, body }));

beforeEach(() => {
  givenTable(ddb, []);
  givenFiles(s3, { [slides]: MEDIA.pptx, [notes]: MEDIA.docx });
});

describe('POST /api/modules', () => {
  it('stores the module once, with server-derived section fields, and answers 201', async () => {
    const answer = await create(validBody());

    expect(answer.statusCode).toBe(201);
    const moduleId: string = answer.body._id;
    expect(moduleId).toMatch(UUID);
    expect(answer.body).toEqual({
      _id: moduleId,
      title: 'Photosynthesis',
      description: 'How plants make food',
      sections: [
        { _id: expect.stringMatching(UUID), title: 'Slides', order: 1, contentType: 'PPT', contentUrl: slides, originalFileName: 'Slides.pptx', size: 1024 },
        { _id: expect.stringMatching(UUID), title: 'Worksheet', order: 2, contentType: 'WORD', contentUrl: notes, originalFileName: 'notes.docx', size: 1024 },
      ],
      createdAt: expect.any(String),
      updatedAt: answer.body.createdAt,
    });
    expect(s3).toReceiveCommandWith(HeadObjectCommand, { Bucket: 'test-bucket', Key: slides });
    expect(s3).toReceiveCommandWith(HeadObjectCommand, { Bucket: 'test-bucket', Key: notes });
    expect(ddb).toReceiveCommandTimes(PutCommand, 1);
    expect(ddb).toReceiveCommandWith(PutCommand, {
      TableName: 'test-table',
      ConditionExpression: 'attribute_not_exists(pk)',
      Item: {
        pk: `MODULE#${moduleId}`,
        sk: 'MODULE',
        gsi1pk: `TEACHER#${TEACHER_ID}`,
        gsi1sk: `MODULE#${moduleId}`,
        entity: 'Module',
        moduleId,
        ownerId: TEACHER_ID,
        title: 'Photosynthesis',
        description: 'How plants make food',
        sections: answer.body.sections,
        createdAt: answer.body.createdAt,
        updatedAt: answer.body.updatedAt,
      },
    });
  });

  it('never stores a downloadUrl sent in a section', async () => {
    await create(validBody());
    const put = ddb.commandCalls(PutCommand)[0].args[0].input;
    expect(JSON.stringify(put)).not.toContain('downloadUrl');
    expect(JSON.stringify(put)).not.toContain('evil.example');
  });

  it.each([
    ['missing title', { ...validBody(), title: undefined }, /^title: Title is required\./],
    ['a title that is not text', { ...validBody(), title: 42 }, /^title: Title must be text\./],
    ['an unknown field', { ...validBody(), owner: OTHER_TEACHER_ID }, /Unknown field\(s\) owner are not accepted\./],
    ['no sections', { ...validBody(), sections: [] }, /Add at least one section/],
    ['a section without a file', { ...validBody(), sections: [{ title: 'Slides' }] }, /contentUrl: contentUrl is required/],
    ['a title over 200 characters', { ...validBody(), title: 'x'.repeat(201) }, /at most 200 characters/],
  ])('answers 400 to %s without touching data', async (_case, body, message) => {
    const answer = await create(body);
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(ddb).not.toReceiveAnyCommand();
    expect(s3).not.toReceiveAnyCommand();
  });

  it("answers 400 to another teacher's file, without looking it up", async () => {
    const body = { ...validBody(), sections: [{ title: 'Stolen', contentUrl: fileKey('x.pdf', OTHER_TEACHER_ID) }] };
    const answer = await create(body);
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/contentUrl must be a file you uploaded/) });
    expect(s3).not.toReceiveCommand(HeadObjectCommand);
    expectNoWrites({ ddb });
  });

  it('answers 400 to a key that climbs out of the caller prefix', async () => {
    const body = { ...validBody(), sections: [{ title: 'Sneaky', contentUrl: `protected/${TEACHER_ID}/../${OTHER_TEACHER_ID}/x.pdf` }] };
    expect((await create(body)).statusCode).toBe(400);
    expectNoWrites({ ddb });
  });

  it('answers 400 to a file that was never uploaded', async () => {
    const body = { ...validBody(), sections: [{ title: 'Ghost', contentUrl: fileKey('ghost.pdf') }] };
    const answer = await create(body);
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/was not found; upload it again/) });
    expectNoWrites({ ddb });
  });

  it('answers 400 to a file over the 5 GB limit, whatever size its upload declared', async () => {
    s3.on(HeadObjectCommand).resolves({ ContentType: 'application/pdf', ContentLength: UPLOAD_LIMITS.maxFileBytes + 1 });
    const answer = await create({ ...validBody(), sections: [{ title: 'Huge', contentUrl: fileKey('huge.pdf') }] });
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/larger than the 5 GB limit/) });
    expectNoWrites({ ddb });
  });

  it('answers 400 to a section _id, which only an edit of the same module can carry', async () => {
    const body = { ...validBody(), sections: [{ _id: 'section-of-another-module', title: 'Copied', contentUrl: slides }] };
    const answer = await create(body);
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/not part of this module/) });
    expectNoWrites({ ddb });
  });

  it('surfaces an id collision as a server error rather than overwriting a module', async () => {
    ddb.on(PutCommand).rejects(conditionFailure());
    expect((await create(validBody())).statusCode).toBe(500);
  });
});
