// POST /api/admin/rosters/oneroster over in-memory stores: the answer's shape, the body's checks, the admin's own upload.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens } from '@test/unit-helpers/events';
import { ADMIN_ID, givenAdminSchool, givenOneRoster, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { zipSample } from '../oneroster/samples/zip-sample';
import { makeHandler } from './import-one-roster';

let school: ReturnType<typeof givenAdminSchool>;
let oneRoster: ReturnType<typeof givenOneRoster>;
const PACKAGE = `protected/${ADMIN_ID}/upload-1/northfield.zip`;
beforeEach(() => {
  school = givenAdminSchool();
  oneRoster = givenOneRoster(school);
  oneRoster.stored.set(PACKAGE, zipSample('bulk-1.2'));
});

const post = (body: unknown, secondFactor = withSecondFactor) =>
  invoke(makeHandler(oneRoster.oneRoster, secondFactor), apiEvent(routes.importOneRoster, { token: tokens.admin, body }));
const count = expect.objectContaining({ create: expect.any(Number), update: expect.any(Number), delete: expect.any(Number), unchanged: expect.any(Number) });

describe('POST /api/admin/rosters/oneroster', () => {
  it('answers 200 with the counts of users, classes and enrolments and the errors; a preview changes nothing', async () => {
    const people = school.directory.people.size;
    expect(await post({ contentUrl: PACKAGE, mode: 'preview' })).toMatchObject({
      statusCode: 200,
      body: { counts: { users: count, classes: count, enrollments: count }, errors: expect.any(Array) },
    });
    expect(school.directory.people.size).toBe(people);
  });

  it('applies, and imports the information system’s administrators as Admins only when asked', async () => {
    expect((await post({ contentUrl: PACKAGE, mode: 'apply', importAdministrators: true })).statusCode).toBe(200);
    expect([...school.directory.people.values()].find((person) => person.email === 'mei.chen@northfield.example')).toMatchObject({ role: 'Admins' });
  });

  it.each([
    [{ contentUrl: PACKAGE, mode: 'import' }, 'mode'],
    [{ contentUrl: '', mode: 'apply' }, 'contentUrl'],
    [{ contentUrl: PACKAGE, mode: 'apply', importAdministrators: 'yes' }, 'importAdministrators'],
  ])('answers 400 naming the field for %j, changing nothing', async (body, field) => {
    const people = school.directory.people.size;
    const answer = await post(body);
    expect(answer).toMatchObject({ statusCode: 400 });
    expect(Object.keys((answer.body as { fields: object }).fields)).toEqual([field]);
    expect(school.directory.people.size).toBe(people);
  });

  it("answers 403 for someone else's upload and 404 for a missing one, 400 for a file that is not a package", async () => {
    expect(await post({ contentUrl: 'protected/teacher-1/upload/x.zip', mode: 'apply' })).toMatchObject({ statusCode: 403, body: errorBody(/uploaded yourself/) });
    expect(await post({ contentUrl: `protected/${ADMIN_ID}/gone.zip`, mode: 'apply' })).toMatchObject({ statusCode: 404, body: errorBody(/upload it again/) });
    oneRoster.stored.set(`protected/${ADMIN_ID}/notes.zip`, new TextEncoder().encode('hello'));
    expect(await post({ contentUrl: `protected/${ADMIN_ID}/notes.zip`, mode: 'apply' })).toMatchObject({ statusCode: 400, body: errorBody(/not a zip archive/) });
  });

  it('answers 403 without two-factor authentication, changing nothing', async () => {
    expect(await post({ contentUrl: PACKAGE, mode: 'apply' }, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(await oneRoster.links.readLinks()).toEqual({ people: [], classes: [], enrollments: [] });
  });
});
