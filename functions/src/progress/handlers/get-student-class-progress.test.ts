// GET /api/progress/class/{classId}/student/{studentId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './get-student-class-progress';
import { makeProgressService } from '../progress';
import { CLASS_ID, givenSchool, MODULE_ID, OTHER_CLASS_ID, progressRecord } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeProgressService(ports));

const get = (token: TokenSpec, { studentId = STUDENT_ID, classId = CLASS_ID } = {}) =>
  invoke(handler, apiEvent(routes.getStudentClassProgress, { token, pathParameters: { classId, studentId } }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('GET /api/progress/class/{classId}/student/{studentId}', () => {
  it("answers 200 with the student's completion and next section in every module, to the student and to their teacher", async () => {
    ports.progress.put(progressRecord());
    const expected = {
      classId: CLASS_ID,
      studentId: STUDENT_ID,
      modules: [
        { moduleId: MODULE_ID, moduleTitle: 'Cells', completed: 1, total: 2, percentage: 50, completedSections: ['section-1'], nextSectionId: 'section-2' },
      ],
    };
    expect(await get(tokens.student)).toMatchObject({ statusCode: 200, headers: { 'cache-control': 'no-store' }, body: expected });
    expect(await get(tokens.teacher)).toMatchObject({ statusCode: 200, body: expected });
  });

  it("answers 403 to an enrolled student asking for someone else's progress", async () => {
    expect(await get(tokens.student, { studentId: OTHER_STUDENT_ID })).toMatchObject({
      statusCode: 403,
      body: { message: 'You can only see your own progress.' },
    });
  });

  it.each<[string, TokenSpec, Record<string, string>, string]>([
    ['a student of another class', tokens.otherStudent, { studentId: OTHER_STUDENT_ID }, 'Class not found.'],
    ['another teacher', tokens.otherTeacher, {}, 'Class not found.'],
    ['a class that does not exist', tokens.student, { classId: 'missing' }, 'Class not found.'],
    ["someone else's class id", tokens.student, { classId: OTHER_CLASS_ID }, 'Class not found.'],
    ['its teacher asking about someone not enrolled', tokens.teacher, { studentId: 'stranger' }, 'This student is not enrolled in this class.'],
  ])('answers 404 for %s', async (_case, token, ids, message) => {
    expect(await get(token, ids)).toMatchObject({ statusCode: 404, body: { message } });
  });

  it('answers 400 to malformed ids without reading anything', async () => {
    const read = jest.spyOn(ports.classes, 'getClass');
    expect(await get(tokens.student, { classId: 'CLASS#x' })).toMatchObject({ statusCode: 400, body: errorBody(/^classId /) });
    expect(read).not.toHaveBeenCalled();
  });
});
