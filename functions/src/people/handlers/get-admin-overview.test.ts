// GET /api/admin/overview over in-memory stores: people per role and status, the school's figures, recent changes.
import { routes } from '@shared/contract';
import { apiEvent, invoke, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './get-admin-overview';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const overview = (secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.people, secondFactor), apiEvent(routes.getAdminOverview, { token: tokens.admin }));

describe('GET /api/admin/overview', () => {
  it('answers 200 with the counts, the class and module figures and the recent changes', async () => {
    await school.people.disable({ userId: 'admin-1', roles: ['Admins'], name: 'Alex Admin' }, STUDENT_ID);
    expect(await overview()).toEqual(
      expect.objectContaining({
        statusCode: 200,
        body: {
          people: {
            Students: { invited: 1, active: 0, disabled: 1 },
            Teachers: { invited: 0, active: 2, disabled: 0 },
            Admins: { invited: 0, active: 1, disabled: 0 },
          },
          classes: { total: 2, withoutTeacher: 0, withoutStudents: 0 },
          modules: 1,
          recentChanges: [expect.objectContaining({ action: 'disable', actor: 'Alex Admin' })],
        },
      }),
    );
  });

  it('answers 403 without two-factor authentication', async () => {
    expect(await overview(withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
  });
});
