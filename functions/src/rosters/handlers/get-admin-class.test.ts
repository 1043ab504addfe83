// GET /api/admin/classes/{classId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './get-admin-class';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { CLASS_ID } from '@functions/test/in-memory/records';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const get = (classId: string, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.classAdmin, secondFactor), apiEvent(routes.getAdminClass, { token: tokens.admin, pathParameters: { classId } }));

describe('GET /api/admin/classes/{classId}', () => {
  it('answers 200 with the class, its teacher and its counts', async () => {
    expect(await get(CLASS_ID)).toEqual(
      expect.objectContaining({
        statusCode: 200,
        body: { classId: CLASS_ID, className: 'Biology 7A', teacher: { userId: TEACHER_ID, name: 'teacher@example.com' }, studentCount: 1, moduleCount: 1 },
      }),
    );
  });

  it('answers 404 for a class that does not exist, 400 for a malformed id', async () => {
    expect(await get('missing')).toMatchObject({ statusCode: 404, body: { message: 'Class not found; reload the list.' } });
    expect(await get('a b')).toMatchObject({ statusCode: 400, body: errorBody(/^classId /) });
  });

  it('answers 403 without two-factor authentication', async () => {
    expect(await get(CLASS_ID, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
  });
});
