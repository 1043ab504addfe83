// GET /api/classes/student/{userId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './list-student-classes';
import { makeClassService } from '../classes';
import { CLASS_ID, givenSchool } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeClassService(ports));

const list = (userId: string) => invoke(handler, apiEvent(routes.listStudentClasses, { token: tokens.student, pathParameters: { userId } }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('GET /api/classes/student/{userId}', () => {
  it("answers 200 with the student's classes and no classmates", async () => {
    await ports.classes.enrollStudent(CLASS_ID, { studentId: 'classmate', name: 'Cam Classmate', email: 'classmate@example.com' });
    const answer = await list(STUDENT_ID);
    expect(answer).toMatchObject({ statusCode: 200, body: [{ _id: CLASS_ID, studentIds: [STUDENT_ID] }] });
  });

  it("answers 403 to another student's id", async () => {
    expect(await list(OTHER_STUDENT_ID)).toMatchObject({ statusCode: 403, body: { message: 'You can only list your own classes.' } });
  });

  it('answers 400 to a malformed id', async () => {
    expect(await list('a/b')).toMatchObject({ statusCode: 400, body: errorBody(/^userId /) });
  });
});
