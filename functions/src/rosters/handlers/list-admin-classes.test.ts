// GET /api/admin/classes over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, invoke, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './list-admin-classes';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { CLASS_ID, OTHER_CLASS_ID } from '@functions/test/in-memory/records';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const list = (secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.classAdmin, secondFactor), apiEvent(routes.listAdminClasses, { token: tokens.admin }));

describe('GET /api/admin/classes', () => {
  it('answers 200 with every class, by name', async () => {
    expect(await list()).toMatchObject({
      statusCode: 200,
      body: [
        { classId: CLASS_ID, className: 'Biology 7A', studentCount: 1, moduleCount: 1 },
        { classId: OTHER_CLASS_ID, className: 'Chemistry 8B', studentCount: 1, moduleCount: 0 },
      ],
    });
  });

  it('answers 403 without two-factor authentication', async () => {
    expect(await list(withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
  });
});
