// POST /api/classes/{classId}/modules/{moduleId}/nudges over in-memory stores: a teacher reminds a student of a due date.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './nudge-student';
import { makeNotificationService } from '../../notifications/notifications';
import { CLASS_ID, givenSchool, MODULE_ID, OTHER_CLASS_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeNotificationService(ports));
const DUE = '2026-12-05T16:00:00.000Z';

const nudge = (body: unknown, { classId = CLASS_ID, moduleId = MODULE_ID, token = tokens.teacher }: { classId?: string; moduleId?: string; token?: TokenSpec } = {}) =>
  invoke(handler, apiEvent(routes.nudgeStudent, { token, pathParameters: { classId, moduleId }, body }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports, { class: { dueAt: { [MODULE_ID]: DUE } } });
});

describe('POST /api/classes/{classId}/modules/{moduleId}/nudges', () => {
  it('answers 201 with the reminder sent, then 200 to a repeat the same day, which sends nothing', async () => {
    const first = await nudge({ studentId: STUDENT_ID });
    expect(first).toMatchObject({ statusCode: 201, body: { classId: CLASS_ID, moduleId: MODULE_ID, studentId: STUDENT_ID, dueAt: DUE, sentAt: expect.any(String) } });
    expect(await nudge({ studentId: STUDENT_ID })).toMatchObject({ statusCode: 200, body: { studentId: STUDENT_ID, dueAt: DUE } });
    expect(ports.notices.allNudges()).toHaveLength(1);
  });

  it.each([
    ['a class the caller does not teach', { classId: OTHER_CLASS_ID }, { studentId: STUDENT_ID }, 'Class not found.'],
    ['a student not enrolled', {}, { studentId: OTHER_STUDENT_ID }, 'This student is not enrolled in this class.'],
    ['a module not assigned', { moduleId: 'other-module' }, { studentId: STUDENT_ID }, 'This module is not assigned to this class.'],
  ])('answers 404 to %s, changing nothing', async (_case, path, body, message) => {
    const before = storedState(ports);
    expect(await nudge(body, path)).toMatchObject({ statusCode: 404, body: { message } });
    expect(storedState(ports)).toEqual(before);
  });

  it('answers 409 for a module without a due date', async () => {
    givenSchool(ports);
    expect(await nudge({ studentId: STUDENT_ID })).toMatchObject({ statusCode: 409, body: errorBody(/has no due date in this class/) });
  });

  it.each([
    ['no body', undefined, /^The request body must be a JSON object/],
    ['a missing studentId', {}, /^studentId: studentId is required\./],
    ['an unknown field', { studentId: STUDENT_ID, message: 'hurry' }, /Unknown field\(s\) message/],
  ])('answers 400 to %s, changing nothing', async (_case, body, message) => {
    const before = storedState(ports);
    expect(await nudge(body)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(storedState(ports)).toEqual(before);
  });

  it('answers 403 to a student and an admin', async () => {
    expect(await nudge({ studentId: STUDENT_ID }, { token: tokens.student })).toMatchObject({ statusCode: 403 });
    expect(await nudge({ studentId: STUDENT_ID }, { token: tokens.admin })).toMatchObject({ statusCode: 403 });
  });
});
