import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { UPLOAD_LIMITS } from '../../../shared/constants';
import { conditionFailure, expectNoWrites, givenFiles, givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_TEACHER_ID, TEACHER_ID, tokens } from '../../../test/unit-helpers/events';
import { CREATED_AT, fileKey, MEDIA, section } from '../../../test/unit-helpers/fixtures';
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
        { _id: expect.stringMatching(UUID), title: 'Slides', order: 1, contentType: 'PPT', contentUrl: slides, originalFileName: 'Slides.pptx' },
        { _id: expect.stringMatching(UUID), title: 'Worksheet', order: 2, contentType: 'WORD', contentUrl: notes, originalFileName: 'notes.docx' },
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

  it('names each invalid field in `fields`, so a form can show the message next to its input', async () => {
    const body = { ...validBody(), title: 'x'.repeat(201), description: '', sections: [{ title: ' ', contentUrl: slides }] };
    const answer = await create(body);
    expect(answer.statusCode).toBe(400);
    expect(answer.body.fields).toEqual({
      title: 'Title must be at most 200 characters.',
      description: 'Description is required.',
      'sections.0.title': 'Section title is required.',
    });
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

  it('surfaces a collision of a generated id as a server error rather than overwriting a module', async () => {
    ddb.on(PutCommand).rejects(conditionFailure());
    expect((await create(validBody())).statusCode).toBe(500);
  });
});

describe('POST /api/modules with a client-chosen _id (one per draft)', () => {
  const DRAFT_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
  const storedModule = (ownerId = TEACHER_ID) => ({
    pk: `MODULE#${DRAFT_ID}`,
    sk: 'MODULE',
    entity: 'Module',
    moduleId: DRAFT_ID,
    ownerId,
    title: 'First submit',
    description: 'Stored by the first request',
    sections: [section('section-1', 1, { contentUrl: slides })],
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
  });

  it('creates the module under that id, conditionally, and answers 201', async () => {
    const answer = await create({ ...validBody(), _id: DRAFT_ID });
    expect(answer.statusCode).toBe(201);
    expect(answer.body._id).toBe(DRAFT_ID);
    expect(ddb).toReceiveCommandWith(PutCommand, {
      ConditionExpression: 'attribute_not_exists(pk)',
      Item: expect.objectContaining({ pk: `MODULE#${DRAFT_ID}`, moduleId: DRAFT_ID, ownerId: TEACHER_ID }),
    });
  });

  it('answers 200 with the module already created from the draft, writing nothing and copying nothing', async () => {
    givenTable(ddb, [storedModule()]);
    const answer = await create({ ...validBody(), _id: DRAFT_ID });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ _id: DRAFT_ID, title: 'First submit', description: 'Stored by the first request' });
    expectNoWrites({ ddb });
    expect(s3).not.toReceiveAnyCommand();
  });

  it('answers the winner when a concurrent submit of the draft stored it between the read and the write', async () => {
    givenTable(ddb, []);
    ddb.on(GetCommand).resolvesOnce({}).resolves({ Item: storedModule() });
    ddb.on(PutCommand).rejects(conditionFailure());
    const answer = await create({ ...validBody(), _id: DRAFT_ID });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ _id: DRAFT_ID, title: 'First submit' });
  });

  it("answers 409 to an id that is another teacher's module, revealing nothing of it", async () => {
    givenTable(ddb, [storedModule(OTHER_TEACHER_ID)]);
    const answer = await create({ ...validBody(), _id: DRAFT_ID });
    expect(answer).toMatchObject({ statusCode: 409, body: { message: 'This module id is already in use; start a new module.' } });
    expectNoWrites({ ddb });
  });

  it('answers 400 to an _id that is not a UUID', async () => {
    const answer = await create({ ...validBody(), _id: 'module-1' });
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/^_id: _id must be a UUID/) });
    expect(ddb).not.toReceiveAnyCommand();
  });
});
