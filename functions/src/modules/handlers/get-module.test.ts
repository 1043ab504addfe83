// GET /api/modules/{id} over in-memory stores: the HTTP answer of the module use case.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './get-module';
import { makeModuleService } from '../modules';
import { CLASS_ID, fileKey, givenSchool, MODULE_ID, OTHER_CLASS_ID, section } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeModuleService(ports));

const get = (token: TokenSpec, id = MODULE_ID, query?: Record<string, string>) =>
  invoke(handler, { ...apiEvent(routes.getModule, { token, pathParameters: { id } }), queryStringParameters: query });

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('GET /api/modules/{id}', () => {
  it('answers 200 with every section and its download link, and nothing of the storage layout', async () => {
    const answer = await get(tokens.teacher);
    expect(answer).toMatchObject({ statusCode: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
    expect(answer.body).toEqual({
      _id: MODULE_ID,
      title: 'Cells',
      description: 'What living things are made of',
      sections: [section('section-1', 1), section('section-2', 2)].map((each) => ({
        ...each,
        role: 'core',
        downloadUrl: `memory://get/${fileKey(`${each._id}.pdf`)}?name=${each._id}.pdf&type=application%2Fpdf`,
      })),
      sequential: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("adds the module's usage for its owner with ?usage=true, and refuses other values", async () => {
    expect(await get(tokens.teacher, MODULE_ID, { usage: 'true' })).toMatchObject({
      statusCode: 200,
      body: { _id: MODULE_ID, usage: { classes: [{ classId: CLASS_ID, className: 'Biology 7A' }], studentsWithProgress: 0, checkAttempts: 0 } },
    });
    expect(await get(tokens.teacher, MODULE_ID, { usage: 'yes' })).toMatchObject({ statusCode: 400, body: errorBody(/^usage: usage must be true, or left out\./) });
    expect(await get(tokens.student, MODULE_ID, { usage: 'true' })).toMatchObject({ statusCode: 404 });
  });

  it('answers 200 to an enrolled student of a class it is assigned to', async () => {
    expect((await get(tokens.student)).statusCode).toBe(200);
  });

  it.each([
    ['another teacher', tokens.otherTeacher, MODULE_ID],
    ['a student of another class', tokens.otherStudent, MODULE_ID],
    ['anyone, for a module that does not exist', tokens.teacher, 'missing'],
  ])('answers 404 to %s, as if it did not exist', async (_who, token, id) => {
    expect(await get(token, id)).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
  });

  it('answers 400 to a malformed id', async () => {
    expect(await get(tokens.teacher, 'a b')).toMatchObject({ statusCode: 400, body: errorBody(/^id /) });
  });

  it('answers 200 to a student who names the class they read it in, and 404 for a class of theirs without it', async () => {
    expect((await get(tokens.student, MODULE_ID, { classId: CLASS_ID })).statusCode).toBe(200);
    expect(await get(tokens.student, MODULE_ID, { classId: OTHER_CLASS_ID })).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
  });

  it.each([
    ['a malformed classId', { classId: 'a b' }, /classId may only contain letters/],
    ['an unknown query parameter', { class: CLASS_ID }, /class/],
  ])('answers 400 to %s', async (_case, query, message) => {
    expect(await get(tokens.student, MODULE_ID, query)).toMatchObject({ statusCode: 400, body: errorBody(message) });
  });
});
