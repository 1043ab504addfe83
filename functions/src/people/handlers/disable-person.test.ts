// POST /api/admin/people/{userId}/disable over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './disable-person';
import { ADMIN_ID, givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const disable = (userId: string, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.people, secondFactor), apiEvent(routes.disablePerson, { token: tokens.admin, pathParameters: { userId } }));

describe('POST /api/admin/people/{userId}/disable', () => {
  it('answers 200 with the disabled person, and audits it', async () => {
    expect(await disable(STUDENT_ID)).toMatchObject({ statusCode: 200, body: { userId: STUDENT_ID, status: 'disabled' } });
    expect(school.directory.people.get(STUDENT_ID)?.status).toBe('disabled');
    expect(school.ports.audit.entries).toMatchObject([{ action: 'disable' }]);
  });

  it('answers 404 for a person who does not exist, 403 for the caller themselves, 400 for a malformed id', async () => {
    expect(await disable('nobody')).toMatchObject({ statusCode: 404, body: { message: 'There is no such person; reload the list.' } });
    expect(await disable(ADMIN_ID)).toMatchObject({ statusCode: 403, body: errorBody(/You cannot disable your own account/) });
    expect(await disable('a b')).toMatchObject({ statusCode: 400, body: errorBody(/^userId /) });
    expect(school.ports.audit.entries).toEqual([]);
  });

  it('answers 403 without two-factor authentication, disabling no one', async () => {
    expect(await disable(STUDENT_ID, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(school.directory.people.get(STUDENT_ID)?.status).toBe('active');
  });
});
