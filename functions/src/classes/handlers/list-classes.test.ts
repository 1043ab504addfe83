// GET /api/classes over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, invoke, STUDENT_ID, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './list-classes';
import { makeClassService } from '../classes';
import { CLASS_ID, givenSchool, MODULE_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeClassService(ports));

beforeEach(() => resetPorts(ports));

describe('GET /api/classes', () => {
  it('answers 200 with the classes the caller teaches, with student and module ids', async () => {
    givenSchool(ports);
    const answer = await invoke(handler, apiEvent(routes.listClasses, { token: tokens.teacher }));
    expect(answer).toMatchObject({
      statusCode: 200,
      body: [
        {
          _id: CLASS_ID,
          className: 'Biology 7A',
          teacherId: { _id: TEACHER_ID, username: 'teacher@example.com' },
          studentIds: [STUDENT_ID],
          assignedModuleIds: [MODULE_ID],
        },
      ],
    });
  });

  it('answers 200 with an empty list to a teacher with no classes', async () => {
    expect(await invoke(handler, apiEvent(routes.listClasses, { token: tokens.teacher }))).toMatchObject({ statusCode: 200, body: [] });
  });
});
