// GET /api/progress/{studentId}/{moduleId}/{classId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './get-progress';
import { makeProgressService } from '../progress';
import { CLASS_ID, givenSchool, MODULE_ID, progressRecord, UPDATED_AT } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeProgressService(ports));

const get = (token: TokenSpec, { studentId = STUDENT_ID, moduleId = MODULE_ID, classId = CLASS_ID } = {}) =>
  invoke(handler, apiEvent(routes.getProgress, { token, pathParameters: { studentId, moduleId, classId } }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('GET /api/progress/{studentId}/{moduleId}/{classId}', () => {
  it('answers 200 with the progress, to the student and to their teacher', async () => {
    ports.progress.put(progressRecord());
    const expected = { studentId: STUDENT_ID, moduleId: MODULE_ID, classId: CLASS_ID, completedSections: ['section-1'], updatedAt: UPDATED_AT };
    expect(await get(tokens.student)).toMatchObject({ statusCode: 200, body: expected });
    expect(await get(tokens.teacher)).toMatchObject({ statusCode: 200, body: expected });
  });

  it('answers 200 with an empty list when nothing is recorded yet', async () => {
    expect(await get(tokens.student)).toMatchObject({ statusCode: 200, body: { completedSections: [] } });
  });

  it("answers 403 to an enrolled student asking for someone else's progress", async () => {
    expect(await get(tokens.student, { studentId: OTHER_STUDENT_ID })).toMatchObject({ statusCode: 403, body: errorBody(/your own progress/) });
  });

  it.each<[string, TokenSpec, Record<string, string>, string]>([
    ['another teacher', tokens.otherTeacher, {}, 'Class not found.'],
    ['a module not assigned to the class', tokens.student, { moduleId: 'module-9' }, 'This module is not assigned to this class.'],
    ['its teacher asking about someone not enrolled', tokens.teacher, { studentId: 'stranger' }, 'This student is not enrolled in this class.'],
  ])('answers 404 for %s', async (_case, token, ids, message) => {
    expect(await get(token, ids)).toMatchObject({ statusCode: 404, body: { message } });
  });

  it('answers 400 to malformed ids', async () => {
    expect(await get(tokens.student, { moduleId: 'a b' })).toMatchObject({ statusCode: 400, body: errorBody(/^moduleId /) });
  });
});
