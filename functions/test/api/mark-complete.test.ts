// POST /api/progress/mark-complete over in-memory stores.
import { routes } from '@shared/routes';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from '../../src/handlers/mark-complete';
import { makeProgressService } from '../../src/domain/progress';
import { CLASS_ID, givenSchool, MODULE_ID } from '../in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '../in-memory/stores';

const ports = inMemoryPorts();
const handler = makeHandler(makeProgressService(ports));

const body = (overrides: Record<string, unknown> = {}) => ({
  studentId: STUDENT_ID,
  moduleId: MODULE_ID,
  classId: CLASS_ID,
  sectionId: 'section-2',
  ...overrides,
});
const mark = (payload: unknown) => invoke(handler, apiEvent(routes.markComplete, { token: tokens.student, body: payload }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('POST /api/progress/mark-complete', () => {
  it('answers 200 with the progress, the section added', async () => {
    expect(await mark(body())).toMatchObject({
      statusCode: 200,
      body: { studentId: STUDENT_ID, moduleId: MODULE_ID, classId: CLASS_ID, completedSections: ['section-2'], updatedAt: ports.clock.now().toISOString() },
    });
  });

  it("answers 403 to marking someone else's progress, changing nothing", async () => {
    expect(await mark(body({ studentId: OTHER_STUDENT_ID }))).toMatchObject({ statusCode: 403, body: { message: 'You can only mark your own progress.' } });
    expect(ports.progress.all()).toEqual([]);
  });

  it('answers 404 for a module not assigned to the class', async () => {
    expect(await mark(body({ moduleId: 'module-9' }))).toMatchObject({ statusCode: 404, body: { message: 'This module is not assigned to this class.' } });
  });

  it.each([
    ['a missing sectionId', body({ sectionId: undefined }), /^sectionId: sectionId is required\./],
    ['a numeric classId', body({ classId: 1 }), /^classId: classId must be text\./],
    ['an unknown field', body({ completed: true }), /Unknown field\(s\) completed/],
    ['an id over 100 characters', body({ sectionId: 's'.repeat(101) }), /sectionId is too long/],
    ['a list instead of an object', [body()], /^The request body must be a JSON object/],
    ['a section of another module', body({ sectionId: 'elsewhere' }), /not part of the module/],
  ])('answers 400 to %s, changing nothing', async (_case, payload, message) => {
    const before = storedState(ports);
    expect(await mark(payload)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(storedState(ports)).toEqual(before);
  });
});
