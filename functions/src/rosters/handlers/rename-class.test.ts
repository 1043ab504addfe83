// PUT /api/admin/classes/{classId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './rename-class';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { CLASS_ID } from '@functions/test/in-memory/records';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const rename = (classId: string, body: unknown, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.classAdmin, secondFactor), apiEvent(routes.renameClass, { token: tokens.admin, pathParameters: { classId }, body }));
const nameOf = async (classId: string) => (await school.ports.classes.getClass(classId))?.className;

describe('PUT /api/admin/classes/{classId}', () => {
  it('answers 200 with the renamed class, and audits it', async () => {
    expect(await rename(CLASS_ID, { className: 'Biology 7B' })).toMatchObject({ statusCode: 200, body: { classId: CLASS_ID, className: 'Biology 7B', studentCount: 1 } });
    expect(school.ports.audit.entries).toMatchObject([{ action: 'renameClass', detail: 'was "Biology 7A"' }]);
  });

  it('answers 400 naming the field for a name too long, renaming nothing', async () => {
    expect(await rename(CLASS_ID, { className: 'x'.repeat(101) })).toMatchObject({
      statusCode: 400,
      body: { fields: { className: 'Class name must be at most 100 characters.' } },
    });
    expect(await nameOf(CLASS_ID)).toBe('Biology 7A');
  });

  it('answers 404 for a class that does not exist, 400 for a malformed id', async () => {
    expect(await rename('missing', { className: 'Art' })).toMatchObject({ statusCode: 404, body: { message: 'Class not found; reload the list.' } });
    expect(await rename('a b', { className: 'Art' })).toMatchObject({ statusCode: 400, body: errorBody(/^classId /) });
  });

  it('answers 403 without two-factor authentication, renaming nothing', async () => {
    expect(await rename(CLASS_ID, { className: 'Art' }, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(await nameOf(CLASS_ID)).toBe('Biology 7A');
  });
});
