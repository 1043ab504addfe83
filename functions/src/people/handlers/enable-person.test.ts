// POST /api/admin/people/{userId}/enable over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './enable-person';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(async () => {
  school = givenAdminSchool();
  await school.directory.disable(STUDENT_ID);
});

const enable = (userId: string, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.people, secondFactor), apiEvent(routes.enablePerson, { token: tokens.admin, pathParameters: { userId } }));

describe('POST /api/admin/people/{userId}/enable', () => {
  it('answers 200 with the person active again, and audits it', async () => {
    expect(await enable(STUDENT_ID)).toMatchObject({ statusCode: 200, body: { userId: STUDENT_ID, status: 'active' } });
    expect(school.ports.audit.entries).toMatchObject([{ action: 'enable' }]);
  });

  it('answers 404 for a person who does not exist and 400 for a malformed id', async () => {
    expect(await enable('nobody')).toMatchObject({ statusCode: 404, body: { message: 'There is no such person; reload the list.' } });
    expect(await enable('a b')).toMatchObject({ statusCode: 400, body: errorBody(/^userId /) });
  });

  it('answers 403 without two-factor authentication, enabling no one', async () => {
    expect(await enable(STUDENT_ID, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(school.directory.people.get(STUDENT_ID)?.status).toBe('disabled');
  });
});
