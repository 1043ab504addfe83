// POST and GET /api/classes/{classId}/students/{studentId}/overrides over in-memory stores: the class's teacher
// changes one student's path with a reason; the drill-down lists the overrides.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler as makeAddHandler } from './add-path-override';
import { makeHandler as makeListHandler } from './list-path-overrides';
import { makeHandler as makeRemoveHandler } from './remove-path-override';
import { makePathOverrideService } from '../path-overrides';
import { CLASS_ID, givenSchool, MODULE_ID, OTHER_CLASS_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const service = makePathOverrideService(ports);
const addHandler = makeAddHandler(service);
const listHandler = makeListHandler(service, async () => ({ secondFactor: true }));
const removeHandler = makeRemoveHandler(service);

const add = (body: unknown, { classId = CLASS_ID, studentId = STUDENT_ID, token = tokens.teacher }: { classId?: string; studentId?: string; token?: TokenSpec } = {}) =>
  invoke(addHandler, apiEvent(routes.addPathOverride, { token, pathParameters: { classId, studentId }, body }));
const list = (token: TokenSpec = tokens.teacher) => invoke(listHandler, apiEvent(routes.listPathOverrides, { token, pathParameters: { classId: CLASS_ID, studentId: STUDENT_ID } }));

const remove = (kind: string, query: Record<string, string> = {}, token: TokenSpec = tokens.teacher) =>
  invoke(
    removeHandler,
    { ...apiEvent(routes.removePathOverride, { token, pathParameters: { classId: CLASS_ID, studentId: STUDENT_ID, moduleId: MODULE_ID, kind } }), queryStringParameters: query },
  );

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('POST /api/classes/{classId}/students/{studentId}/overrides', () => {
  it("answers 201 with the student's overrides, which GET lists", async () => {
    const answer = await add({ moduleId: MODULE_ID, kind: 'excuse', sectionId: 'section-2', reason: 'Away on a trip' });
    expect(answer).toMatchObject({
      statusCode: 201,
      body: { classId: CLASS_ID, studentId: STUDENT_ID, overrides: [{ moduleId: MODULE_ID, kind: 'excuse', sectionId: 'section-2', reason: 'Away on a trip' }] },
    });
    expect(await list()).toMatchObject({ statusCode: 200, body: answer.body });
  });

  it.each([
    ['a release without a section', { moduleId: MODULE_ID, kind: 'release', reason: 'x' }, /sectionId: Name the section/],
    ['an unlock naming a section', { moduleId: MODULE_ID, kind: 'unlock', sectionId: 'section-1', reason: 'x' }, /unlocking a module names none/],
    ['an unknown kind', { moduleId: MODULE_ID, kind: 'skip', sectionId: 'section-1', reason: 'x' }, /kind must be one of release, excuse, unlock/],
    ['an empty reason', { moduleId: MODULE_ID, kind: 'unlock', reason: '  ' }, /Reason is required/],
  ])('answers 400 to %s, changing nothing', async (_case, body, message) => {
    const before = storedState(ports);
    expect(await add(body)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(storedState(ports)).toEqual(before);
  });

  it.each([
    ['a class the caller does not teach', { classId: OTHER_CLASS_ID }, 'Class not found.'],
    ['a student not enrolled', { studentId: OTHER_STUDENT_ID }, 'This student is not enrolled in this class.'],
  ])('answers 404 to %s, changing nothing', async (_case, path, message) => {
    const before = storedState(ports);
    expect(await add({ moduleId: MODULE_ID, kind: 'unlock', reason: 'Ready' }, path)).toMatchObject({ statusCode: 404, body: { message } });
    expect(storedState(ports)).toEqual(before);
  });

  it('answers 403 to a student', async () => {
    expect(await add({ moduleId: MODULE_ID, kind: 'unlock', reason: 'Ready' }, { token: tokens.student })).toMatchObject({ statusCode: 403 });
    expect(await list(tokens.student)).toMatchObject({ statusCode: 403 });
  });
});

describe('DELETE /api/classes/{classId}/students/{studentId}/overrides/{moduleId}/{kind}', () => {
  it("answers 200 with the student's overrides left, then 404 for the same one again", async () => {
    await add({ moduleId: MODULE_ID, kind: 'excuse', sectionId: 'section-2', reason: 'Away on a trip' });
    await add({ moduleId: MODULE_ID, kind: 'unlock', reason: 'Ready' });
    expect(await remove('excuse', { sectionId: 'section-2' })).toMatchObject({ statusCode: 200, body: { overrides: [{ kind: 'unlock' }] } });
    expect(await remove('excuse', { sectionId: 'section-2' })).toMatchObject({ statusCode: 404, body: errorBody(/no longer there/) });
  });

  it.each([
    ['a release without ?sectionId=', 'release', {}, /sectionId: Name the section/],
    ['an unlock naming a section', 'unlock', { sectionId: 'section-1' }, /unlocking a module names none/],
    ['an unknown kind', 'skip', { sectionId: 'section-1' }, /kind must be one of release, excuse, unlock/],
    ['an unknown query parameter', 'unlock', { reason: 'x' }, /.+/],
  ])('answers 400 to %s, changing nothing', async (_case, kind, query, message) => {
    await add({ moduleId: MODULE_ID, kind: 'unlock', reason: 'Ready' });
    const before = storedState(ports);
    expect(await remove(kind, query)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(storedState(ports)).toEqual(before);
  });

  it('answers 403 to a student', async () => {
    await add({ moduleId: MODULE_ID, kind: 'unlock', reason: 'Ready' });
    expect(await remove('unlock', {}, tokens.student)).toMatchObject({ statusCode: 403 });
  });
});
