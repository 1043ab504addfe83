// Temporary passwords the admin has been shown in this tab, by e-mail, for the login-slip sheet. Only the answer to an
// invitation or a resent invitation carries one (and only where the app makes it; in the cloud Cognito e-mails its
// own), so this memory is the one place a slip can get it from: never stored in the table or the browser's storage,
// gone on reload.
const passwords = new Map<string, string>();

export function rememberTemporaryPassword(email: string, password: string): void {
  passwords.set(email.toLowerCase(), password);
}

export const temporaryPasswordOf = (email: string): string | undefined => passwords.get(email.toLowerCase());

/** Forgets every remembered password (tests; a sign-out reloads the page, which forgets them too). */
export const forgetTemporaryPasswords = (): void => passwords.clear();
