// GET /api/classes/teacher/{teacherId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, OTHER_TEACHER_ID, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './list-teacher-classes';
import { makeClassService } from '../classes';
import { CLASS_ID, givenSchool } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeClassService(ports));

const list = (teacherId: string) =>
  invoke(handler, apiEvent(routes.listTeacherClasses, { token: tokens.teacher, pathParameters: { teacherId } }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('GET /api/classes/teacher/{teacherId}', () => {
  it("answers 200 with the caller's classes when the id is the caller's own", async () => {
    const answer = await list(TEACHER_ID);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.map((each: { _id: string }) => each._id)).toEqual([CLASS_ID]);
  });

  it("answers 403 to another teacher's id", async () => {
    expect(await list(OTHER_TEACHER_ID)).toMatchObject({ statusCode: 403, body: { message: 'You can only list the classes you teach.' } });
  });

  it('answers 400 to a malformed id', async () => {
    expect(await list('a b')).toMatchObject({ statusCode: 400, body: errorBody(/^teacherId /) });
  });
});
