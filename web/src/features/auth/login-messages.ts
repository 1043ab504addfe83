// The login screens' texts from the spec's error catalogue (section 8), word for word.
import { NO_CONNECTION } from '../../lib/api-connection';
import type { LoginRole } from './role-paths';

export const LOGIN_MESSAGES = {
  unknownError: 'An unknown error occurred.',
  newPasswordFailed: 'Failed to set new password.',
  sessionCheckFailed: 'Could not verify your session. Please try logging in again.',
  accessDenied: 'Access Denied: You do not have a valid role assigned.',
} as const;

/** Shown on the login screen of the role the user actually has. */
export const WRONG_SCREEN_MESSAGE: Record<LoginRole, string> = {
  Teachers: 'It looks like you have a teacher account. Please log in here.',
  Students: 'It looks like you have a student account. Please log in here.',
  Admins: 'It looks like you have an administrator account. Please log in here.',
};

/**
 * Cognito refuses every sign-in step of a disabled account with NotAuthorizedException "User is disabled."; the
 * spec has no words for it, so these (docs/decisions/security/disabled-users-signing-locally-item-3.md) say what happened and whom to ask, for a student too.
 */
export const ACCOUNT_DISABLED = 'Your account has been turned off, so you cannot sign in. If you think this is a mistake, ask your teacher or the school office.';

const isAccountDisabled = (error: unknown): boolean =>
  error instanceof Error && error.name === 'NotAuthorizedException' && /^user is disabled/i.test(error.message);

/** What to say when setting the first password fails: a disabled account in words, else the service's message. */
export const newPasswordErrorMessage = (error: unknown): string =>
  isAccountDisabled(error) ? ACCOUNT_DISABLED : errorMessage(error, LOGIN_MESSAGES.newPasswordFailed);

/** A wrong password and an unknown e-mail read the same, so the screen does not tell who has an account. */
export const INCORRECT_CREDENTIALS = 'Incorrect e-mail or password.';

/**
 * No answer came: Amplify's NetworkError, or the browser's TypeError for a request or a code chunk that did not arrive
 * (Chromium "Failed to fetch…", Firefox "NetworkError when…"/"error loading dynamically imported module", Safari
 * "Load failed"/"Importing a module script failed."). Other TypeErrors are bugs, not the connection.
 */
function isUnreachable(error: Error): boolean {
  return error.name === 'NetworkError' || (error instanceof TypeError && /fetch|network|dynamically imported module|module script|load failed/i.test(error.message));
}

/** The service's own message when there is one, the connection sentence when no answer came, otherwise the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  if (isUnreachable(error)) return NO_CONNECTION;
  return error.message.trim() ? error.message : fallback;
}

/**
 * Why e-mail and password were refused. Cognito, and the local twin's SRP sign-in, say NotAuthorizedException
 * "Incorrect username or password." (and, without user-existence protection, UserNotFoundException).
 */
export function credentialsErrorMessage(error: unknown): string {
  if (isAccountDisabled(error)) return ACCOUNT_DISABLED;
  const name = error instanceof Error ? error.name : '';
  const incorrect =
    name === 'UserNotFoundException' || (name === 'NotAuthorizedException' && /incorrect username or password/i.test((error as Error).message));
  return incorrect ? INCORRECT_CREDENTIALS : errorMessage(error, LOGIN_MESSAGES.unknownError);
}

/** The sign-in step and the profile's set-up both ask for the code an authenticator app shows. */
export const TOTP_MESSAGES = {
  prompt: 'Enter the 6-digit code from your authenticator app.',
  format: 'The code is 6 digits, from your authenticator app.',
  mismatch: 'That code is not right. Enter the code your authenticator app shows now; it changes every 30 seconds.',
  expired: 'Signing in took too long. Please sign in again.',
} as const;

/** A wrong code: Cognito says CodeMismatchException, or EnableSoftwareTokenMFAException when setting up. */
export const isCodeMismatch = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'CodeMismatchException' || error.name === 'EnableSoftwareTokenMFAException');

/** At sign-in, a wrong code can be tried again; NotAuthorizedException means Cognito's session ran out. */
export function totpCodeErrorMessage(error: unknown): string {
  if (isCodeMismatch(error)) return TOTP_MESSAGES.mismatch;
  if (isAccountDisabled(error)) return ACCOUNT_DISABLED;
  if (error instanceof Error && error.name === 'NotAuthorizedException') return TOTP_MESSAGES.expired;
  return errorMessage(error, LOGIN_MESSAGES.unknownError);
}
