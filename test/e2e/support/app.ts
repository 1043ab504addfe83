// Steps through the app the way a person does: by role, label and visible text (the spec's words), never CSS.
import type { Locator, Page } from 'playwright-core';
import { totpCode } from '@local/totp';
import { appUrl, type TestUser } from './stack';

export const LOGIN_PATH = { Teachers: '/teacher-login', Students: '/student-login' } as const;
export const DASHBOARD_PATH = { Teachers: '/teacher-dashboard', Students: '/student-dashboard' } as const;

/** Waits until the app's route (pathname, no origin) is `path` (a string or a pattern for the whole pathname). */
export async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));
}

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** An element's accessible name, as assistive technology reads it (a report cell: its status's words, then its figures). */
export async function accessibleName(locator: Locator): Promise<string> {
  return /^- [\w-]+ "(.*)"/.exec(await locator.ariaSnapshot())?.[1] ?? '';
}

export async function open(page: Page, path: string): Promise<void> {
  await page.goto(appUrl(path));
}

/** Fills the login form on the current login screen and presses Sign In. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Fills the forced new-password form shown after a first sign-in with a temporary password, and submits it. */
export async function submitNewPassword(page: Page, newPassword: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Set a new password' });
  await form.getByLabel('New Password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm New Password').fill(newPassword);
  await form.getByRole('button', { name: 'Set New Password' }).click();
}

/** Signs in on the user's own login screen and waits for their dashboard. */
export async function signInAs(page: Page, user: TestUser): Promise<void> {
  const role = user.role as 'Teachers' | 'Students';
  await open(page, LOGIN_PATH[role]);
  await page.getByRole('heading', { level: 1, name: role === 'Teachers' ? 'Teacher Login' : 'Student Login' }).waitFor();
  await submitLogin(page, user.email, user.password);
  await waitForPath(page, DASHBOARD_PATH[role]);
}

/** Answers the sign-in's two-factor step with the code of the moment from the user's authenticator secret. */
export async function submitTotpCode(page: Page, totpSecret: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Two-factor authentication' });
  await form.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
  await form.getByLabel('6-digit code').fill(totpCode(totpSecret));
  await form.getByRole('button', { name: 'Verify' }).click();
}

/**
 * On /profile: sets up two-factor authentication as a person does, reading the key shown for typing into an
 * authenticator app and answering with its code; returns that key (the authenticator's secret).
 */
export async function turnOnTwoFactor(page: Page): Promise<string> {
  const settings = page.getByRole('region', { name: 'Two-factor authentication' });
  await settings.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
  await settings.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = ((await settings.getByLabel('Set-up key').textContent()) ?? '').replace(/\s/g, '');
  await settings.getByLabel('6-digit code').fill(totpCode(secret));
  await settings.getByRole('button', { name: 'Turn On' }).click();
  await settings.getByText('Two-factor authentication is on. Next time you sign in', { exact: false }).waitFor();
  return secret;
}
