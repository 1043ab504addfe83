// Spec section 4 in a real browser: wrong-role logins are sent to the other login screen with the spec's message and
// the e-mail prefilled; a signed-out visit to a protected route lands on the login and comes back after sign-in; a
// first visit loads the identity library (Amplify) only when the sign-in form is used (a failed load reads as a
// connection problem and the next try loads it again), a reload keeps the session, and sign-in is the cloud's SRP
// exchange, the password never leaving the browser.
import type { Page } from 'playwright-core';
import { DASHBOARD_PATH, LOGIN_PATH, open, pathOf, signInAs, submitLogin, waitForPath } from './support/app';
import { useBrowser } from './support/browser';
import { newUser, type TestUser } from './support/stack';

const session = useBrowser();

let teacher: TestUser;
let student: TestUser;

beforeAll(async () => {
  teacher = await newUser('Teachers');
  student = await newUser('Students');
});

describe('wrong-role logins', () => {
  it('sends a student who signs in on the teacher login to the student login, with the message and the e-mail prefilled', async () => {
    const { page, checkPage } = session();
    await open(page, '/teacher-login');
    await page.getByRole('heading', { level: 1, name: 'Teacher Login' }).waitFor();
    await checkPage(page, 'teacher-login');

    await submitLogin(page, student.email, student.password);

    await waitForPath(page, '/student-login');
    await page.getByRole('heading', { level: 1, name: 'Student Login' }).waitFor();
    await page.getByText('It looks like you have a student account. Please log in here.', { exact: true }).waitFor();
    expect(await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').inputValue()).toBe(student.email);
    // Signed out again: the password is not kept and the student is not signed in.
    expect(await page.getByRole('form', { name: 'Sign in' }).getByLabel('Password').inputValue()).toBe('');
    await checkPage(page, 'student-login-with-message');

    // The message does its job: signing in here works.
    await page.getByRole('form', { name: 'Sign in' }).getByLabel('Password').fill(student.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, DASHBOARD_PATH.Students);
  });

  it('sends a teacher who signs in on the student login to the teacher login, with the message and the e-mail prefilled', async () => {
    const { page, checkPage } = session();
    await open(page, '/student-login');
    await page.getByRole('heading', { level: 1, name: 'Student Login' }).waitFor();
    await checkPage(page, 'student-login');

    await submitLogin(page, teacher.email, teacher.password);

    await waitForPath(page, '/teacher-login');
    await page.getByRole('heading', { level: 1, name: 'Teacher Login' }).waitFor();
    await page.getByText('It looks like you have a teacher account. Please log in here.', { exact: true }).waitFor();
    expect(await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').inputValue()).toBe(teacher.email);
    await checkPage(page, 'teacher-login-with-message');
  });
});

describe('a first visit', () => {
  it('loads no Amplify until the sign-in form is used, signs in, and finds the session again after a reload', async () => {
    const { page } = session();
    const amplifyChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/auth-services-[^/]+\.js$/.test(request.url())) amplifyChunks.push(request.url());
    });
    await open(page, '/');
    // The header's links mean the session check has answered "signed out".
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Teacher Login' }).click();
    await waitForPath(page, '/teacher-login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign In', exact: true, disabled: false }).waitFor();
    expect(amplifyChunks).toEqual([]);

    const amplifyRequested = page.waitForRequest((request) => /\/assets\/auth-services-[^/]+\.js$/.test(request.url()));
    await form.getByLabel('Email').focus();
    await amplifyRequested;
    await submitLogin(page, teacher.email, teacher.password);
    await waitForPath(page, DASHBOARD_PATH.Teachers);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
    expect(pathOf(page)).toBe(DASHBOARD_PATH.Teachers);
  });

  it('says the connection is the problem when the identity code cannot be fetched, and signs in once it can', async () => {
    const { page, problems } = session();
    const amplifyChunk = (url: URL) => /\/assets\/auth-services-[^/]+\.js$/.test(url.pathname);
    await page.route(amplifyChunk, (route) => route.abort('internetdisconnected'));
    await open(page, '/teacher-login');
    await submitLogin(page, teacher.email, teacher.password);
    await page.getByText('Could not reach the server. Check your connection, then try again.', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/teacher-login');
    const expected = problems.filter((problem) => problem.kind === 'console' && /auth-services|ERR_INTERNET_DISCONNECTED/.test(problem.text));
    expect(expected.length).toBeGreaterThan(0);
    problems.splice(0, problems.length, ...problems.filter((problem) => !expected.includes(problem)));

    // The connection is back: the same screen, without a reload, signs in.
    await page.unroute(amplifyChunk);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, DASHBOARD_PATH.Teachers);
  });
});

describe('sign-in as in the cloud', () => {
  it('proves the password with SRP and never sends it', async () => {
    const { page } = session();
    const identityCalls: { target: string; flow: string; body: string }[] = [];
    page.on('request', (request) => {
      const target = request.headers()['x-amz-target'];
      if (!target?.startsWith('AWSCognitoIdentityProviderService.')) return;
      const body = request.postData() ?? '';
      const { AuthFlow, ChallengeName } = JSON.parse(body) as { AuthFlow?: string; ChallengeName?: string };
      identityCalls.push({ target: target.split('.')[1]!, flow: AuthFlow ?? ChallengeName ?? '', body });
    });
    await open(page, '/teacher-login');
    await submitLogin(page, teacher.email, teacher.password);
    await waitForPath(page, DASHBOARD_PATH.Teachers);

    const signInCalls = identityCalls.filter((call) => call.target === 'InitiateAuth' || call.target === 'RespondToAuthChallenge');
    expect(signInCalls.map(({ target, flow }) => `${target} ${flow}`)).toEqual(['InitiateAuth USER_SRP_AUTH', 'RespondToAuthChallenge PASSWORD_VERIFIER']);
    expect(identityCalls.filter((call) => call.body.includes(teacher.password))).toEqual([]);
  });
});

describe('a reload with a stored session', () => {
  const AMPLIFY_CHUNK = /\/assets\/auth-services-[^/]+\.js$/;
  const DASHBOARD_HEADING = { level: 1, name: /^Welcome back/ } as const;

  /**
   * Reloads the page with its stored tokens made to look expired for an hour, to the app and to Amplify (by the clock
   * drift Amplify keeps beside them), and with `refreshToken` as the refresh token if given. The change is made as the
   * page loads, before its scripts: the page signed in before it must not see it (it would refresh the tokens itself).
   */
  async function reloadWithExpiredTokens(page: Page, refreshToken?: string) {
    // A string: this project's Node-side TypeScript has no DOM types (as support/browser.ts's waitUntil).
    await page.addInitScript(`(() => {
      const refreshToken = ${JSON.stringify(refreshToken ?? null)};
      const keys = Object.keys(localStorage).filter((key) => key.startsWith('CognitoIdentityServiceProvider.'));
      const accessToken = localStorage.getItem(keys.find((key) => key.endsWith('.accessToken')) ?? '');
      if (!accessToken) return;
      const { exp } = JSON.parse(atob(accessToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      for (const key of keys) {
        if (key.endsWith('.clockDrift')) localStorage.setItem(key, String(exp * 1000 - Date.now() + 60 * 60 * 1000));
        if (refreshToken && key.endsWith('.refreshToken')) localStorage.setItem(key, refreshToken);
      }
    })()`);
    await page.reload();
  }

  it('shows the page and loads its data with the stored tokens, and loads Amplify only once that data is in', async () => {
    const { page } = session();
    await signInAs(page, teacher);
    const events: string[] = [];
    page.on('request', (request) => events.push(`sent ${new URL(request.url()).pathname}`));
    page.on('requestfinished', (request) => events.push(`answered ${new URL(request.url()).pathname}`));
    const amplifyRequested = page.waitForRequest((request) => AMPLIFY_CHUNK.test(request.url()));

    await page.reload();
    await page.getByRole('heading', DASHBOARD_HEADING).waitFor();
    await amplifyRequested;
    const amplifySent = events.findIndex((event) => event.startsWith('sent ') && AMPLIFY_CHUNK.test(event));
    expect(events.indexOf('answered /api/modules/getAllModules')).toBeGreaterThan(-1);
    expect(events.indexOf('answered /api/modules/getAllModules')).toBeLessThan(amplifySent);
    expect(events.indexOf('answered /api/notifications')).toBeLessThan(amplifySent);
  });

  it('refreshes expired stored tokens through Amplify before the page loads its data', async () => {
    const { page } = session();
    await signInAs(page, teacher);
    const events: string[] = [];
    page.on('request', (request) => {
      const target = request.headers()['x-amz-target'];
      events.push(target ? target.replace(/^.*\./, '') : new URL(request.url()).pathname);
    });

    await reloadWithExpiredTokens(page);
    await page.getByRole('heading', DASHBOARD_HEADING).waitFor();
    expect(pathOf(page)).toBe(DASHBOARD_PATH.Teachers);
    const refreshed = events.indexOf('GetTokensFromRefreshToken');
    expect(refreshed).toBeGreaterThan(-1);
    expect(events.indexOf('/api/modules/getAllModules')).toBeGreaterThan(refreshed);
  });

  it('sends the user to sign in again when expired stored tokens cannot be refreshed (the session was revoked)', async () => {
    const { page, problems } = session();
    await signInAs(page, teacher);
    await reloadWithExpiredTokens(page, 'revoked-refresh-token');
    await waitForPath(page, LOGIN_PATH.Teachers);
    await page.getByRole('heading', { level: 1, name: 'Teacher Login' }).waitFor();
    // The identity service's 400 to the refresh, which the browser logs: expected here, and the only problem.
    const refused = problems.filter((problem) => problem.kind === 'console' && /status of 400 \(Bad Request\)/.test(problem.text));
    expect(refused).toHaveLength(1);
    problems.splice(0, problems.length, ...problems.filter((problem) => !refused.includes(problem)));
  });
});

describe('protected routes', () => {
  it('sends a signed-out visitor of /teacher-modules to the teacher login and back to /teacher-modules after sign-in', async () => {
    const { page } = session();
    await open(page, '/teacher-modules');

    await waitForPath(page, '/teacher-login');
    await page.getByRole('heading', { level: 1, name: 'Teacher Login' }).waitFor();
    await submitLogin(page, teacher.email, teacher.password);

    await waitForPath(page, '/teacher-modules');
    await page.getByRole('heading', { level: 1, name: 'My Modules Library' }).waitFor();
    expect(pathOf(page)).toBe('/teacher-modules');
  });

  it('sends a signed-out visitor of a student page to the student login and back to it after sign-in', async () => {
    const { page } = session();
    await open(page, '/student-dashboard');

    await waitForPath(page, '/student-login');
    await submitLogin(page, student.email, student.password);

    await waitForPath(page, '/student-dashboard');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${student.email}!` }).waitFor();
  });
});
