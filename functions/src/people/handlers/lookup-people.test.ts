// POST /api/admin/people/lookup over in-memory stores: who of these addresses has an account.
import { routes } from '@shared/contract';
import { apiEvent, invoke, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './lookup-people';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const lookup = (body: unknown, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.people, secondFactor), apiEvent(routes.lookupPeople, { token: tokens.admin, body }));

describe('POST /api/admin/people/lookup', () => {
  it('answers 200 with the people found, whatever the case of the address, leaving out unknown ones', async () => {
    expect(await lookup({ emails: ['STUDENT@example.com', 'nobody@example.com'] })).toEqual(
      expect.objectContaining({ statusCode: 200, body: { people: [expect.objectContaining({ userId: STUDENT_ID, role: 'Students' })] } }),
    );
  });

  it.each([
    [{ emails: [] }, { emails: 'emails must list at least one address.' }],
    [{ emails: ['not-an-address'] }, { 'emails.0': 'E-mail is not a valid address.' }],
    [{}, { emails: 'emails must be a list of e-mail addresses.' }],
  ])('answers 400 naming the field for %j', async (body, fields) => {
    expect(await lookup(body)).toMatchObject({ statusCode: 400, body: { fields } });
  });

  it('answers 403 to a teacher, and to an admin without two-factor authentication', async () => {
    const body = { emails: ['student@example.com'] };
    expect(await invoke(makeHandler(school.people, withSecondFactor), apiEvent(routes.lookupPeople, { token: tokens.teacher, body }))).toMatchObject({
      statusCode: 403,
      body: { message: 'Only admins can do this.' },
    });
    expect(await lookup(body, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
  });
});
