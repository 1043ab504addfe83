// PUT /api/classes/{classId}/assign-module over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './assign-module';
import { makeClassService } from '../classes';
import { CLASS_ID, givenSchool, MODULE_ID, moduleRecord, OTHER_CLASS_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeClassService(ports));

const assign = (body: unknown, classId = CLASS_ID) =>
  invoke(handler, apiEvent(routes.assignModule, { token: tokens.teacher, pathParameters: { classId }, body }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
  ports.modules.put(moduleRecord({ moduleId: 'module-2', title: 'Genetics' }));
});

describe('PUT /api/classes/{classId}/assign-module', () => {
  it('answers 200 with the class detail, the module added', async () => {
    const answer = await assign({ moduleId: 'module-2' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.assignedModuleIds.map((module: { _id: string }) => module._id)).toEqual([MODULE_ID, 'module-2']);
  });

  it('answers 200 with the due date given, in UTC, and sets a new one on a re-assign', async () => {
    const dated = await assign({ moduleId: 'module-2', dueAt: '2026-12-05T17:00:00+01:00' });
    expect(dated).toMatchObject({ statusCode: 200, body: { assignedModuleIds: expect.arrayContaining([{ _id: 'module-2', title: 'Genetics', description: expect.any(String), dueAt: '2026-12-05T16:00:00.000Z' }]) } });
    const moved = await assign({ moduleId: 'module-2', dueAt: '2026-12-06T09:00:00Z' });
    expect(moved.body.assignedModuleIds).toContainEqual(expect.objectContaining({ _id: 'module-2', dueAt: '2026-12-06T09:00:00.000Z' }));
  });

  it.each([
    ['a date without a time', '2026-12-05'],
    ['a time without a zone', '2026-12-05T17:00:00'],
    ['words', 'next Friday'],
    ['a number', 1764950400000],
    ['an impossible date', '2026-02-30T10:00:00Z'],
  ])('answers 400 naming dueAt to %s, changing nothing', async (_case, dueAt) => {
    const before = storedState(ports);
    const answer = await assign({ moduleId: 'module-2', dueAt });
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/^dueAt: dueAt must be a date and time in ISO 8601/) });
    expect(answer.body.fields).toEqual({ dueAt: expect.stringMatching(/^dueAt must be/) });
    expect(storedState(ports)).toEqual(before);
  });

  it('answers 404 to a class the caller does not teach, changing nothing', async () => {
    const before = storedState(ports);
    expect(await assign({ moduleId: 'module-2' }, OTHER_CLASS_ID)).toMatchObject({ statusCode: 404, body: { message: 'Class not found.' } });
    expect(storedState(ports)).toEqual(before);
  });

  it.each([
    ['no body', undefined, /^The request body must be a JSON object/],
    ['a missing moduleId', {}, /^moduleId: moduleId is required\./],
    ['a numeric moduleId', { moduleId: 7 }, /^moduleId: moduleId must be text\./],
    ['an unknown field', { moduleId: MODULE_ID, teacherId: TEACHER_ID }, /Unknown field\(s\) teacherId/],
  ])('answers 400 to %s, changing nothing', async (_case, body, message) => {
    const before = storedState(ports);
    expect(await assign(body)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(storedState(ports)).toEqual(before);
  });

  it('answers 400 to a malformed class id', async () => {
    expect(await assign({ moduleId: MODULE_ID }, 'a/b')).toMatchObject({ statusCode: 400, body: errorBody(/^classId /) });
  });
});
