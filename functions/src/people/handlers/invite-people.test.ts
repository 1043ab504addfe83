// POST /api/admin/people/batch over in-memory stores: one outcome per row.
import { routes } from '@shared/contract';
import { apiEvent, invoke, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './invite-people';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const inviteAll = (body: unknown, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.people, secondFactor), apiEvent(routes.invitePeople, { token: tokens.admin, body }));

describe('POST /api/admin/people/batch', () => {
  it('answers 200 with what happened to each row, in order', async () => {
    const answer = await inviteAll({
      people: [
        { email: 'ada@example.com', name: 'Ada', role: 'Teachers' },
        { email: 'student@example.com', name: 'Sam', role: 'Students' },
      ],
    });
    expect(answer).toMatchObject({
      statusCode: 200,
      body: {
        results: [
          { email: 'ada@example.com', outcome: 'invited', person: { email: 'ada@example.com' }, temporaryPassword: 'temp-ada@example.com' },
          { email: 'student@example.com', outcome: 'exists', message: expect.stringMatching(/already has an account/) },
        ],
      },
    });
  });

  it.each([
    [{ people: [] }, { people: 'people must list at least one person.' }],
    [{ people: 'ada@example.com' }, { people: 'people must be a list of { email, name, role }.' }],
    [{ people: [{ email: 'ada@example.com', name: 'Ada', role: 'Pilots' }] }, { 'people.0.role': 'Role must be Students, Teachers or Admins.' }],
  ])('answers 400 naming the field for %j, inviting no one', async (body, fields) => {
    expect(await inviteAll(body)).toMatchObject({ statusCode: 400, body: { fields } });
    expect(school.directory.calls).toEqual([]);
  });

  it('answers 400 to more rows than one request may carry', async () => {
    const people = Array.from({ length: 26 }, (_, index) => ({ email: `p${index}@example.com`, name: `P ${index}`, role: 'Students' }));
    expect(await inviteAll({ people })).toMatchObject({ statusCode: 400, body: { message: expect.stringMatching(/Send at most 25 people per request/) } });
  });

  it('answers 403 without two-factor authentication, inviting no one', async () => {
    expect(await inviteAll({ people: [{ email: 'ada@example.com', name: 'Ada', role: 'Teachers' }] }, withoutSecondFactor)).toMatchObject({ statusCode: 403 });
    expect(school.directory.calls).toEqual([]);
  });
});
