// GET /api/classes/{classId}/students over in-memory stores: the roster in pages.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './list-class-students';
import { makeClassService } from '../../classes/classes';
import { CLASS_ID, givenSchool } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';
import { withSecondFactor } from '@functions/test/in-memory/admin';

const ports = inMemoryPorts();
const handler = makeHandler(makeClassService(ports), withSecondFactor);

const roster = (token: TokenSpec, query: Record<string, string> = {}, classId = CLASS_ID) =>
  invoke(handler, { ...apiEvent(routes.listClassStudents, { token, pathParameters: { classId } }), queryStringParameters: query });

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports, { class: { students: { [STUDENT_ID]: 'Sam Student', [OTHER_STUDENT_ID]: 'Kim Student' } } });
});

describe('GET /api/classes/{classId}/students', () => {
  it('answers 200 with a page of students, the class size and a cursor to the next page', async () => {
    const first = await roster(tokens.teacher, { limit: '1' });
    expect(first).toMatchObject({ statusCode: 200, body: { students: [{ userId: STUDENT_ID, name: 'Sam Student' }], studentCount: 2, next: expect.any(String) } });
    const second = await roster(tokens.teacher, { limit: '1', cursor: first.body.next });
    expect(second.body).toEqual({ students: [expect.objectContaining({ userId: OTHER_STUDENT_ID })], studentCount: 2 });
  });

  it('answers admins too', async () => {
    expect((await roster(tokens.admin)).body.students).toHaveLength(2);
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ cursor: '!!' }, 'cursor'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    expect(await roster(tokens.teacher, query)).toMatchObject({ statusCode: 400, body: { fields: { [field]: expect.any(String) } } });
  });

  it.each<[string, TokenSpec, string]>([
    ['another teacher', tokens.otherTeacher, CLASS_ID],
    ['a class that does not exist', tokens.teacher, 'missing'],
  ])('answers 404 to %s', async (_case, token, classId) => {
    expect(await roster(token, {}, classId)).toMatchObject({ statusCode: 404, body: { message: 'Class not found.' } });
  });

  it('answers 403 to a student and 400 to a malformed id', async () => {
    expect(await roster(tokens.student)).toMatchObject({ statusCode: 403, body: errorBody(/Only teachers or admins/) });
    expect(await roster(tokens.teacher, {}, 'a b')).toMatchObject({ statusCode: 400, body: errorBody(/^classId /) });
  });
});
