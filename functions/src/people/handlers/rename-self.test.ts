// PUT /api/me/name over in-memory stores: anyone signed in renames themselves, never someone else.
import { routes } from '@shared/contract';
import { apiEvent, invoke, STUDENT_ID, TEACHER_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './rename-self';
import { givenAdminSchool, withSecondFactor } from '@functions/test/in-memory/admin';
import { CLASS_ID } from '@functions/test/in-memory/records';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const rename = (token: TokenSpec, body: unknown) => invoke(makeHandler(school.people, withSecondFactor), apiEvent(routes.renameSelf, { token, body }));

describe('PUT /api/me/name', () => {
  it("answers 200 with the caller's new name, and their class roster shows it", async () => {
    expect(await rename(tokens.student, { name: 'Sam S.' })).toMatchObject({ statusCode: 200, body: { userId: STUDENT_ID, name: 'Sam S.' } });
    expect(await school.ports.classes.getEnrolment(CLASS_ID, STUDENT_ID)).toMatchObject({ name: 'Sam S.' });
  });

  it('renames the caller only, whatever the body says', async () => {
    expect(await rename(tokens.teacher, { name: 'Ada T.', userId: STUDENT_ID })).toMatchObject({ statusCode: 400, body: { message: expect.stringMatching(/Unknown field\(s\) userId/) } });
    expect(await rename(tokens.teacher, { name: 'Ada T.' })).toMatchObject({ statusCode: 200, body: { userId: TEACHER_ID } });
    expect(school.directory.people.get(STUDENT_ID)?.name).toBe('Sam Student');
  });

  it('answers 400 naming the field for an empty name', async () => {
    expect(await rename(tokens.student, { name: '   ' })).toMatchObject({ statusCode: 400, body: { fields: { name: 'Name is required.' } } });
  });

  it('answers 404 to a signed-in user the directory no longer has', async () => {
    expect(await rename(tokens.otherStudent, { name: 'Ghost' })).toMatchObject({ statusCode: 404 });
  });
});
