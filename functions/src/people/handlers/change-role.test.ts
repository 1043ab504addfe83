// PUT /api/admin/people/{userId}/role over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, TEACHER_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './change-role';
import { ADMIN_ID, givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const change = (userId: string, body: unknown, { token = tokens.admin as TokenSpec, secondFactor = withSecondFactor } = {}) =>
  invoke(makeHandler(school.people, secondFactor), apiEvent(routes.changeRole, { token, pathParameters: { userId }, body }));

describe('PUT /api/admin/people/{userId}/role', () => {
  it('answers 200 with the person in their new role, and audits it', async () => {
    expect(await change(STUDENT_ID, { role: 'Teachers' })).toMatchObject({
      statusCode: 200,
      body: { userId: STUDENT_ID, email: 'student@example.com', role: 'Teachers', status: 'active' },
    });
    expect(school.directory.people.get(STUDENT_ID)?.role).toBe('Teachers');
    expect(school.ports.audit.entries).toMatchObject([{ action: 'changeRole', detail: 'from Students to Teachers' }]);
  });

  it('answers 400 naming the field for a role that does not exist, changing nothing', async () => {
    expect(await change(STUDENT_ID, { role: 'Janitors' })).toMatchObject({
      statusCode: 400,
      body: { message: 'role: Role must be Students, Teachers or Admins.', fields: { role: 'Role must be Students, Teachers or Admins.' } },
    });
    expect(school.directory.people.get(STUDENT_ID)?.role).toBe('Students');
  });

  it('answers 404 for a person who does not exist', async () => {
    expect(await change('nobody', { role: 'Teachers' })).toMatchObject({ statusCode: 404, body: { message: 'There is no such person; reload the list.' } });
  });

  it('answers 403 to an admin changing their own role', async () => {
    expect(await change(ADMIN_ID, { role: 'Teachers' })).toMatchObject({ statusCode: 403, body: errorBody(/your own account/) });
  });

  it('answers 409 when the teacher still teaches a class', async () => {
    expect(await change(TEACHER_ID, { role: 'Students' })).toMatchObject({ statusCode: 409, body: errorBody(/teaches Biology 7A/) });
  });

  it('answers 403 to a teacher, and to an admin without two-factor authentication, changing nothing', async () => {
    expect(await change(STUDENT_ID, { role: 'Teachers' }, { token: tokens.teacher })).toMatchObject({ statusCode: 403 });
    expect(await change(STUDENT_ID, { role: 'Teachers' }, { secondFactor: withoutSecondFactor })).toMatchObject({
      statusCode: 403,
      body: { reason: 'secondFactorRequired' },
    });
    expect(school.directory.people.get(STUDENT_ID)?.role).toBe('Students');
  });
});
