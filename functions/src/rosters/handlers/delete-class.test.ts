// DELETE /api/admin/classes/{classId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './delete-class';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { CLASS_ID } from '@functions/test/in-memory/records';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const remove = (classId: string, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.classAdmin, secondFactor), apiEvent(routes.deleteClass, { token: tokens.admin, pathParameters: { classId } }));

describe('DELETE /api/admin/classes/{classId}', () => {
  it('answers 204 with no body, and the class is gone', async () => {
    expect(await remove(CLASS_ID)).toMatchObject({ statusCode: 204, body: undefined });
    expect(await school.ports.classes.getClass(CLASS_ID)).toBeUndefined();
    expect(school.ports.audit.entries).toMatchObject([{ action: 'deleteClass', detail: 'with 1 enrolment' }]);
  });

  it('answers 404 for a class that does not exist, 400 for a malformed id', async () => {
    expect(await remove('missing')).toMatchObject({ statusCode: 404, body: { message: 'Class not found; reload the list.' } });
    expect(await remove('a b')).toMatchObject({ statusCode: 400, body: errorBody(/^classId /) });
  });

  it('answers 403 without two-factor authentication, deleting nothing', async () => {
    expect(await remove(CLASS_ID, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(await school.ports.classes.getClass(CLASS_ID)).toBeDefined();
  });
});
