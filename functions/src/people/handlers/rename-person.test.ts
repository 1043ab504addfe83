// PUT /api/admin/people/{userId}/name over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './rename-person';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { CLASS_ID } from '@functions/test/in-memory/records';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const rename = (userId: string, body: unknown, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.people, secondFactor), apiEvent(routes.renamePerson, { token: tokens.admin, pathParameters: { userId }, body }));

describe('PUT /api/admin/people/{userId}/name', () => {
  it('answers 200 with the renamed person; the name follows into their class rosters', async () => {
    expect(await rename(STUDENT_ID, { name: '  Samira Student ' })).toMatchObject({ statusCode: 200, body: { userId: STUDENT_ID, name: 'Samira Student' } });
    expect(await school.ports.classes.getEnrolment(CLASS_ID, STUDENT_ID)).toMatchObject({ name: 'Samira Student' });
    expect(school.ports.audit.entries).toMatchObject([{ action: 'rename' }]);
  });

  it.each([
    [{ name: '' }, 'Name is required.'],
    [{ name: 'x'.repeat(200) }, expect.stringMatching(/^Name must be at most \d+ characters\.$/)],
    [{}, 'Name is required.'],
  ])('answers 400 naming the field for %j, renaming no one', async (body, message) => {
    expect(await rename(STUDENT_ID, body)).toMatchObject({ statusCode: 400, body: { fields: { name: message } } });
    expect(school.directory.calls).toEqual([]);
  });

  it('answers 404 for a person who does not exist', async () => {
    expect(await rename('nobody', { name: 'Someone' })).toMatchObject({ statusCode: 404, body: errorBody(/no such person/) });
  });

  it('answers 403 without two-factor authentication', async () => {
    expect(await rename(STUDENT_ID, { name: 'Sam' }, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(school.directory.calls).toEqual([]);
  });
});
