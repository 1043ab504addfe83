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

/** What a login page shows someone whose address is not of the school's domains (issue 36: only the school's accounts). */
export const OTHER_DOMAIN_MESSAGE = "This is not an account of your school; sign in with your school account";

/**
 * A provider the pool federates, as the PreSignUp trigger and the school sign-in routes are configured with it (the
 * environment variable SCHOOL_SIGN_IN_PROVIDERS, JSON, set from the stage's settings): its name in the pool and the
 * e-mail domains it may sign in (lower case).
 */
export interface SchoolProviderRule {
  name: string;
  domains: readonly string[];
}

export const SCHOOL_SIGN_IN_PROVIDERS_ENV = 'SCHOOL_SIGN_IN_PROVIDERS';

/** The domain of an e-mail address, lower case; undefined for text that is no address. */
export function emailDomain(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  return at > 0 && at < email.length - 1 ? email.slice(at + 1).trim().toLowerCase() : undefined;
}

/** What an administrator's login page shows when their school sign-in asked for no second factor (issue 36). */
export const ADMIN_SECOND_FACTOR_MESSAGE =
  'Administrators need a second factor: sign in with your school account with its second factor on, or with your password and authenticator app';

/**
 * The user attribute each federated sign-in writes the provider's authentication methods to (the attribute mapping of
 * `amr`, or of the SAML claim naming them), read by the PreTokenGeneration trigger.
 */
export const PROVIDER_AMR_ATTRIBUTE = 'custom:idp_amr';
