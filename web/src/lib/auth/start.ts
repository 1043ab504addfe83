// Where Amplify is started, once, for everyone: the start-up session check (at once when stored tokens need Amplify,
// once the page has its data when they do not), the API client (for a token Amplify must refresh), and the sign-in,
// password and two-factor screens (loadAmplifyAuth), which start it on first use.
import type { WebConfig } from '@shared/web-config';
import { configureApi } from '../api-connection';
import type { SessionUser } from './session';
import type { AuthServices } from './auth-services';
import { mayHaveStoredSession, readStoredSession, readStoredUser } from './stored-session';

/** The configuration being loaded, once the app has started (startAuth); outside the app (unit tests) there is none. */
let webConfig: Promise<WebConfig> | undefined;

let markServicesConfigured: (services: AuthServices) => void = () => undefined;

/**
 * Settles once the services are configured, whoever started them. The first paint does not wait for it (public pages
 * need neither Amplify nor the API); a session check does, so a session that is no longer loading after a check means
 * the services are configured.
 */
export const servicesConfigured = new Promise<AuthServices>((resolve) => {
  markServicesConfigured = resolve;
});

let started: Promise<AuthServices> | undefined;

/**
 * Loads the Amplify chunk (in parallel with the configuration), then configures it. Calls answer the promise of the
 * first, unless it failed: then the next call starts again.
 */
export function startServices(): Promise<AuthServices> {
  if (started) return started;
  const attempt = (async () => {
    if (!webConfig) throw new Error('The auth services start once the app has started (startAuth)');
    const [services, loaded] = await Promise.all([import('./auth-services'), webConfig]);
    services.configureServices(loaded);
    markServicesConfigured(services);
    return services;
  })();
  // A chunk that did not arrive (the connection dropped before the first sign-in) is fetched again on the next try,
  // rather than failing every sign-in until the page is reloaded.
  attempt.catch(() => {
    if (started === attempt) started = undefined;
  });
  started = attempt;
  return attempt;
}

export interface AuthStart {
  /** Starts loading and configuring the auth services (once). */
  startServices: () => Promise<AuthServices>;
  /** Whether the browser may hold a signed-in user's tokens (else the start-up session check needs no services). */
  sessionMayBeStored: boolean;
  /** The user of a stored session usable without Amplify, once the configuration and the page's chunks are in. */
  storedUser: Promise<SessionUser | null>;
}

/**
 * Called once by the app at start, with /config.json being loaded and the first page's chunks being fetched: points
 * the API client at the API and reads the stored session. A start from the stored session shows the page it lands on
 * whole, with its code in, so that its queries are the first to run (Amplify waits for them: SessionProvider).
 */
export function startAuth(config: Promise<WebConfig>, pageLoaded: Promise<void>): AuthStart {
  webConfig = config;
  void config.then((loaded) => configureApiFor(loaded, startServices), () => undefined);
  const sessionMayBeStored = mayHaveStoredSession();
  const storedUser = sessionMayBeStored
    ? config.then(async (loaded) => {
        const user = readStoredUser(loaded.userPoolClientId);
        await pageLoaded;
        return user;
      }, () => null)
    : Promise.resolve(null);
  return { startServices, sessionMayBeStored, storedUser };
}

/**
 * Points the API client at the configuration's API. Its calls carry the stored access token while it is valid, so a
 * page load's first calls need no Amplify; else the one Amplify gives (it refreshes an expired token, or has none).
 */
export function configureApiFor(config: WebConfig, start: () => Promise<AuthServices>) {
  configureApi({
    baseUrl: config.apiBaseUrl,
    getAccessToken: async () => readStoredSession(config.userPoolClientId)?.accessToken ?? (await start()).readAccessToken(),
  });
}

/**
 * Amplify's sign-in and password calls, loaded when first used and once Amplify is configured: on a first visit the
 * public pages load no Amplify code at all, and a static import would put its auth library (~38 kB gzip) in front of
 * the login screens' first paint. The login form starts the loading when it gets focus, well before a submit.
 */
export async function loadAmplifyAuth() {
  const [auth] = await Promise.all([import('aws-amplify/auth'), webConfig && startServices()]);
  return auth;
}

/** Starts loading (and configuring) Amplify ahead of a submit; a failure shows when the submit awaits it. */
export function prepareAmplifyAuth(): void {
  loadAmplifyAuth().catch(() => undefined);
}

/** The school sign-in providers this stage federates, with their buttons' labels; none while the configuration is out. */
export async function schoolSignInProviders(): Promise<{ name: string; label: string }[]> {
  return ((await webConfig?.catch(() => undefined))?.schoolSignIn?.providers ?? []);
}

/** Sends the browser to the school's provider through the hosted sign-in (it comes back to this login page). */
export async function signInWithSchool(provider: string): Promise<void> {
  const [{ signInWithRedirect }, services] = await Promise.all([import('aws-amplify/auth'), startServices()]);
  await services.schoolSignInSettled();
  await signInWithRedirect({ provider: { custom: provider } });
}

/** Whether this page load carries the hosted sign-in's answer, which Amplify (once started) completes. */
export const isSignInCallback = (search: string): boolean => {
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error'));
};
