// Everything that needs Amplify, in a chunk of its own: configuring Amplify, the access token it keeps fresh, reading
// the signed-in user, auth events and sign-out. Keeping Amplify out of the entry chunk lets public pages paint sooner
// (nothing on them needs it), and a page load with a valid stored session loads it only once the page has its data
// (stored-session.ts).
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, fetchUserAttributes, getCurrentUser, signOut as amplifySignOut } from 'aws-amplify/auth';
import { ConsoleLogger, Hub } from 'aws-amplify/utils';
// Completes a school sign-in when a login page loads with the hosted sign-in's answer (code or refusal) in its URL.
import 'aws-amplify/auth/enable-oauth-listener';
import { SIGN_IN_CALLBACK_PATHS, SIGN_OUT_CALLBACK_PATH } from '@shared/school-sign-in';
import { roleFromGroups } from '@shared/roles';
import type { WebConfig } from '@shared/web-config';
import { setAuthFlowType } from './auth-flow';
import { forgetKeptNames, keepName } from './kept-names';
import type { SessionUser } from './session';
import { KEY_PREFIX, keptName } from './stored-session';

export function configureServices(config: WebConfig) {
  // With a local identity server Amplify warns, on every page load, that a custom endpoint is in use: that is the
  // point of the setting, so this one configure call runs with warnings off.
  const logLevel = ConsoleLogger.LOG_LEVEL;
  if (config.userPoolEndpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
          loginWith: {
            email: true,
            ...(config.schoolSignIn && {
              oauth: {
                domain: config.schoolSignIn.domain,
                scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
                redirectSignIn: SIGN_IN_CALLBACK_PATHS.map((path) => `${window.location.origin}${path}`),
                redirectSignOut: [`${window.location.origin}${SIGN_OUT_CALLBACK_PATH}`],
                responseType: 'code' as const,
                providers: config.schoolSignIn.providers.map(({ name }) => ({ custom: name })),
              },
            }),
          },
        },
      },
    });
  } finally {
    ConsoleLogger.LOG_LEVEL = logLevel;
  }
  setAuthFlowType(config.authFlowType);
}

/** The access token for an API call, refreshed by Amplify when it has expired; undefined when nobody is signed in. */
export async function readAccessToken(): Promise<string | undefined> {
  return (await fetchAuthSession()).tokens?.accessToken?.toString();
}

/**
 * Reads the signed-in user from Amplify's tokens; null when nobody is signed in. The name is not in every ID token, so
 * it is read from the identity service, a round trip; with `onNewerName`, the name this browser last read for the user
 * answers at once instead, and `onNewerName` gets the one read meanwhile if it differs (a page load need not wait for it).
 */
export async function readSessionUser(onNewerName?: (name: string) => void): Promise<SessionUser | null> {
  const { tokens } = await fetchAuthSession();
  const accessToken = tokens?.accessToken;
  if (!accessToken) return null;
  const sub = accessToken.payload.sub;
  const email = tokens.idToken?.payload.email;
  let username = typeof email === 'string' ? email : undefined;
  let userId = typeof sub === 'string' ? sub : undefined;
  if (!username || !userId) {
    const current = await getCurrentUser();
    username ??= current.signInDetails?.loginId ?? current.username;
    userId ??= current.userId;
  }
  const user = { userId, email: username, role: roleFromGroups(accessToken.payload['cognito:groups']) };
  const stored = onNewerName && keptName(userId);
  if (stored === undefined) return { ...user, name: (await readName(userId)) ?? '' };
  void readName(userId).then((name) => {
    if (name !== undefined && name !== stored) onNewerName?.(name);
  });
  return { ...user, name: stored };
}

/** The `name` attribute, read from the identity service and kept for the next page load; undefined if it cannot be read. */
export async function readName(userId: string): Promise<string | undefined> {
  try {
    const name = (await fetchUserAttributes()).name ?? '';
    keepName(userId, name);
    return name;
  } catch (error) {
    // The name is decoration: without it the app shows the e-mail.
    console.error('Could not read the name', error);
    return undefined;
  }
}

/** The auth events the session follows; returns the function that stops listening. */
export function listenToAuthEvents(onEvent: (event: string) => void): () => void {
  return Hub.listen('auth', ({ payload }) => onEvent(payload.event));
}

/**
 * Settles once no school sign-in is under way in this browser. One an earlier page left unfinished (Back from the
 * provider's page) is cancelled by Amplify as it starts; a new one begun before that ends waits on the old one for five
 * minutes, as Amplify (6.x) lets waiters go before it clears the old flow's mark, not after.
 */
export function schoolSignInSettled(): Promise<void> {
  const clientId = Amplify.getConfig().Auth?.Cognito.userPoolClientId;
  const underWay = () => clientId !== undefined && hasSchoolSignInUnderWay(clientId);
  return new Promise((resolve) => {
    if (!underWay()) return resolve();
    // Amplify announces the old flow's end (signInWithRedirect_failure, or a sign-in) once its mark is cleared.
    const stop = Hub.listen('auth', () => {
      if (underWay()) return;
      stop();
      resolve();
    });
  });
}

/**
 * Whether Amplify holds a school sign-in of app client `clientId` as under way: it marks one so when it sends the browser
 * to the hosted sign-in, and clears the mark when the answer comes back. False when the storage cannot be read.
 */
function hasSchoolSignInUnderWay(clientId: string): boolean {
  try {
    return window.localStorage.getItem(`${KEY_PREFIX}.${clientId}.inflightOAuth`) === 'true';
  } catch {
    return false;
  }
}

export async function signOut() {
  forgetKeptNames();
  await amplifySignOut();
}

export type AuthServices = Pick<
  typeof import('./auth-services'),
  'readSessionUser' | 'readName' | 'readAccessToken' | 'listenToAuthEvents' | 'signOut' | 'schoolSignInSettled'
>;
