// The session Amplify keeps in localStorage, and the name kept from the last load, read without Amplify. While its
// tokens are valid, a page load can show the signed-in page and call the API at once, and load Amplify (its largest
// chunk) only once the page has its data; when they have expired (or are about to), Amplify refreshes them as before.
// Nothing here is trusted: the API verifies every token it is sent, and these are the tokens Amplify itself would send.
import { jwtDecode, type JwtPayload } from 'jwt-decode';
import { roleFromGroups } from '@shared/roles';
import type { SessionUser } from './session';

/**
 * Amplify's key prefix (its DefaultTokenStore): `<prefix>.<app client>.LastAuthUser`, `<prefix>.<app client>.<user>.<token>`.
 * Only this file and auth-services.ts (its mark of a school sign-in under way) know Amplify's private storage format: a
 * change of it shows in their tests and in the browser tests.
 */
export const KEY_PREFIX = 'CognitoIdentityServiceProvider';

/** Amplify's key for the user signed in last on an app client (the client's id is the match). */
const LAST_AUTH_USER_KEY = new RegExp(`^${KEY_PREFIX}\\.([^.]+)\\.LastAuthUser$`);

/** The app clients whose user signed in last (Amplify's LastAuthUser keys); null when storage cannot be read. */
function signedInClients(): string[] | null {
  try {
    // Read inside the try: a browser that blocks this site's storage (a framed LMS launch) throws on the property itself.
    const clients = Array.from({ length: localStorage.length }, (_, index) => LAST_AUTH_USER_KEY.exec(localStorage.key(index) ?? '')?.[1]);
    return clients.filter((client) => client !== undefined);
  } catch {
    return null;
  }
}

/**
 * Whether this browser may hold a signed-in user's tokens. Amplify keeps them in localStorage beside a LastAuthUser
 * key, which it writes on sign-in and removes on sign-out. Without one, nobody is signed in, and the start-up session
 * check can answer so without loading Amplify (its largest chunk) on a first visit. Storage that cannot be read says
 * yes: Amplify then decides. Needs no configuration (the app client's id), so it answers before /config.json is in.
 */
export function mayHaveStoredSession(): boolean {
  const clients = signedInClients();
  return clients === null || clients.length > 0;
}

/**
 * The app client whose user signed in last, for a reader that has no configuration yet (the signed-in frame,
 * src/signed-in-frame.ts); null unless there is exactly one.
 */
export function storedClientId(): string | null {
  const clients = signedInClients();
  return clients?.length === 1 ? clients[0]! : null;
}

/**
 * How long a stored token must still be valid to be used without Amplify: the calls it is sent with must reach the
 * API before it expires (Amplify's own margin is 5 s; a slow phone's first calls may take longer).
 */
export const TOKEN_MARGIN_MS = 60_000;

export interface StoredSession {
  user: Omit<SessionUser, 'name'>;
  accessToken: string;
}

type Claims = JwtPayload & { email?: unknown; 'cognito:groups'?: unknown };

/**
 * The user and access token Amplify stored for the app client `clientId`, if both its tokens are valid for
 * TOKEN_MARGIN_MS more (by the clock drift Amplify measured at sign-in); otherwise null, and Amplify decides.
 */
export function readStoredSession(clientId: string): StoredSession | null {
  try {
    const lastUser = localStorage.getItem(`${KEY_PREFIX}.${clientId}.LastAuthUser`);
    if (!lastUser) return null;
    const item = (name: string) => localStorage.getItem(`${KEY_PREFIX}.${clientId}.${lastUser}.${name}`);
    const accessToken = item('accessToken');
    const idToken = item('idToken');
    if (!accessToken || !idToken) return null;
    const access = jwtDecode<Claims>(accessToken);
    const id = jwtDecode<Claims>(idToken);
    const clockDrift = Number.parseInt(item('clockDrift') ?? '0', 10) || 0;
    const validUntil = Date.now() + clockDrift + TOKEN_MARGIN_MS;
    const valid = (claims: Claims) => typeof claims.exp === 'number' && claims.exp * 1000 > validUntil;
    if (!valid(access) || !valid(id) || typeof access.sub !== 'string' || typeof id.email !== 'string') return null;
    return { user: { userId: access.sub, email: id.email, role: roleFromGroups(access['cognito:groups']) }, accessToken };
  } catch {
    return null; // Storage blocked or a token that is not a JWT: Amplify decides.
  }
}

/** Where the name each user had on the last page load is kept (kept-names.ts writes it). */
export const KEPT_NAME_PREFIX = 'learning-paths:name:';

/** The name kept from the last page load, read at start without the auth services. */
export function keptName(userId: string): string | undefined {
  try {
    return localStorage.getItem(KEPT_NAME_PREFIX + userId) ?? undefined;
  } catch {
    return undefined; // Storage blocked: the name is read each time.
  }
}

/**
 * The signed-in user of a valid stored session, with the name kept from the last page load; null without either (the
 * start-up check then goes through Amplify, which refreshes the tokens or reads the name first).
 */
export function readStoredUser(clientId: string): SessionUser | null {
  const stored = readStoredSession(clientId);
  if (!stored) return null;
  const name = keptName(stored.user.userId);
  return name === undefined ? null : { ...stored.user, name };
}
