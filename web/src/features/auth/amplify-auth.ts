import { identityServicesReady } from '../../lib/identity-services';

/**
 * Amplify's sign-in and password calls, loaded when first used and once Amplify is configured: on a first visit the
 * public pages load no Amplify code at all, and a static import would put its auth library (~38 kB gzip) in front of
 * the login screens' first paint. The login form starts the loading when it gets focus, well before a submit.
 */
export async function loadAmplifyAuth() {
  const [auth] = await Promise.all([import('aws-amplify/auth'), identityServicesReady()]);
  return auth;
}

/** Starts loading (and configuring) Amplify ahead of a submit; a failure shows when the submit awaits it. */
export function prepareAmplifyAuth(): void {
  loadAmplifyAuth().catch(() => undefined);
}
