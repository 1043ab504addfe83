// GET /api/classes/{classId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './get-class';
import { makeClassService } from '../classes';
import { CLASS_ID, givenSchool, MODULE_ID, OTHER_CLASS_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';
import { withSecondFactor } from '@functions/test/in-memory/admin';

const ports = inMemoryPorts();
const handler = makeHandler(makeClassService(ports), withSecondFactor);

const get = (token: TokenSpec, classId = CLASS_ID) => invoke(handler, apiEvent(routes.getClass, { token, pathParameters: { classId } }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('GET /api/classes/{classId}', () => {
  it('answers 200 with the roster and the assigned modules, populated', async () => {
    expect(await get(tokens.teacher)).toMatchObject({
      statusCode: 200,
      body: {
        _id: CLASS_ID,
        studentIds: [{ _id: STUDENT_ID, username: 'student@example.com' }],
        assignedModuleIds: [{ _id: MODULE_ID, title: 'Cells', description: 'What living things are made of' }],
      },
    });
  });

  it.each<[string, TokenSpec, string]>([
    ['another teacher', tokens.otherTeacher, CLASS_ID],
    ['a student of another class', tokens.otherStudent, CLASS_ID],
    ['the teacher, for a class of someone else', tokens.teacher, OTHER_CLASS_ID],
    ['anyone, for a class that does not exist', tokens.teacher, 'missing'],
  ])('answers 404 to %s', async (_who, token, classId) => {
    expect(await get(token, classId)).toMatchObject({ statusCode: 404, body: { message: 'Class not found.' } });
  });

  it('answers 400 to a malformed id', async () => {
    expect(await get(tokens.teacher, 'a b')).toMatchObject({ statusCode: 400, body: errorBody(/^classId /) });
  });
});
