import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens, type TokenSpec } from '../../../test/unit-helpers/events';
import {
  CLASS_ID,
  MODULE_ID,
  moduleItem,
  OTHER_CLASS_ID,
  progressItem,
  schoolWithOneClass,
  section,
} from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/get-student-class-progress';

const { ddb } = mockAws();

const get = (token: TokenSpec, { studentId = STUDENT_ID, classId = CLASS_ID } = {}) =>
  invoke(handler, apiEvent(routes.getStudentClassProgress, { token, pathParameters: { classId, studentId } }));

beforeEach(() =>
  givenTable(ddb, [
    ...schoolWithOneClass({ class: { assignedModuleIds: [MODULE_ID, 'module-2', 'module-3'] } }),
    // Titles put module-2 ("Atoms") first in the syllabus; module-3 has no sections.
    moduleItem({ moduleId: 'module-2', title: 'Atoms', sections: [section('a1', 2), section('a2', 1)] }),
    moduleItem({ moduleId: 'module-3', title: 'Zoology', sections: [] }),
    // section-gone was completed before an edit removed it: it no longer counts.
    progressItem({ studentId: STUDENT_ID }, ['section-1', 'section-gone']),
    progressItem({ studentId: STUDENT_ID, moduleId: 'module-2' }, ['a2']),
    progressItem({ studentId: OTHER_STUDENT_ID }, ['section-1', 'section-2']),
  ]),
);

describe('GET /api/progress/class/{classId}/student/{studentId}', () => {
  it("answers every module of the class in syllabus order with the student's completion and next section", async () => {
    const answer = await get(tokens.student);
    expect(answer).toMatchObject({ statusCode: 200 });
    expect(answer.body).toEqual({
      classId: CLASS_ID,
      studentId: STUDENT_ID,
      modules: [
        { moduleId: 'module-2', moduleTitle: 'Atoms', completed: 1, total: 2, percentage: 50, completedSections: ['a2'], nextSectionId: 'a1' },
        { moduleId: MODULE_ID, moduleTitle: 'Cells', completed: 1, total: 2, percentage: 50, completedSections: ['section-1'], nextSectionId: 'section-2' },
        { moduleId: 'module-3', moduleTitle: 'Zoology', completed: 0, total: 0, percentage: 0, completedSections: [], nextSectionId: null },
      ],
    });
  });

  it("reads the student's progress by exact keys, never a classmate's, and queries nothing", async () => {
    await get(tokens.student);
    const progressKeys = ddb
      .commandCalls(BatchGetCommand)
      .flatMap((call) => Object.values(call.args[0].input.RequestItems ?? {}).flatMap((request) => request.Keys ?? []))
      .filter((key) => String(key.sk).startsWith('PROGRESS#'));
    expect(progressKeys.map((key) => key.sk).sort()).toEqual(
      [`PROGRESS#${MODULE_ID}#${STUDENT_ID}`, `PROGRESS#module-2#${STUDENT_ID}`, `PROGRESS#module-3#${STUDENT_ID}`].sort(),
    );
    expect(ddb).not.toReceiveCommand(QueryCommand);
  });

  it('says null for the next section once a module is complete', async () => {
    const answer = await get(tokens.teacher, { studentId: STUDENT_ID });
    expect(answer).toMatchObject({ statusCode: 200 });
    givenTable(ddb, [...schoolWithOneClass(), progressItem({ studentId: STUDENT_ID }, ['section-1', 'section-2'])]);
    expect((await get(tokens.student)).body).toMatchObject({
      modules: [{ moduleId: MODULE_ID, completed: 2, total: 2, percentage: 100, nextSectionId: null }],
    });
  });

  it('answers an empty list for a class without modules', async () => {
    givenTable(ddb, schoolWithOneClass({ class: { assignedModuleIds: [] } }));
    expect(await get(tokens.student)).toMatchObject({ statusCode: 200, body: { classId: CLASS_ID, studentId: STUDENT_ID, modules: [] } });
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
    expect(await get(tokens.student, { classId: 'CLASS#x' })).toMatchObject({ statusCode: 400, body: errorBody(/^classId /) });
    expect(ddb).not.toReceiveAnyCommand();
  });
});
