// GET /api/progress/class/{classId}/completion over in-memory stores: the dashboard's counters for one class.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './get-class-completion';
import { makeProgressService } from '../../progress/progress';
import { makeReportService } from '../reports';
import { CLASS_ID, givenSchool, MODULE_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';
import { withSecondFactor } from '@functions/test/in-memory/admin';

const ports = inMemoryPorts();
const progress = makeProgressService(ports);
const handler = makeHandler(makeReportService(ports), withSecondFactor);

const completion = (token: TokenSpec, classId = CLASS_ID) =>
  invoke(handler, apiEvent(routes.getClassCompletion, { token, pathParameters: { classId } }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('GET /api/progress/class/{classId}/completion', () => {
  it("answers 200 with each module's completions, the average and today's active students", async () => {
    await progress.markComplete({ userId: STUDENT_ID, roles: ['Students'] }, { studentId: STUDENT_ID, classId: CLASS_ID, moduleId: MODULE_ID, sectionId: 'section-1' });
    expect(await completion(tokens.teacher)).toEqual(
      expect.objectContaining({
        statusCode: 200,
        body: {
          classId: CLASS_ID,
          studentCount: 1,
          averagePercentage: 50,
          modules: [{ moduleId: MODULE_ID, moduleTitle: 'Cells', sections: 2, completions: 1, percentage: 50 }],
          activeStudentIds: [STUDENT_ID],
        },
      }),
    );
  });

  it('answers admins too', async () => {
    expect(await completion(tokens.admin)).toMatchObject({ statusCode: 200, body: { averagePercentage: 0 } });
  });

  it.each<[string, TokenSpec, string]>([
    ['another teacher', tokens.otherTeacher, CLASS_ID],
    ['a class that does not exist', tokens.teacher, 'missing'],
  ])('answers 404 to %s', async (_case, token, classId) => {
    expect(await completion(token, classId)).toMatchObject({ statusCode: 404, body: { message: 'Class not found.' } });
  });

  it('answers 403 to a student and 400 to a malformed id', async () => {
    expect(await completion(tokens.student)).toMatchObject({ statusCode: 403 });
    expect(await completion(tokens.teacher, 'a b')).toMatchObject({ statusCode: 400, body: errorBody(/^classId /) });
  });
});
