// School sign-in (issue 36): the login pages' provider buttons go through the identity twin's hosted endpoints to the
// local stand-in for Google and Microsoft (oidc-provider) and back, as Amplify's redirect sign-in does with Cognito.
// Invited people land on their dashboards as the account they were invited with; nobody else gets an account, unless
// an administrator lets new people of their domain in as students; addresses of other domains are refused.
import { AdminDisableUserCommand, AdminEnableUserCommand, AdminListGroupsForUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { ADMIN_SECOND_FACTOR_MESSAGE, NOT_SET_UP_MESSAGE, DISABLED_MESSAGE, OTHER_DOMAIN_MESSAGE } from '@shared/school-sign-in';
import { makeDomainSettingRepository } from '@functions/src/school-sign-in/adapters/domain-setting-repository';
import { DEMO_SCHOOL_DOMAIN } from '@local/school-accounts';
import { localTableContext } from '@local/table-stores';
import { identityClient } from '../integration/harness';
import { open, waitForPath } from './support/app';
import { NARROW, WIDE, useBrowser } from './support/browser';
import { stackConfig } from './support/stack';

const session = useBrowser();

function schoolAccount(email: string) {
  const account = stackConfig()
    .sso.providers.flatMap((provider) => provider.accounts)
    .find((candidate) => candidate.email === email);
  if (!account) throw new Error(`No demo school account ${email} in the stack's sso settings.`);
  return account;
}

/** Presses the provider's button on a login page and signs in at the provider with the school account. */
async function signInWithSchool(page: Page, loginPath: string, button: string, email: string) {
  await open(page, loginPath);
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('heading', { name: 'Sign in with your school account' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(schoolAccount(email).password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The user pool's users with this e-mail (the invited account, plus any a federated sign-in would have made). */
async function usersWith(email: string) {
  const client = identityClient(stackConfig());
  try {
    const { Users = [] } = await client.send(new ListUsersCommand({ UserPoolId: stackConfig().cognito.userPoolId, Filter: `email = "${email}"` }));
    return Users;
  } finally {
    client.destroy();
  }
}

/** The administrator's choice for the demo school's domain, stored as the setSchoolSignInDomain route stores it. */
async function letNewPeopleIn(studentsMayJoin: boolean) {
  const context = localTableContext(stackConfig());
  try {
    await makeDomainSettingRepository(context).save({ domain: DEMO_SCHOOL_DOMAIN, studentsMayJoin });
  } finally {
    context.client.destroy();
  }
}

/**
 * The invited teacher's own classes, the seeded one among them: on My Classes, since the dashboard lists only the
 * newest few and other browser tests give the demo teacher classes of their own.
 */
async function seesTheirSeededClass(page: Page) {
  await page.getByRole('link', { name: 'View all classes' }).click();
  await waitForPath(page, '/teacher-classes');
  await page.getByText('Year 9 Science').first().waitFor();
}

describe.each([
  ['1280', WIDE, 'Google'],
  ['375', NARROW, 'Microsoft'],
] as const)('at %s px', (width, viewport, provider) => {
  it(`signs an invited teacher in through ${provider} onto their dashboard with their classes, and again as the same person`, async () => {
    const { page, checkPage, context } = session();
    await page.setViewportSize(viewport);
    await open(page, '/teacher-login');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).waitFor();
    await checkPage(page, `teacher-login-school-sign-in-${width}`);

    await signInWithSchool(page, '/teacher-login', `Sign in with ${provider}`, 'teacher@example.com');
    await waitForPath(page, '/teacher-dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Ada Teacher!' }).waitFor();
    await checkPage(page, `teacher-dashboard-after-school-sign-in-${width}`);
    await seesTheirSeededClass(page);

    // A second sign-in, from a new browser session, is the same person: no second account appears.
    await context.clearCookies();
    await page.evaluate('localStorage.clear()');
    await signInWithSchool(page, '/teacher-login', `Sign in with ${provider}`, 'teacher@example.com');
    await waitForPath(page, '/teacher-dashboard');
    await seesTheirSeededClass(page);
    const users = await usersWith('teacher@example.com');
    expect(users.map((user) => user.UserStatus)).toEqual(['CONFIRMED']);
  });

  it(`signs an invited student in through ${provider} onto the student dashboard with their classes`, async () => {
    const { page } = session();
    await page.setViewportSize(viewport);
    await signInWithSchool(page, '/student-login', `Sign in with ${provider}`, 'student@example.com');
    await waitForPath(page, '/student-dashboard');
    await page.getByText('Year 9 Science').first().waitFor();
    expect(await usersWith('student@example.com')).toHaveLength(1);
  });
});

describe.each([
  ['1280', WIDE],
  ['375', NARROW],
] as const)('at %s px', (width, viewport) => {
  it('tells someone nobody invited that their school account is not set up, and makes no account', async () => {
    const { page, checkPage } = session();
    await page.setViewportSize(viewport);
    await signInWithSchool(page, '/student-login', 'Sign in with Google', 'newcomer@example.com');
    await waitForPath(page, '/student-login');
    await page.getByRole('alert').filter({ hasText: NOT_SET_UP_MESSAGE }).waitFor();
    await checkPage(page, `student-login-school-account-not-set-up-${width}`);
    expect(await usersWith('newcomer@example.com')).toEqual([]);
  });

  it('refuses a disabled person, making no second account', async () => {
    const { page, checkPage } = session();
    await page.setViewportSize(viewport);
    const client = identityClient(stackConfig());
    const target = { UserPoolId: stackConfig().cognito.userPoolId, Username: 'teacher2@example.com' };
    await client.send(new AdminDisableUserCommand(target));
    try {
      await signInWithSchool(page, '/teacher-login', 'Sign in with Microsoft', 'teacher2@example.com');
      await waitForPath(page, '/teacher-login');
      await page.getByRole('alert').filter({ hasText: DISABLED_MESSAGE }).waitFor();
      await checkPage(page, `teacher-login-school-account-disabled-${width}`);
      expect(await usersWith('teacher2@example.com')).toHaveLength(1);
    } finally {
      await client.send(new AdminEnableUserCommand(target));
      client.destroy();
    }
  });
});

it("refuses an account of another school's domain, making no account", async () => {
  const { page } = session();
  await signInWithSchool(page, '/student-login', 'Sign in with Google', 'visitor@elsewhere.example');
  await waitForPath(page, '/student-login');
  await page.getByRole('alert').filter({ hasText: OTHER_DOMAIN_MESSAGE }).waitFor();
  expect(await usersWith('visitor@elsewhere.example')).toEqual([]);
});

it('lets someone nobody invited in as a student once an administrator opens their domain, and not while it is closed', async () => {
  const { page, context } = session();
  await letNewPeopleIn(false);
  await signInWithSchool(page, '/student-login', 'Sign in with Google', 'newcomer@example.com');
  await waitForPath(page, '/student-login');
  await page.getByRole('alert').filter({ hasText: NOT_SET_UP_MESSAGE }).waitFor();
  expect(await usersWith('newcomer@example.com')).toEqual([]);

  await letNewPeopleIn(true);
  try {
    await context.clearCookies();
    await signInWithSchool(page, '/student-login', 'Sign in with Google', 'newcomer@example.com');
    await waitForPath(page, '/student-dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const [joined, ...others] = await usersWith('newcomer@example.com');
    expect(others).toEqual([]);
    expect(joined?.UserStatus).not.toBe('EXTERNAL_PROVIDER');
    const client = identityClient(stackConfig());
    try {
      const { Groups = [] } = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: stackConfig().cognito.userPoolId, Username: joined!.Username! }));
      expect(Groups.map((group) => group.GroupName)).toEqual(['Students']);
    } finally {
      client.destroy();
    }
  } finally {
    await letNewPeopleIn(false);
  }
});

it("signs an administrator in through their school only when the provider asked for a second factor", async () => {
  const { page, context } = session();
  // The demo school's Google asks the admin for nothing more than a password: no session, the way out said.
  await signInWithSchool(page, '/admin-login', 'Sign in with Google', 'admin@example.com');
  await waitForPath(page, '/admin-login');
  await page.getByRole('alert').filter({ hasText: ADMIN_SECOND_FACTOR_MESSAGE }).waitFor();

  // Its Microsoft asks for a second factor (amr: pwd, mfa): the admin comes in.
  await context.clearCookies();
  await signInWithSchool(page, '/admin-login', 'Sign in with Microsoft', 'admin@example.com');
  await waitForPath(page, '/admin-dashboard');
  expect(await usersWith('admin@example.com')).toHaveLength(1);
});

it('signs in through the other provider after Back from the first one', async () => {
  const { page } = session();
  // Back from the provider's page leaves the first sign-in unfinished in this browser; the second must not wait on it.
  await open(page, '/teacher-login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('heading', { name: 'Sign in with your school account' }).waitFor();
  await page.goBack();
  await waitForPath(page, '/teacher-login');
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await page.getByRole('heading', { name: 'Sign in with your school account' }).waitFor();
  await page.getByLabel('E-mail').fill('teacher@example.com');
  await page.getByLabel('Password').fill(schoolAccount('teacher@example.com').password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, '/teacher-dashboard');
});
