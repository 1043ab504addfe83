// Everything that needs Amplify, in a chunk of its own that loads while /config.json is fetched: configuring Amplify
// and the API client, reading the signed-in user, auth events and sign-out. Keeping Amplify out of the entry chunk
// lets public pages paint sooner; nothing on them needs it.
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, fetchUserAttributes, getCurrentUser, signOut as amplifySignOut } from 'aws-amplify/auth';
import { ConsoleLogger, Hub } from 'aws-amplify/utils';
import { isRole, type Role } from '@shared/roles';
import type { WebConfig } from '@shared/web-config';
import { setAuthFlowType } from '../features/auth/auth-flow';
import { configureApi } from '../lib/api-client';
import type { SessionUser } from '../lib/session';

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
          loginWith: { email: true },
        },
      },
    });
  } finally {
    ConsoleLogger.LOG_LEVEL = logLevel;
  }
  setAuthFlowType(config.authFlowType);
  configureApi({
    baseUrl: config.apiBaseUrl,
    getAccessToken: async () => (await fetchAuthSession()).tokens?.accessToken?.toString(),
  });
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
  const stored = onNewerName && storedName(userId);
  if (stored === undefined) return { ...user, name: (await readName(userId)) ?? '' };
  void readName(userId).then((name) => {
    if (name !== undefined && name !== stored) onNewerName?.(name);
  });
  return { ...user, name: stored };
}

/** The `name` attribute, read from the identity service and kept for the next page load; undefined if it cannot be read. */
async function readName(userId: string): Promise<string | undefined> {
  try {
    const name = (await fetchUserAttributes()).name ?? '';
    storeName(userId, name);
    return name;
  } catch (error) {
    // The name is decoration: without it the app shows the e-mail.
    console.error('Could not read the name', error);
    return undefined;
  }
}

const STORED_NAME_PREFIX = 'learning-paths:name:';

function storedName(userId: string): string | undefined {
  try {
    return localStorage.getItem(STORED_NAME_PREFIX + userId) ?? undefined;
  } catch {
    return undefined; // Storage blocked: the name is read each time.
  }
}

function storeName(userId: string, name: string) {
  try {
    localStorage.setItem(STORED_NAME_PREFIX + userId, name);
  } catch {
    // Storage blocked or full: the name is read each time.
  }
}

/** Sign-out forgets the names kept for the next page load, like Amplify forgets the tokens. */
function forgetStoredNames() {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(STORED_NAME_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** The first of the token's groups that is one of ours. */
export function roleFromGroups(groups: unknown): Role | null {
  if (!Array.isArray(groups)) return null;
  return groups.find((group): group is Role => typeof group === 'string' && isRole(group)) ?? null;
}

/** The auth events the session follows; returns the function that stops listening. */
export function listenToAuthEvents(onEvent: (event: string) => void): () => void {
  return Hub.listen('auth', ({ payload }) => onEvent(payload.event));
}

export async function signOut() {
  forgetStoredNames();
  await amplifySignOut();
}

export type AuthServices = Pick<typeof import('./auth-services'), 'readSessionUser' | 'listenToAuthEvents' | 'signOut'>;
