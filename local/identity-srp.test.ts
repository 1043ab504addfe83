// SRP sign-in on the identity twin, driven by Amplify's own client (the one the web app signs in with), so the
// client-side math is Amplify's and not the twin's: tokens for a confirmed user, the new-password challenge for an
// invited one, the second factor for a user with TOTP, and Cognito's refusals.
import './browser-navigator';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AdminDisableUserCommand, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { ConsoleLogger } from 'aws-amplify/utils';
import { ensureUserPool, startIdentity, type IdentityTwin } from './identity';
import { LOCAL_CREDENTIALS } from './stack-config';
import { totpCode } from './totp';
import { createUser, identityClient } from './users';

jest.setTimeout(60_000);

const region = 'us-east-1';
let directory: string;
let twin: IdentityTwin;
let config: Parameters<typeof createUser>[0];

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'identity-srp-'));
  twin = await startIdentity({ directory: path.join(directory, 'cognito'), host: '127.0.0.1', port: 0 });
  const pool = await ensureUserPool(twin.endpoint, region, path.join(directory, 'user-pool.json'));
  config = { region, cognito: { endpoint: twin.endpoint, ...pool }, credentials: LOCAL_CREDENTIALS };
  // Amplify warns of any custom endpoint, which the twin is.
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  Amplify.configure({ Auth: { Cognito: { ...pool, userPoolEndpoint: twin.endpoint } } });
});

afterEach(() => signOut());

afterAll(async () => {
  await twin.close();
  await rm(directory, { recursive: true, force: true });
});

const srpSignIn = (username: string, password: string) => signIn({ username, password, options: { authFlowType: 'USER_SRP_AUTH' } });
const errorOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: Error) => ({ name: error.name, message: error.message }));
const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };

/** The signed-in user's groups, from the access token Amplify holds. */
async function signedInGroups() {
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.payload['cognito:groups'];
}

test('a confirmed user signs in and gets tokens', async () => {
  await createUser(config, { email: 'pupil@example.com', password: 'Pupil-pass-1', role: 'Students' });
  expect(await srpSignIn('pupil@example.com', 'Pupil-pass-1')).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  expect(await signedInGroups()).toEqual(['Students']);
});

test('a wrong password is refused as Cognito refuses it', async () => {
  await createUser(config, { email: 'guesser@example.com', password: 'Right-pass-1', role: 'Students' });
  expect(await errorOf(srpSignIn('guesser@example.com', 'Wrong-pass-1'))).toEqual(incorrect);
});

test('an unknown e-mail address is refused like a wrong password, telling nothing of who exists', async () => {
  expect(await errorOf(srpSignIn('nobody@example.com', 'Any-pass-1'))).toEqual(incorrect);
});

test('an invited user proves the temporary password, then must choose a new one', async () => {
  await createUser(config, { email: 'invited@example.com', password: 'Temp-pass-1', role: 'Teachers', temporary: true });
  expect(await errorOf(srpSignIn('invited@example.com', 'Not-the-temp-1'))).toEqual(incorrect);

  const first = await srpSignIn('invited@example.com', 'Temp-pass-1');
  expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
  expect(await confirmSignIn({ challengeResponse: 'Chosen-pass-1' })).toMatchObject({ isSignedIn: true });
  await signOut();
  expect(await srpSignIn('invited@example.com', 'Chosen-pass-1')).toMatchObject({ isSignedIn: true });
  expect(await signedInGroups()).toEqual(['Teachers']);
});

test('an administrator with TOTP is asked for the code, then signed in', async () => {
  const { totpSecret } = await createUser(config, { email: 'head@example.com', password: 'Head-pass-1', role: 'Admins', secondFactor: true });
  const first = await srpSignIn('head@example.com', 'Head-pass-1');
  expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  expect(await confirmSignIn({ challengeResponse: totpCode(totpSecret!) })).toMatchObject({ isSignedIn: true });
  expect(await signedInGroups()).toEqual(['Admins']);
});

test('a disabled user is refused as in the password flow', async () => {
  await createUser(config, { email: 'left@example.com', password: 'Left-pass-1', role: 'Students' });
  const admin = identityClient(config);
  try {
    await admin.send(new AdminDisableUserCommand({ UserPoolId: config.cognito.userPoolId, Username: 'left@example.com' }));
  } finally {
    admin.destroy();
  }
  expect(await errorOf(srpSignIn('left@example.com', 'Left-pass-1'))).toEqual({ name: 'NotAuthorizedException', message: 'User is disabled.' });
});

test('a password claim answers its own challenge once only', async () => {
  await createUser(config, { email: 'replayed@example.com', password: 'Replay-pass-1', role: 'Students' });
  const client = identityClient(config);
  try {
    const ClientId = config.cognito.userPoolClientId;
    const A = 'a'.repeat(768);
    const start = await client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'replayed@example.com', SRP_A: A } }));
    expect(start.ChallengeName).toBe('PASSWORD_VERIFIER');
    const ChallengeResponses = {
      USERNAME: start.ChallengeParameters!.USER_ID_FOR_SRP!,
      PASSWORD_CLAIM_SECRET_BLOCK: start.ChallengeParameters!.SECRET_BLOCK!,
      PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32).toString('base64'),
      TIMESTAMP: 'Thu Nov 26 16:19:16 UTC 2026',
    };
    const answer = () => client.send(new RespondToAuthChallengeCommand({ ClientId, ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses }));
    expect(await errorOf(answer())).toEqual(incorrect);
    expect(await errorOf(answer())).toEqual({ name: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
  } finally {
    client.destroy();
  }
});
