// DELETE /api/admin/lti/platforms/{platformId}: 204, then 404.
import { routes } from '@shared/contract';
import { apiEvent, invoke, tokens } from '@test/unit-helpers/events';
import { withSecondFactor } from '@functions/test/in-memory/admin';
import { CANVAS, givenLtiSchool } from '@functions/test/in-memory/lti';
import { makeHandler } from './remove-lti-platform';

it('answers 204 and removes the registration; 404 the second time', async () => {
  const school = givenLtiSchool();
  const { platformId } = await school.register(CANVAS);
  const remove = () =>
    invoke(makeHandler(school.lti, withSecondFactor), apiEvent(routes.removeLtiPlatform, { token: tokens.admin, pathParameters: { platformId } }));
  expect(await remove()).toMatchObject({ statusCode: 204 });
  expect(await school.platforms.list()).toEqual([]);
  expect((await remove()).statusCode).toBe(404);
});
