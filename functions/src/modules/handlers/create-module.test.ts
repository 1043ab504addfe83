// POST /api/modules over in-memory stores: validation of the body, and the answer of the use case.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, OTHER_TEACHER_ID, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './create-module';
import { makeModuleService } from '../modules';
import { getMetrics } from '../../platform/metrics';
import { fileKey, MEDIA, moduleRecord, section } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeModuleService(ports));

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

const create = (body: unknown) => invoke(handler, apiEvent(routes.createModule, { token: tokens.teacher, body }));

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  resetPorts(ports);
  ports.files.put(slides, MEDIA.pptx);
  ports.files.put(notes, MEDIA.docx);
});

describe('POST /api/modules', () => {
  it('answers 201 with the stored module, its text trimmed and its section fields derived by the server', async () => {
    const answer = await create(validBody());
    const now = ports.clock.now().toISOString();
    expect(answer).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-request-id': 'request-1' },
      body: {
        _id: 'id-1',
        title: 'Photosynthesis',
        description: 'How plants make food',
        sections: [
          { _id: 'id-2', title: 'Slides', order: 1, contentType: 'PPT', contentUrl: slides, originalFileName: 'Slides.pptx', size: 1024, role: 'core' },
          { _id: 'id-3', title: 'Worksheet', order: 2, contentType: 'WORD', contentUrl: notes, originalFileName: 'notes.docx', size: 1024, role: 'core' },
        ],
        sequential: false,
        createdAt: now,
        updatedAt: now,
      },
    });
    expect(ports.modules.all()).toEqual([expect.objectContaining({ moduleId: 'id-1', ownerId: TEACHER_ID })]);
  });

  it.each([
    ['missing title', { ...validBody(), title: undefined }, /^title: Title is required\./],
    ['a title that is not text', { ...validBody(), title: 42 }, /^title: Title must be text\./],
    ['an unknown field', { ...validBody(), owner: OTHER_TEACHER_ID }, /Unknown field\(s\) owner are not accepted\./],
    ['no sections', { ...validBody(), sections: [] }, /Add at least one section/],
    ['a section without a file', { ...validBody(), sections: [{ title: 'Slides' }] }, /contentUrl: contentUrl is required/],
    ['a title over 200 characters', { ...validBody(), title: 'x'.repeat(201) }, /at most 200 characters/],
    ["another teacher's file", { ...validBody(), sections: [{ title: 'S', contentUrl: fileKey('x.pdf', OTHER_TEACHER_ID) }] }, /must be a file you uploaded/],
    ['a file that was never uploaded', { ...validBody(), sections: [{ title: 'S', contentUrl: fileKey('missing.pdf') }] }, /upload it again/],
    ['a copyChecksFrom that is not an id', { ...validBody(), copyChecksFrom: '../module-1' }, /^copyChecksFrom: copyChecksFrom may only contain letters/],
  ])('answers 400 to %s, storing nothing', async (_case, body, message) => {
    const before = storedState(ports);
    expect(await create(body)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(storedState(ports)).toEqual(before);
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

  it('sends no `fields` for a refusal that names no field', async () => {
    const answer = await create({ ...validBody(), sections: [{ title: 'S', contentUrl: fileKey('missing.pdf') }] });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).not.toHaveProperty('fields');
  });
});

describe('POST /api/modules with a client-chosen _id (one per draft)', () => {
  const DRAFT_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
  const firstSubmit = (ownerId = TEACHER_ID) =>
    moduleRecord({
      moduleId: DRAFT_ID,
      ownerId,
      title: 'First submit',
      description: 'Stored by the first request',
      sections: [section('section-1', 1, { contentUrl: slides })],
    });

  it('creates the module under that id, answers 201 and counts a created module', async () => {
    const counted = jest.spyOn(getMetrics(), 'addMetric');
    const answer = await create({ ...validBody(), _id: DRAFT_ID });
    expect(answer.statusCode).toBe(201);
    expect(answer.body._id).toBe(DRAFT_ID);
    expect(ports.modules.all()).toEqual([expect.objectContaining({ moduleId: DRAFT_ID, ownerId: TEACHER_ID })]);
    expect(counted).toHaveBeenCalledWith('ModuleCreated', 'Count', 1);
  });

  it('answers 200 with the module already created from the draft, storing nothing and counting no new module', async () => {
    ports.modules.put(firstSubmit());
    const before = storedState(ports);
    const counted = jest.spyOn(getMetrics(), 'addMetric');
    const answer = await create({ ...validBody(), _id: DRAFT_ID });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ _id: DRAFT_ID, title: 'First submit', description: 'Stored by the first request' });
    expect(storedState(ports)).toEqual(before);
    expect(counted).not.toHaveBeenCalledWith('ModuleCreated', 'Count', 1);
  });

  it("answers 409 to an id that is another teacher's module, revealing nothing of it", async () => {
    ports.modules.put(firstSubmit(OTHER_TEACHER_ID));
    const before = storedState(ports);
    const answer = await create({ ...validBody(), _id: DRAFT_ID });
    expect(answer).toMatchObject({ statusCode: 409, body: { message: 'This module id is already in use; start a new module.' } });
    expect(storedState(ports)).toEqual(before);
  });

  it("answers 404 to copying the checks of another teacher's module, storing nothing", async () => {
    ports.modules.put(moduleRecord({ moduleId: 'theirs', ownerId: OTHER_TEACHER_ID }));
    const before = storedState(ports);
    const answer = await create({ ...validBody(), _id: DRAFT_ID, copyChecksFrom: 'theirs' });
    expect(answer).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
    expect(storedState(ports)).toEqual(before);
  });

  it('answers 400 to an _id that is not a UUID, storing nothing', async () => {
    const before = storedState(ports);
    const answer = await create({ ...validBody(), _id: 'module-1' });
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/^_id: _id must be a UUID/) });
    expect(storedState(ports)).toEqual(before);
  });
});
