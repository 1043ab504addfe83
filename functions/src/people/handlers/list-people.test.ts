// GET /api/admin/people over in-memory stores: a page of people, filtered by the query.
import { routes } from '@shared/contract';
import { apiEvent, invoke, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './list-people';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const list = (query: Record<string, string>, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.people, secondFactor), { ...apiEvent(routes.listPeople, { token: tokens.admin }), queryStringParameters: query });

describe('GET /api/admin/people', () => {
  it('answers 200 with everyone for no filter, and empty parameters count as no filter', async () => {
    const all = await list({});
    expect(all).toMatchObject({ statusCode: 200 });
    expect(all.body.people).toHaveLength(5);
    expect((await list({ role: '', status: '', search: '' })).body.people).toHaveLength(5);
  });

  it('answers 200 with the people of a role and a status', async () => {
    const answer = await list({ role: 'Students', status: 'invited' });
    expect(answer.body).toEqual({ people: [expect.objectContaining({ email: 'kim@example.com' })] });
  });

  it.each([
    [{ role: 'Pilots' }, { role: 'Role must be Students, Teachers or Admins.' }],
    [{ status: 'asleep' }, { status: 'status must be invited, active or disabled.' }],
    [{ colour: 'blue' }, undefined],
  ])('answers 400 to the query %j', async (query, fields) => {
    const answer = await list(query);
    expect(answer.statusCode).toBe(400);
    if (fields) expect(answer.body.fields).toEqual(fields);
    else expect(answer.body.message).toMatch(/Unknown field\(s\) colour/);
  });

  it('answers 403 without two-factor authentication', async () => {
    expect(await list({}, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
  });
});
