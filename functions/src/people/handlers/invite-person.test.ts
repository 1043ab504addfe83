// POST /api/admin/people over in-memory stores: 201 for a new invitation, 200 for a repeat of a pending one.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './invite-person';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const invite = (body: unknown, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.people, secondFactor), apiEvent(routes.invitePerson, { token: tokens.admin, body }));
const ada = { email: ' Ada@Example.com ', name: 'Ada Lovelace', role: 'Teachers' };

describe('POST /api/admin/people', () => {
  it('answers 201 with the invited person and their temporary password, the e-mail in lower case', async () => {
    const answer = await invite(ada);
    expect(answer).toMatchObject({ statusCode: 201, body: { temporaryPassword: 'temp-ada@example.com' } });
    expect(answer.body.person).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', role: 'Teachers', status: 'invited' });
    expect(answer.body).not.toHaveProperty('created');
  });

  it('answers 200 with the same person, and no new password, to a repeat of a pending invitation', async () => {
    await invite(ada);
    const repeat = await invite(ada);
    expect(repeat).toMatchObject({ statusCode: 200, body: { person: { email: 'ada@example.com', status: 'invited' } } });
    expect(repeat.body).not.toHaveProperty('temporaryPassword');
    expect(school.ports.audit.entries).toHaveLength(1);
  });

  it('answers 409 for an e-mail that has an account', async () => {
    expect(await invite({ email: 'student@example.com', name: 'Sam', role: 'Students' })).toMatchObject({ statusCode: 409, body: errorBody(/already has an account/) });
  });

  it('answers 400 naming each invalid field, inviting no one', async () => {
    expect(await invite({ email: 'not an address', name: '', role: 'Owner' })).toMatchObject({
      statusCode: 400,
      body: { fields: { email: 'E-mail is not a valid address.', name: 'Name is required.', role: 'Role must be Students, Teachers or Admins.' } },
    });
    expect(school.directory.calls).toEqual([]);
  });

  it('answers 403 without two-factor authentication, inviting no one', async () => {
    expect(await invite(ada, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(school.directory.calls).toEqual([]);
  });
});
