// POST /api/admin/people/access over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './set-people-access';
import { ADMIN_ID, givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const setAccess = (body: unknown, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.people, secondFactor), apiEvent(routes.setPeopleAccess, { token: tokens.admin, body }));

describe('POST /api/admin/people/access', () => {
  it('disables each person on its own, answering per person what it came to, the failures with their reason', async () => {
    const answer = await setAccess({ access: 'disabled', userIds: [STUDENT_ID, ADMIN_ID, 'nobody', TEACHER_ID] });
    expect(answer).toMatchObject({
      statusCode: 200,
      body: {
        results: [
          { userId: STUDENT_ID, outcome: 'done', person: { status: 'disabled' } },
          { userId: ADMIN_ID, outcome: 'failed', message: expect.stringMatching(/You cannot disable your own account/) },
          { userId: 'nobody', outcome: 'failed', message: 'There is no such person; reload the list.' },
          { userId: TEACHER_ID, outcome: 'done', person: { status: 'disabled' } },
        ],
      },
    });
    expect([STUDENT_ID, TEACHER_ID].map((userId) => school.index.copies.get(userId)?.status)).toEqual(['disabled', 'disabled']);
    expect(school.ports.audit.entries.map((entry) => entry.action)).toEqual(['disable', 'disable']);

    expect(await setAccess({ access: 'enabled', userIds: [STUDENT_ID, TEACHER_ID] })).toMatchObject({
      statusCode: 200,
      body: { results: [{ outcome: 'done', person: { status: 'active' } }, { outcome: 'done', person: { status: 'active' } }] },
    });
    expect(school.directory.people.get(STUDENT_ID)?.status).toBe('active');
  });

  it('answers 400 for a list that is empty, too long or has an unknown access, and 403 without two-factor, changing no one', async () => {
    expect(await setAccess({ access: 'disabled', userIds: [] })).toMatchObject({ statusCode: 400, body: errorBody(/at least one person/) });
    expect(await setAccess({ access: 'paused', userIds: [STUDENT_ID] })).toMatchObject({ statusCode: 400, body: errorBody(/access must be disabled or enabled/) });
    const many = Array.from({ length: 26 }, (_, index) => `p${index}`);
    expect(await setAccess({ access: 'disabled', userIds: many })).toMatchObject({ statusCode: 400, body: errorBody(/at most 25 people/) });
    expect(await setAccess({ access: 'disabled', userIds: [STUDENT_ID] }, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(school.directory.people.get(STUDENT_ID)?.status).toBe('active');
    expect(school.ports.audit.entries).toEqual([]);
  });
});
