// The Cognito twin answers as Cognito where cognito-local alone does not: groups survive a restart and concurrent
// changes, administrative calls need a signature, a disabled user cannot sign in, and a user changes only the
// attributes their app client lets them write; an LMS launch's one-time code signs its person in through the pool's
// custom authentication triggers.
import { mkdtemp, rm } from 'node:fs/promises';
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import os from 'node:os';
import path from 'node:path';
import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  DeleteUserAttributesCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListUsersInGroupCommand,
  RespondToAuthChallengeCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { FixedClock } from '@functions/src/kernel/fakes/clock-ids-log';
import { InMemorySignInCodes } from '@functions/src/lti/fakes/launch-links';
import { codeIsRight } from '@functions/src/lti/sign-in-challenge';
import { ensureUserPool, startIdentity, type IdentityTwin } from './identity';
import { LOCAL_CREDENTIALS } from './stack-config';
import { createUser, identityClient, signInTokens } from './users';

jest.setTimeout(60_000);

const region = 'us-east-1';
let directory: string;
let twin: IdentityTwin;
let config: Parameters<typeof createUser>[0];
let admin: CognitoIdentityProviderClient;

/** The sign-in codes LMS launches issued, which the pool's VerifyAuthChallengeResponse trigger reads. */
const signInCodes = new InMemorySignInCodes();
const triggerClock = new FixedClock();

async function start(port = 0) {
  // What the trigger's handler does (functions/src/lti/handlers/verify-auth-challenge.ts), over the codes in memory.
  const verifyAuthChallenge = async (event: VerifyAuthChallengeResponseTriggerEvent) => ({
    ...event,
    response: { answerCorrect: await codeIsRight(signInCodes, triggerClock, event.request.userAttributes.sub, event.request.challengeAnswer) },
  });
  twin = await startIdentity({ directory: path.join(directory, 'cognito'), host: '127.0.0.1', port, verifyAuthChallenge });
  const pool = await ensureUserPool(twin.endpoint, region, path.join(directory, 'user-pool.json'));
  config = { region, cognito: { endpoint: twin.endpoint, ...pool }, credentials: LOCAL_CREDENTIALS };
  admin = identityClient(config);
}

async function stop() {
  admin.destroy();
  await twin.close();
}

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'identity-twin-'));
  await start();
});

afterAll(async () => {
  await stop();
  await rm(directory, { recursive: true, force: true });
});

const studentsGroup = async () => {
  const usernames: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await admin.send(new ListUsersInGroupCommand({ UserPoolId: config.cognito.userPoolId, GroupName: 'Students', NextToken }));
    usernames.push(...(page.Users ?? []).map((user) => user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? ''));
    NextToken = page.NextToken;
  } while (NextToken);
  return usernames;
};

/** A call as a script without AWS credentials would send it. */
const unsigned = (target: string, body: object) =>
  fetch(twin.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });

const port = (url: string) => Number(new URL(url).port);
const errorOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: Error) => ({ name: error.name, message: error.message }));

describe('groups', () => {
  test('users added to a group at once all stay in it, and a restart keeps every member', async () => {
    const emails = Array.from({ length: 200 }, (_, index) => `pupil.${index}@example.com`);
    await Promise.all(emails.map((email) => createUser(config, { email, password: 'Temp-pass-1', role: 'Students', temporary: true })));
    expect((await studentsGroup()).sort()).toEqual([...emails].sort());

    // A restart on the same data and port runs ensureUserPool again, which creates the groups that are missing.
    const endpoint = twin.endpoint;
    await stop();
    await start(port(endpoint));
    expect((await studentsGroup()).sort()).toEqual([...emails].sort());
  });

  test('CreateGroup of an existing group is refused as in Cognito, and the group keeps its members', async () => {
    const before = await studentsGroup();
    expect(await errorOf(admin.send(new CreateGroupCommand({ UserPoolId: config.cognito.userPoolId, GroupName: 'Students' })))).toEqual({
      name: 'GroupExistsException',
      message: 'A group with the name already exists.',
    });
    expect(await studentsGroup()).toEqual(before);
  });
});

describe('administrative calls need the stack credentials', () => {
  test('an unsigned AdminAddUserToGroup is refused and changes nothing', async () => {
    const { userId } = await createUser(config, { email: 'climber@example.com', password: 'Climber-pass-1', role: 'Students' });
    const response = await unsigned('AdminAddUserToGroup', { UserPoolId: config.cognito.userPoolId, Username: userId, GroupName: 'Admins' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' });
    const admins = await admin.send(new ListUsersInGroupCommand({ UserPoolId: config.cognito.userPoolId, GroupName: 'Admins' }));
    expect(admins.Users ?? []).toEqual([]);
  });

  test.each([
    ['another secret', { ...LOCAL_CREDENTIALS, secretAccessKey: 'guessed' }, 'InvalidSignatureException'],
    ['an unknown key', { accessKeyId: 'AKIDGUESSED', secretAccessKey: LOCAL_CREDENTIALS.secretAccessKey }, 'UnrecognizedClientException'],
  ])('a call signed with %s is refused', async (_what, credentials, name) => {
    const client = new CognitoIdentityProviderClient({ endpoint: twin.endpoint, region, credentials });
    try {
      const error = await errorOf(client.send(new ListUsersInGroupCommand({ UserPoolId: config.cognito.userPoolId, GroupName: 'Admins' })));
      expect(error?.name).toBe(name);
    } finally {
      client.destroy();
    }
  });

  test("a user's own calls need no AWS credentials, as in Cognito", async () => {
    const response = await unsigned('InitiateAuth', {
      ClientId: config.cognito.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'climber@example.com', PASSWORD: 'Climber-pass-1' },
    });
    expect(response.status).toBe(200);
    const { AuthenticationResult } = (await response.json()) as { AuthenticationResult: { AccessToken: string } };
    const user = await unsigned('GetUser', { AccessToken: AuthenticationResult.AccessToken });
    expect(user.status).toBe(200);
  });
});

describe('a disabled user cannot sign in', () => {
  const disable = (email: string) => admin.send(new AdminDisableUserCommand({ UserPoolId: config.cognito.userPoolId, Username: email }));
  const disabled = { name: 'NotAuthorizedException', message: 'User is disabled.' };

  test('with their password', async () => {
    await createUser(config, { email: 'gone@example.com', password: 'Gone-pass-1', role: 'Students' });
    await disable('gone@example.com');
    expect(await errorOf(signInTokens(config, 'gone@example.com', 'Gone-pass-1'))).toEqual(disabled);
  });

  test('by setting the new password of a temporary one, even with a challenge started before', async () => {
    await createUser(config, { email: 'invited@example.com', password: 'Temp-pass-1', role: 'Students', temporary: true });
    const ClientId = config.cognito.userPoolClientId;
    const { Session, ChallengeName } = await admin.send(
      new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'invited@example.com', PASSWORD: 'Temp-pass-1' } }),
    );
    expect(ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    await disable('invited@example.com');
    const answer = new RespondToAuthChallengeCommand({
      ClientId,
      ChallengeName,
      Session,
      ChallengeResponses: { USERNAME: 'invited@example.com', NEW_PASSWORD: 'Chosen-pass-1' },
    });
    expect(await errorOf(admin.send(answer))).toEqual(disabled);
  });

  test('by refreshing the tokens of a session from before', async () => {
    await createUser(config, { email: 'signed.in@example.com', password: 'Signed-pass-1', role: 'Students' });
    const { refreshToken } = await signInTokens(config, 'signed.in@example.com', 'Signed-pass-1');
    await disable('signed.in@example.com');
    const ClientId = config.cognito.userPoolClientId;
    // Disabling also ended the session (its refresh token is revoked), which is why it is refused.
    const refused = { name: 'NotAuthorizedException' };
    expect(await errorOf(admin.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: refreshToken })))).toMatchObject(refused);
    const refresh = new InitiateAuthCommand({ ClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } });
    expect(await errorOf(admin.send(refresh))).toMatchObject(refused);
  });
});

describe("an LMS launch's one-time code (custom authentication)", () => {
  const ClientId = () => config.cognito.userPoolClientId;
  const expiresAt = () => Math.floor(triggerClock.now().getTime() / 1000) + 120;
  let userId: string;
  beforeAll(async () => {
    await createUser(config, { email: 'launched@example.com', password: 'Launched-pass-1', role: 'Students' });
    const { UserAttributes } = await admin.send(new AdminGetUserCommand({ UserPoolId: config.cognito.userPoolId, Username: 'launched@example.com' }));
    userId = UserAttributes!.find((attribute) => attribute.Name === 'sub')!.Value!;
  });

  /** As Amplify's signIn with CUSTOM_WITHOUT_SRP, then confirmSignIn with the code. */
  async function signInWithCode(username: string, code: string) {
    const started = await admin.send(new InitiateAuthCommand({ ClientId: ClientId(), AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: username } }));
    expect(started).toMatchObject({ ChallengeName: 'CUSTOM_CHALLENGE', ChallengeParameters: { USERNAME: userId } });
    return admin.send(
      new RespondToAuthChallengeCommand({ ClientId: ClientId(), ChallengeName: 'CUSTOM_CHALLENGE', Session: started.Session, ChallengeResponses: { USERNAME: userId, ANSWER: code } }),
    );
  }

  test('signs the person in with tokens naming them and their group; the code works once', async () => {
    await signInCodes.put({ code: 'code-1', userId, expiresAt: expiresAt() });
    const { AuthenticationResult } = await signInWithCode(userId, 'code-1');
    const claims = JSON.parse(Buffer.from(AuthenticationResult!.AccessToken!.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: userId, 'cognito:groups': ['Students'] });
    expect(await admin.send(new GetUserCommand({ AccessToken: AuthenticationResult!.AccessToken! }))).toMatchObject({ Username: expect.any(String) });
    expect(await errorOf(signInWithCode(userId, 'code-1'))).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  test("refuses a wrong code, another person's code and an unknown user", async () => {
    await signInCodes.put({ code: 'code-2', userId: 'someone-else', expiresAt: expiresAt() });
    expect(await errorOf(signInWithCode(userId, 'not-a-code'))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(await errorOf(signInWithCode(userId, 'code-2'))).toMatchObject({ name: 'NotAuthorizedException' });
    const unknown = new InitiateAuthCommand({ ClientId: ClientId(), AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: 'nobody@example.com' } });
    expect(await errorOf(admin.send(unknown))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  test('a session is answered once: replaying it is refused', async () => {
    await signInCodes.put({ code: 'code-3', userId, expiresAt: expiresAt() });
    const started = await admin.send(new InitiateAuthCommand({ ClientId: ClientId(), AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: userId } }));
    const answer = new RespondToAuthChallengeCommand({ ClientId: ClientId(), ChallengeName: 'CUSTOM_CHALLENGE', Session: started.Session, ChallengeResponses: { USERNAME: userId, ANSWER: 'wrong' } });
    expect(await errorOf(admin.send(answer))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(await errorOf(admin.send(answer))).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
  });
});

describe("a user's own attribute changes", () => {
  const unauthorized = { name: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' };
  let AccessToken: string;

  beforeAll(async () => {
    await createUser(config, { email: 'self@example.com', password: 'Self-pass-1', role: 'Students', name: 'Sal Self' });
    ({ accessToken: AccessToken } = await signInTokens(config, 'self@example.com', 'Self-pass-1'));
  });

  const attributes = async () =>
    Object.fromEntries(((await admin.send(new GetUserCommand({ AccessToken }))).UserAttributes ?? []).map(({ Name, Value }) => [Name, Value]));

  test.each([
    ['name', [{ Name: 'name', Value: '=cmd|\u202eevil' }]],
    ['email', [{ Name: 'email', Value: 'teacher@example.com' }]],
    ['name among allowed ones', [{ Name: 'locale', Value: 'en-GB' }, { Name: 'name', Value: 'Someone Else' }]],
  ])('cannot change %s with their access token', async (_what, UserAttributes) => {
    expect(await errorOf(admin.send(new UpdateUserAttributesCommand({ AccessToken, UserAttributes })))).toEqual(unauthorized);
    expect(await attributes()).toMatchObject({ name: 'Sal Self', email: 'self@example.com' });
  });

  test('cannot remove their name, and may set what the client allows', async () => {
    expect(await errorOf(admin.send(new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: ['name'] })))).toEqual(unauthorized);
    await admin.send(new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'locale', Value: 'en-GB' }] }));
    expect(await attributes()).toMatchObject({ name: 'Sal Self', locale: 'en-GB' });
  });
});

describe("a user's access token is checked as Cognito checks it (the probe's forged tokens)", () => {
  let victim: { userId: string; accessToken: string; refreshToken: string };
  const ClientId = () => config.cognito.userPoolClientId;

  beforeAll(async () => {
    const { userId } = await createUser(config, { email: 'victim@example.com', password: 'Victim-pass-1', role: 'Teachers', name: 'Vic Tim' });
    victim = { userId, ...(await signInTokens(config, 'victim@example.com', 'Victim-pass-1')) };
  });

  const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
  /** The victim's claims under `alg: none`, no signature: what the probe sent. */
  const forged = () =>
    [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...payloadOf(victim.accessToken), exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url'),
      '',
    ].join('.');
  const call = async (target: string, body: object) => {
    const response = await unsigned(target, body);
    return { status: response.status, body: (await response.json()) as { __type?: string; message?: string } };
  };
  const invalid = { status: 400, body: { __type: 'NotAuthorizedException', message: 'Invalid Access Token' } };

  test.each([
    ['GetUser', () => ({ AccessToken: forged() })],
    ['DeleteUser', () => ({ AccessToken: forged() })],
    ['AssociateSoftwareToken', () => ({ AccessToken: forged() })],
    ['VerifySoftwareToken', () => ({ AccessToken: forged(), UserCode: '123456' })],
    ['SetUserMFAPreference', () => ({ AccessToken: forged(), SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })],
    ['ChangePassword', () => ({ AccessToken: forged(), PreviousPassword: 'Victim-pass-1', ProposedPassword: 'Taken-pass-1' })],
  ])('%s with an unsigned token bearing the victim\'s sub is refused, and the victim is untouched', async (target, body) => {
    expect(await call(target, body())).toEqual(invalid);
    expect((await admin.send(new AdminGetUserCommand({ UserPoolId: config.cognito.userPoolId, Username: victim.userId }))).UserMFASettingList ?? []).toEqual([]);
    expect((await call('GetUser', { AccessToken: victim.accessToken })).status).toBe(200);
  });

  test('a token signed with another key, or re-signed claims of the twin, is refused', async () => {
    const [header, payload] = victim.accessToken.split('.');
    const tampered = Buffer.from(JSON.stringify({ ...payloadOf(victim.accessToken), 'cognito:groups': ['Admins'] })).toString('base64url');
    expect(await call('GetUser', { AccessToken: `${header}.${tampered}.${victim.accessToken.split('.')[2]}` })).toEqual(invalid);
    expect(await call('GetUser', { AccessToken: `${header}.${payload}.AAAA` })).toEqual(invalid);
  });

  test('tokens keep the time of their sign-in across a refresh, as Cognito\'s auth_time does', async () => {
    const signedIn = payloadOf(victim.accessToken);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { AuthenticationResult } = await admin.send(new GetTokensFromRefreshTokenCommand({ ClientId: ClientId(), RefreshToken: victim.refreshToken }));
    const refreshed = payloadOf(AuthenticationResult!.AccessToken!);
    expect(refreshed.auth_time).toBe(signedIn.auth_time);
    expect(refreshed.iat).toBeGreaterThan(signedIn.iat as number);
    expect((await call('GetUser', { AccessToken: AuthenticationResult!.AccessToken })).status).toBe(200);
  });

  test('GlobalSignOut ends every sign-in: its access tokens are refused and its refresh token renews nothing', async () => {
    await createUser(config, { email: 'leaving@example.com', password: 'Leaving-pass-1', role: 'Students' });
    const first = await signInTokens(config, 'leaving@example.com', 'Leaving-pass-1');
    const second = await signInTokens(config, 'leaving@example.com', 'Leaving-pass-1');
    expect(await call('GlobalSignOut', { AccessToken: first.accessToken })).toEqual({ status: 200, body: {} });
    const revoked = { status: 400, body: { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' } };
    expect(await call('GetUser', { AccessToken: first.accessToken })).toEqual(revoked);
    expect(await call('GetUser', { AccessToken: second.accessToken })).toEqual(revoked);
    expect((await call('GetTokensFromRefreshToken', { ClientId: ClientId(), RefreshToken: second.refreshToken })).status).toBe(400);
    expect((await call('GetUser', { AccessToken: (await signInTokens(config, 'leaving@example.com', 'Leaving-pass-1')).accessToken })).status).toBe(200);
  });

  test("a disabled user's token cannot change their password, and enabling them again revives none of their tokens", async () => {
    const { userId } = await createUser(config, { email: 'paused@example.com', password: 'Paused-pass-1', role: 'Students' });
    const before = await signInTokens(config, 'paused@example.com', 'Paused-pass-1');
    await admin.send(new AdminDisableUserCommand({ UserPoolId: config.cognito.userPoolId, Username: userId }));
    const change = { AccessToken: before.accessToken, PreviousPassword: 'Paused-pass-1', ProposedPassword: 'Changed-pass-1' };
    expect(await call('ChangePassword', change)).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'User is disabled.' } });
    await admin.send(new AdminEnableUserCommand({ UserPoolId: config.cognito.userPoolId, Username: userId }));
    expect(await call('ChangePassword', change)).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' } });
    expect((await call('GetTokensFromRefreshToken', { ClientId: ClientId(), RefreshToken: before.refreshToken })).status).toBe(400);
    expect((await signInTokens(config, 'paused@example.com', 'Paused-pass-1')).accessToken).toEqual(expect.any(String));
  });

  test('self sign-up is refused: the pool admits invited people only', async () => {
    const answer = await call('SignUp', { ClientId: ClientId(), Username: 'walk.in@example.com', Password: 'Walk-in-pass-1', UserAttributes: [{ Name: 'email', Value: 'walk.in@example.com' }] });
    expect(answer).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' } });
    expect(await errorOf(admin.send(new AdminGetUserCommand({ UserPoolId: config.cognito.userPoolId, Username: 'walk.in@example.com' })))).toMatchObject({ name: 'UserNotFoundException' });
  });
});

describe('browsers may call the twin from the app only', () => {
  const preflight = (origin: string) =>
    fetch(twin.endpoint, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target' },
    });

  test("a preflight from the app's origin is answered with that origin; one from elsewhere gets no CORS answer, never *", async () => {
    twin.allowOrigin('http://127.0.0.1:5173');
    const fromApp = await preflight('http://127.0.0.1:5173');
    expect(fromApp.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const fromElsewhere = await preflight('https://evil.example');
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    const refusal = await fetch(twin.endpoint, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers' },
      body: '{}',
    });
    expect(refusal.headers.get('access-control-allow-origin')).toBeNull();
  });
});
