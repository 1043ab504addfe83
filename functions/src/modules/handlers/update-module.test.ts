// PUT /api/modules/{id} over in-memory stores: validation of the body, and the answers of the use case.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, OTHER_TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './update-module';
import { makeModuleService } from '../modules';
import { CREATED_AT, fileKey, MEDIA, MODULE_ID, moduleRecord, section, UPDATED_AT } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeModuleService(ports));

const kept = section('section-1', 1);
const newFile = fileKey('new.docx');

const update = (body: unknown, id = MODULE_ID) =>
  invoke(handler, apiEvent(routes.updateModule, { token: tokens.teacher, pathParameters: { id }, body }));

/** What an edit screen sends: the module as read, with changes (and fields the server derives, which it ignores). */
const editBody = (overrides: Record<string, unknown> = {}) => ({
  _id: MODULE_ID,
  title: 'Cells, revised',
  description: 'Now with a worksheet',
  updatedAt: UPDATED_AT,
  createdAt: CREATED_AT,
  sections: [
    { title: 'A new worksheet', contentUrl: newFile, contentType: 'PDF', originalFileName: 'new.docx' },
    { ...kept, title: 'Renamed', downloadUrl: 'https://signed.example/get' },
  ],
  ...overrides,
});

beforeEach(() => {
  resetPorts(ports);
  ports.modules.put(moduleRecord(), moduleRecord({ moduleId: 'theirs', ownerId: OTHER_TEACHER_ID }));
  ports.files.put(newFile, MEDIA.docx);
  ports.files.put(kept.contentUrl, MEDIA.pdf);
});

describe('PUT /api/modules/{id}', () => {
  it('answers 200 with the saved module, keeping the ids of sections that stay', async () => {
    const answer = await update(editBody());
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({
      _id: MODULE_ID,
      title: 'Cells, revised',
      sections: [
        { _id: 'id-1', order: 1, contentType: 'WORD', contentUrl: newFile },
        { _id: 'section-1', order: 2, title: 'Renamed' },
      ],
    });
    expect(answer.body.sections[1]).not.toHaveProperty('downloadUrl');
  });

  it('answers 409 with a sentence to reload when the client read an older version, saving nothing', async () => {
    const before = storedState(ports);
    expect(await update(editBody({ updatedAt: CREATED_AT }))).toMatchObject({ statusCode: 409, body: errorBody(/Reload it/) });
    expect(storedState(ports)).toEqual(before);
  });

  it.each([
    ['a malformed updatedAt', editBody({ updatedAt: 'yesterday' }), /^updatedAt: /],
    ['an unknown field', editBody({ ownerId: OTHER_TEACHER_ID }), /ownerId/],
    ['an empty title', editBody({ title: ' ' }), /^title: /],
    ['a section _id of another module', editBody({ sections: [{ ...kept, _id: 'elsewhere' }] }), /is not part of this module/],
    ["a new file in another teacher's area", editBody({ sections: [{ title: 'x', contentUrl: fileKey('a.pdf', OTHER_TEACHER_ID) }] }), /must be a file you uploaded/],
  ])('answers 400 to %s, saving nothing', async (_case, body, message) => {
    const before = storedState(ports);
    expect(await update(body)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(storedState(ports)).toEqual(before);
  });

  it.each([
    ["another teacher's module", 'theirs'],
    ['a module that does not exist', 'missing'],
  ])('answers 404 to %s', async (_case, id) => {
    expect(await update(editBody({ sections: [] }), id)).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
  });
});
