// The app shell loads and configures Amplify (app/config.ts) only when something needs it: the start-up session check
// (at once when stored tokens need Amplify, once the page has its data when they did not), else on first use.
// Features that call Amplify's auth API themselves (sign-in, password reset, two-factor) wait for it through here,
// since they cannot import the app shell. Outside the app (unit tests) nothing needs starting.

let start: () => Promise<unknown> = async () => undefined;

/** Called once by the app's entry with the function that starts the services (idempotent). */
export function provideIdentityServices(startServices: () => Promise<unknown>): void {
  start = startServices;
}

/** Settles once Amplify is configured, starting it if nobody has; rejects when it cannot be (no configuration). */
export async function identityServicesReady(): Promise<void> {
  await start();
}
