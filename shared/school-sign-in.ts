// School sign-in (federation through Cognito's hosted endpoints): what the web app, the CDK app and the local twin
// must agree on.
import { WEB_PAGES } from './web-pages';

/**
 * Where the hosted sign-in sends a person back, with the code or the refusal: each login page returns to itself. The
 * app client's callback URLs are these paths on the app's origin.
 */
export const SIGN_IN_CALLBACK_PATHS: readonly string[] = WEB_PAGES.filter((page) => page.audience === 'signedOut').map((page) => page.path);

/** Where the hosted sign-out sends a person back. */
export const SIGN_OUT_CALLBACK_PATH = '/';

/** Word for word what a login page shows someone nobody invited (issue 36). */
export const NOT_SET_UP_MESSAGE = 'Your school account is not set up in Learning Paths yet; ask your administrator';

/** What a login page shows a disabled person who signed in through their school. */
export const DISABLED_MESSAGE = 'Your account is disabled; ask your administrator';
