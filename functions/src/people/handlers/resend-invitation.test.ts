// POST /api/admin/people/{userId}/resend-invitation over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './resend-invitation';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const resend = (userId: string, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.people, secondFactor), apiEvent(routes.resendInvitation, { token: tokens.admin, pathParameters: { userId } }));

describe('POST /api/admin/people/{userId}/resend-invitation', () => {
  it('answers 200 with the new temporary password of a pending invitation, and audits it', async () => {
    expect(await resend(school.invitee.userId)).toEqual(expect.objectContaining({ statusCode: 200, body: { temporaryPassword: 'again-kim@example.com' } }));
    expect(school.ports.audit.entries).toMatchObject([{ action: 'resendInvitation' }]);
  });

  it('answers 409 for someone who has signed in already, 404 for no one, 400 for a malformed id', async () => {
    expect(await resend(STUDENT_ID)).toMatchObject({ statusCode: 409, body: errorBody(/has already signed in/) });
    expect(await resend('nobody')).toMatchObject({ statusCode: 404, body: { message: 'There is no such person; reload the list.' } });
    expect(await resend('a b')).toMatchObject({ statusCode: 400, body: errorBody(/^userId /) });
  });

  it('answers 403 without two-factor authentication, sending nothing', async () => {
    expect(await resend(school.invitee.userId, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(school.directory.calls).toEqual([]);
  });
});
