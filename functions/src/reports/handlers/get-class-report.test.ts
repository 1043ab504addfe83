// GET /api/progress/class/{classId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './get-class-report';
import { makeReportService } from '../reports';
import { CLASS_ID, givenSchool, MODULE_ID, progressRecord } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';
import { withSecondFactor } from '@functions/test/in-memory/admin';

const ports = inMemoryPorts();
const handler = makeHandler(makeReportService(ports), withSecondFactor);

const report = (token: TokenSpec = tokens.teacher, classId = CLASS_ID, query?: Record<string, string>) =>
  invoke(handler, { ...apiEvent(routes.getClassReport, { token, pathParameters: { classId } }), queryStringParameters: query });

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('GET /api/progress/class/{classId}', () => {
  it('answers 200 with a row per student and a cell per assigned module', async () => {
    ports.progress.put(progressRecord());
    expect(await report()).toMatchObject({
      statusCode: 200,
      body: [
        {
          studentId: STUDENT_ID,
          studentName: 'student@example.com',
          modules: [{ moduleId: MODULE_ID, moduleTitle: 'Cells', percentage: 50, completed: 1, total: 2 }],
        },
      ],
    });
  });

  it('marks a disabled student, in the whole report and in a page; an active one has no mark', async () => {
    const disabled = (answer: { body: unknown }) => JSON.stringify(answer.body).includes('"disabled":true');
    await ports.people.save({ userId: STUDENT_ID, email: 'student@example.com', name: 'Sam Student', role: 'Students', status: 'active', createdAt: '2024-05-01T00:00:00.000Z' });
    expect(disabled(await report())).toBe(false);
    await ports.people.update({ userId: STUDENT_ID, email: 'student@example.com', name: 'Sam Student', role: 'Students', status: 'disabled', createdAt: '2024-05-01T00:00:00.000Z' }, ['status']);
    expect(await report()).toMatchObject({ statusCode: 200, body: [{ studentId: STUDENT_ID, disabled: true }] });
    expect(await report(tokens.teacher, CLASS_ID, { limit: '1' })).toMatchObject({ statusCode: 200, body: { rows: [{ studentId: STUDENT_ID, disabled: true }] } });
  });

  it.each<[string, TokenSpec, string]>([
    ['another teacher', tokens.otherTeacher, CLASS_ID],
    ['a class that does not exist', tokens.teacher, 'missing'],
  ])('answers 404 to %s', async (_case, token, classId) => {
    expect(await report(token, classId)).toMatchObject({ statusCode: 404, body: { message: 'Class not found.' } });
  });

  it('answers one page with limit or cursor', async () => {
    expect(await report(tokens.teacher, CLASS_ID, { limit: '1' })).toMatchObject({
      statusCode: 200,
      body: { rows: [{ studentId: STUDENT_ID }], studentCount: 1 },
    });
  });

  it.each([
    [{ limit: '0' }, /^limit: limit must be a whole number from 1 to 100/],
    [{ limit: '101' }, /^limit: limit must be a whole number from 1 to 100/],
    [{ limit: 'ten' }, /^limit: limit must be a whole number from 1 to 100/],
    [{ cursor: '!!' }, /^cursor: cursor is not one this list gave/],
    [{ cursor: Buffer.from('a b').toString('base64url') }, /^cursor: cursor is not one this list gave/],
  ])('answers 400 to a bad page request %j', async (query, message) => {
    expect(await report(tokens.teacher, CLASS_ID, query)).toMatchObject({ statusCode: 400, body: errorBody(message) });
  });

  it('answers 400 to a malformed id', async () => {
    expect(await report(tokens.teacher, 'a b')).toMatchObject({ statusCode: 400, body: errorBody(/^classId /) });
  });
});
