// DELETE /api/admin/people/{userId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { ADMIN_ID, givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { makeModuleService } from '../../modules/modules';
import { InMemorySectionTextStore } from '../../search/fakes/text-store';
import { makeErasureService } from '../erasure';
import { pseudonymOf } from '../adapters/pseudonym';
import { InMemoryErasureJobs, RecordingSweep } from '../fakes/erasure-stores';
import { makeHandler } from './erase-person';

let school: ReturnType<typeof givenAdminSchool>;
let jobs: InMemoryErasureJobs;
beforeEach(() => {
  school = givenAdminSchool();
  jobs = new InMemoryErasureJobs();
});

function erase(userId: string, body: unknown, secondFactor = withSecondFactor) {
  const { ports, directory, access } = school;
  const modules = makeModuleService(ports);
  const erasure = makeErasureService({
    ...ports,
    directory,
    access,
    deleteModule: (owner, moduleId) => modules.delete(owner, moduleId),
    jobs,
    sweep: new RecordingSweep(1),
    texts: new InMemorySectionTextStore(),
    pseudonymOf,
  });
  return invoke(makeHandler(erasure, secondFactor), apiEvent(routes.erasePerson, { token: tokens.admin, pathParameters: { userId }, body }));
}

describe('DELETE /api/admin/people/{userId}', () => {
  it('answers 200 with the outcome under the pseudonym, and the person is gone', async () => {
    expect(await erase(STUDENT_ID, { confirm: 'student@example.com' })).toMatchObject({
      statusCode: 200,
      body: { pseudonym: pseudonymOf(STUDENT_ID), modules: { outcome: 'none', count: 0 }, classes: { outcome: 'none', count: 0 } },
    });
    expect(school.directory.people.has(STUDENT_ID)).toBe(false);
  });

  it('answers 400 naming the field for a wrong or missing confirmation, 404 for nobody, 403 for the admin themselves', async () => {
    expect(await erase(STUDENT_ID, { confirm: 'teacher@example.com' })).toMatchObject({ statusCode: 400, body: { fields: { confirm: expect.stringMatching(/not this person's/) } } });
    expect(await erase(STUDENT_ID, {})).toMatchObject({ statusCode: 400, body: errorBody(/confirm is required/) });
    expect(await erase('nobody', { confirm: 'x@example.com' })).toMatchObject({ statusCode: 404, body: { message: 'There is no such person; reload the list.' } });
    expect(await erase(ADMIN_ID, { confirm: 'admin@example.com' })).toMatchObject({ statusCode: 403, body: errorBody(/your own account/) });
    expect(school.directory.calls).toEqual([]);
    expect(jobs.jobs.size).toBe(0);
  });

  it('answers 403 without two-factor authentication, erasing no one', async () => {
    expect(await erase(STUDENT_ID, { confirm: 'student@example.com' }, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(school.directory.people.has(STUDENT_ID)).toBe(true);
  });
});
