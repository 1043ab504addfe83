// GET /api/admin/lti/platforms: every registration by name, for admins with two-factor authentication.
import { routes } from '@shared/contract';
import { apiEvent, invoke, tokens } from '@test/unit-helpers/events';
import { withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { CANVAS, givenLtiSchool } from '@functions/test/in-memory/lti';
import { makeHandler } from './list-lti-platforms';

it('answers 200 with the registrations by name; 403 without two-factor authentication', async () => {
  const school = givenLtiSchool();
  await school.register({ ...CANVAS, name: 'Moodle', clientId: 'm' });
  await school.register(CANVAS);
  const list = (secondFactor = withSecondFactor) => invoke(makeHandler(school.lti, secondFactor), apiEvent(routes.listLtiPlatforms, { token: tokens.admin }));
  expect(await list()).toMatchObject({ statusCode: 200, body: [{ name: 'Canvas' }, { name: 'Moodle' }] });
  expect((await list(withoutSecondFactor)).statusCode).toBe(403);
});
