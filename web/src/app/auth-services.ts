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

/** Reads the signed-in user from Amplify's tokens; null when nobody is signed in. */
export async function readSessionUser(): Promise<SessionUser | null> {
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
  return { userId, email: username, name: await readName(), role: roleFromGroups(accessToken.payload['cognito:groups']) };
}

/** The `name` attribute, read from the identity service (not every ID token carries it, and a rename must show at once). */
async function readName(): Promise<string> {
  try {
    return (await fetchUserAttributes()).name ?? '';
  } catch (error) {
    // The name is decoration: without it the app shows the e-mail.
    console.error('Could not read the name', error);
    return '';
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

export const signOut = () => amplifySignOut();

export type AuthServices = Pick<typeof import('./auth-services'), 'readSessionUser' | 'listenToAuthEvents' | 'signOut'>;
