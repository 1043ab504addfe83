// Sign-in polish (issue 10): "Forgot password?" from a login screen, with the code the identity service sends
// (locally handed to the stack), a checked new password, and sign-in with it; a wrong password and an unknown e-mail
// get the same answer.
import type { Page } from 'playwright-core';
import { open, submitLogin, waitForPath } from './support/app';
import { useBrowser } from './support/browser';
import { latestResetCode, newUser } from './support/stack';

const session = useBrowser();

/** The identity service answers a refused sign-in with a 400, which Chromium logs; that is what these tests do. */
function forgiveRefusedSignIns(problems: ReturnType<typeof session>['problems']) {
  const refused = problems.filter((problem) => problem.kind === 'console' && /status of 400/.test(problem.text));
  problems.splice(0, problems.length, ...problems.filter((problem) => !refused.includes(problem)));
}

/** The code is written by the stack as the identity service answers; it is there by the time the form shows. */
async function resetCodeFor(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const code = latestResetCode(email);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No reset code was sent to ${email}.`);
}

async function expectIncorrect(page: Page) {
  await page.getByRole('alert').filter({ hasText: /^Incorrect e-mail or password\.$/ }).waitFor();
}

it('answers a wrong password and an unknown e-mail alike, then resets the password with the e-mailed code', async () => {
  const { page, problems, checkPage } = session();
  const teacher = await newUser('Teachers');

  await open(page, '/teacher-login');
  await submitLogin(page, teacher.email, 'not-the-password');
  await expectIncorrect(page);
  await submitLogin(page, 'nobody-here@example.com', 'not-the-password');
  await expectIncorrect(page);

  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(teacher.email);
  await signIn.getByRole('button', { name: 'Forgot password?' }).click();
  const request = page.getByRole('form', { name: 'Request a reset code' });
  expect(await request.getByLabel('Email').inputValue()).toBe(teacher.email);
  await checkPage(page, 'teacher-login-forgot-password');
  await request.getByRole('button', { name: 'Send Code' }).click();

  const confirm = page.getByRole('form', { name: 'Set a new password with the code' });
  await confirm.getByLabel('Code', { exact: true }).waitFor();
  await confirm.getByLabel('Code', { exact: true }).fill(await resetCodeFor(teacher.email));
  await confirm.getByLabel('New Password', { exact: true }).fill('short');
  await confirm.getByRole('button', { name: 'Set New Password' }).click();
  await confirm.getByText('The password needs at least 8 characters.').waitFor();
  await confirm.getByLabel('New Password', { exact: true }).fill('Reset-password-1');
  await confirm.getByLabel('Confirm New Password').fill('Reset-password-1');
  await checkPage(page, 'teacher-login-reset-code');
  await confirm.getByRole('button', { name: 'Set New Password' }).click();

  await page.getByText('Your password was changed. Sign in with your new password.').waitFor();
  expect(await signIn.getByLabel('Email').inputValue()).toBe(teacher.email);
  await signIn.getByLabel('Password').fill('Reset-password-1');
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await waitForPath(page, '/teacher-dashboard');
  forgiveRefusedSignIns(problems);
});

it('offers "Forgot password?" on the student login too', async () => {
  const { page } = session();
  await open(page, '/student-login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('form', { name: 'Request a reset code' }).waitFor();
});
