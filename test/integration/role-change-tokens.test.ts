// A role change reaches the tokens the person already holds (issue 33's high finding: a demoted admin kept admin power
// with their token). Runs through a fresh local stack (`npm test`) and against any stack, deployed ones included
// (`npm run test:deployed`): an admin of this run, signed in with their code, is moved to Students by another admin;
// at once their old access token gets 401 on every route, their session cannot be renewed, and a new sign-in carries
// the new role.
import { AdminDeleteUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { routeEntries } from '@shared/contract';
import { createUser, identityClient, nextSecond, signInTokens, type SignInTokens } from './harness';
import { RUN_ID, startWorld, type World } from './support/world';

jest.setTimeout(120_000);

const EMAIL = `demoted-${RUN_ID}@example.com`;
const PASSWORD = 'Demoted-admin-1';

let world: World;
let userId: string;
let totpSecret: string | undefined;
let before: SignInTokens;

beforeAll(async () => {
  world = await startWorld();
  ({ userId, totpSecret } = await createUser(world.config, { email: EMAIL, password: PASSWORD, role: 'Admins', name: 'Dee Moted', secondFactor: true }));
  before = await signInTokens(world.config, EMAIL, PASSWORD, totpSecret);
});

afterAll(async () => {
  // A deployed pool keeps its users: this run's goes.
  const client = identityClient(world.config);
  try {
    if (userId) await client.send(new AdminDeleteUserCommand({ UserPoolId: world.config.cognito.userPoolId, Username: userId }));
  } finally {
    client.destroy();
    await world?.stop();
  }
});

/** Every route, with placeholder path parameters and an empty body: what a held token would be tried on. */
const everyRoute = routeEntries.map(([name, route]) => ({
  name,
  params: Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => [param, 'x-1'])),
  body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
}));

test('an admin moved to Students: their old token gets 401 on every route at once, and only a new sign-in works', async () => {
  expect((await world.call('listPeople', { as: before.accessToken })).status).toBe(200);

  await world.ok('changeRole', { as: world.admin, params: { userId }, body: { role: 'Students' } });

  const answers = [];
  for (const { name, params, body } of everyRoute) {
    answers.push({ name, status: (await world.call(name, { as: before.accessToken, params, body })).status });
  }
  expect(answers).toEqual(everyRoute.map(({ name }) => ({ name, status: 401 })));

  // Signed out everywhere: the session cannot be renewed into a token with the new role's groups or the old.
  const client = identityClient(world.config);
  try {
    const refresh = new InitiateAuthCommand({
      ClientId: world.config.cognito.userPoolClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: before.refreshToken },
    });
    await expect(client.send(refresh)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  } finally {
    client.destroy();
  }

  await nextSecond();
  const after = await signInTokens(world.config, EMAIL, PASSWORD, totpSecret);
  expect((await world.call('listPeople', { as: after.accessToken })).status).toBe(403);
  expect((await world.call('listStudentClasses', { as: after.accessToken, params: { userId } })).status).toBe(200);
});
