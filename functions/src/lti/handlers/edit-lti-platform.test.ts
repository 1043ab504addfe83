// PUT /api/admin/lti/platforms/{platformId}: 200 with the new registration, 404 for none, 409 for a pair taken.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens } from '@test/unit-helpers/events';
import { withSecondFactor } from '@functions/test/in-memory/admin';
import { CANVAS, givenLtiSchool } from '@functions/test/in-memory/lti';
import { makeHandler } from './edit-lti-platform';

let school: ReturnType<typeof givenLtiSchool>;
beforeEach(() => {
  school = givenLtiSchool();
});

const edit = (platformId: string, body: unknown) =>
  invoke(makeHandler(school.lti, withSecondFactor), apiEvent(routes.editLtiPlatform, { token: tokens.admin, pathParameters: { platformId }, body }));

it('answers 200 with the edited registration', async () => {
  const { platformId } = await school.register(CANVAS);
  expect(await edit(platformId, { ...CANVAS, deploymentIds: ['1', '2'] })).toMatchObject({ statusCode: 200, body: { platformId, deploymentIds: ['1', '2'] } });
});

it('answers 404 for a platform that is not registered and 400 for a malformed id', async () => {
  expect(await edit('nope', CANVAS)).toMatchObject({ statusCode: 404, body: errorBody(/not registered/) });
  expect((await edit('no pe', CANVAS)).statusCode).toBe(400);
});

it("answers 409 for another registration's issuer and client ID, changing nothing", async () => {
  const { platformId } = await school.register(CANVAS);
  await school.register({ ...CANVAS, clientId: 'taken' });
  expect(await edit(platformId, { ...CANVAS, clientId: 'taken' })).toMatchObject({ statusCode: 409, body: errorBody(/Another registered LMS/) });
  expect((await school.platforms.get(platformId))?.clientId).toBe(CANVAS.clientId);
});
