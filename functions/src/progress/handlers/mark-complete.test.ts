// POST /api/progress/mark-complete over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './mark-complete';
import { makeProgressService } from '../progress';
import { getMetrics } from '../../platform/metrics';
import { CLASS_ID, givenSchool, MODULE_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '@functions/test/in-memory/ports';

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

  describe('with completed: false (undo)', () => {
    const counter = async () => (await ports.progress.listCompletionCounters(CLASS_ID)).find((each) => each.moduleId === MODULE_ID);

    it('takes the section out and the counters back, once however often it is asked', async () => {
      await mark(body({ sectionId: 'section-1' }));
      await mark(body());
      expect(await counter()).toMatchObject({ completions: 2, startedStudents: 1, bySection: { 'section-1': 1, 'section-2': 1 } });

      for (let repeat = 0; repeat < 2; repeat += 1) {
        expect(await mark(body({ completed: false }))).toMatchObject({ statusCode: 200, body: { completedSections: ['section-1'] } });
      }
      expect(await counter()).toMatchObject({ completions: 1, startedStudents: 1, bySection: { 'section-1': 1, 'section-2': 0 } });

      // The last section undone: the student has not started the module any more.
      await mark(body({ sectionId: 'section-1', completed: false }));
      expect(await counter()).toMatchObject({ completions: 0, startedStudents: 0 });
      // And marking it again counts it again.
      await mark(body());
      expect(await counter()).toMatchObject({ completions: 1, startedStudents: 1 });
    });

    it('counts as SectionCompletionUndone, never as SectionCompleted', async () => {
      const counted = jest.spyOn(getMetrics(), 'addMetric');
      await mark(body());
      expect(counted).toHaveBeenCalledWith('SectionCompleted', 'Count', 1);
      counted.mockClear();
      await mark(body({ completed: false }));
      expect(counted).toHaveBeenCalledWith('SectionCompletionUndone', 'Count', 1);
      expect(counted).not.toHaveBeenCalledWith('SectionCompleted', 'Count', 1);
      counted.mockRestore();
    });

    it('answers 409 for a section whose check the student passed, changing nothing', async () => {
      await mark(body());
      ports.attempts.putScores({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: STUDENT_ID, bySection: { 'section-2': { bestPercent: 90, attempts: 1, passed: true } } });
      expect(await mark(body({ completed: false }))).toMatchObject({ statusCode: 409, body: { message: "You passed this section's check, so it stays complete." } });
      expect(await counter()).toMatchObject({ completions: 1 });
    });

    it("answers 403 to undoing someone else's completion", async () => {
      expect(await mark(body({ studentId: OTHER_STUDENT_ID, completed: false }))).toMatchObject({ statusCode: 403 });
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
    ['a completed that is not a boolean', body({ completed: 'no' }), /^completed: completed must be true or false\./],
    ['an unknown field', body({ done: true }), /Unknown field\(s\) done/],
    ['an id over 100 characters', body({ sectionId: 's'.repeat(101) }), /sectionId is too long/],
    ['a list instead of an object', [body()], /^The request body must be a JSON object/],
    ['a section of another module', body({ sectionId: 'elsewhere' }), /not part of the module/],
  ])('answers 400 to %s, changing nothing', async (_case, payload, message) => {
    const before = storedState(ports);
    expect(await mark(payload)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(storedState(ports)).toEqual(before);
  });
});
