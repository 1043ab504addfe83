// DELETE /api/classes/{classId}/modules/{moduleId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './unassign-module';
import { makeClassService } from '../classes';
import { CLASS_ID, givenSchool, MODULE_ID, OTHER_CLASS_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeClassService(ports));

const unassign = (classId = CLASS_ID, moduleId = MODULE_ID) =>
  invoke(handler, apiEvent(routes.unassignModule, { token: tokens.teacher, pathParameters: { classId, moduleId } }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('DELETE /api/classes/{classId}/modules/{moduleId}', () => {
  it("answers 200 with the class detail, the module gone and the students' progress kept", async () => {
    await ports.progress.addCompletedSection({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: STUDENT_ID }, 'section-1', '2026-01-01T00:00:00.000Z');
    const answer = await unassign();
    expect(answer).toMatchObject({ statusCode: 200, body: { _id: CLASS_ID, assignedModuleIds: [] } });
    expect(ports.progress.all()).toHaveLength(1);
  });

  it('answers 404 to a class the caller does not teach, changing nothing', async () => {
    const before = storedState(ports);
    expect(await unassign(OTHER_CLASS_ID)).toMatchObject({ statusCode: 404, body: { message: 'Class not found.' } });
    expect(storedState(ports)).toEqual(before);
  });

  it('answers 400 to a malformed module id, changing nothing', async () => {
    const before = storedState(ports);
    expect(await unassign(CLASS_ID, 'a/b')).toMatchObject({ statusCode: 400, body: errorBody(/^moduleId /) });
    expect(storedState(ports)).toEqual(before);
  });
});
