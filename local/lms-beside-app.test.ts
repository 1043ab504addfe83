// The LMS twin's registration in the tool: made once, found again on a restart, brought up to date when it changed.
import { InMemoryLtiPlatforms } from '../functions/src/lti/fakes/platforms';
import { ensureRegistration } from './lms-beside-app';

const registration = {
  name: 'Local LMS (Biology 101)',
  issuer: 'http://127.0.0.1:9232',
  clientId: 'learning-paths-local',
  deploymentIds: ['local-deployment-1'],
  authLoginUrl: 'http://127.0.0.1:9232/auth',
  accessTokenUrl: 'http://127.0.0.1:9232/token',
  jwksUrl: 'http://127.0.0.1:9232/.well-known/jwks.json',
};

test('registers the twin once; a restart finds the same registration unchanged', async () => {
  const platforms = new InMemoryLtiPlatforms();
  const first = await ensureRegistration(platforms, registration, '2026-12-06T10:00:00.000Z');
  const again = await ensureRegistration(platforms, registration, '2026-12-07T10:00:00.000Z');
  expect(again).toEqual(first);
  expect(await platforms.list()).toEqual([{ ...registration, platformId: first.platformId, registeredAt: '2026-12-06T10:00:00.000Z', updatedAt: '2026-12-06T10:00:00.000Z' }]);
});

test('a registration that differs (an edit by an admin, a renamed course) is brought back, keeping its id', async () => {
  const platforms = new InMemoryLtiPlatforms();
  const first = await ensureRegistration(platforms, registration, '2026-12-06T10:00:00.000Z');
  await platforms.replace(first, { ...first, name: 'Renamed', deploymentIds: ['other'] });
  const fixed = await ensureRegistration(platforms, registration, '2026-12-07T10:00:00.000Z');
  expect(await platforms.list()).toEqual([{ ...registration, platformId: first.platformId, registeredAt: first.registeredAt, updatedAt: '2026-12-07T10:00:00.000Z' }]);
  expect(fixed.platformId).toBe(first.platformId);
});
