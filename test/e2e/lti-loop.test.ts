// Issue 38's loop in a real browser, through the LMS twin the browser tests' stack starts beside the app: the twin's
// teacher adds the tool to the course through deep linking and picks a module with a check (the deep linking page at
// 1280 and 375 px) and opens it once; a student launches it from the twin and passes the check; the twin's gradebook
// shows the score.
// The steps after the deep linking need the launch's resource link landing (lti-session) and the score reporter
// (lti-services): until both are merged, the student's and the gradebook's steps fail.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ensureUser, SEED_FILES_DIR } from '../integration/harness';
import { waitForPath } from './support/app';
import { NARROW, useBrowser, waitForLoaded, WIDE } from './support/browser';
import { apiAs, createModuleWithFiles, stackConfig, uniqueTag, type TestUser } from './support/stack';
import { routes } from '@shared/contract';
import { LTI_DEEP_LINK_PAGE_PREFIX } from '@shared/security-headers';

const session = useBrowser();
jest.setTimeout(300_000);

const MODULE_TITLE = `Photosynthesis ${uniqueTag()}`;
const SECTION = 'Light into sugar';
const CHECK = { passMark: 50, maxAttempts: null, showCorrectness: true, showAnswers: false, questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Plants make sugar from light.', answer: true }] };

const lms = () => stackConfig().lms!;
const lmsAccount = (role: 'Instructor' | 'Learner') => lms().accounts.find((account) => account.role === role)!;

async function signInAtLms(page: Page, role: 'Instructor' | 'Learner'): Promise<void> {
  const { email, password } = lmsAccount(role);
  await page.goto(`${lms().url}/sign-in`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Biology 101' }).waitFor();
}

/** Plays the launched teacher's module: a password for the person the launch made, then a module with a check through the API. */
async function givenModuleOfLaunchedTeacher(): Promise<void> {
  const { email, name } = lmsAccount('Instructor');
  const teacher: TestUser = { ...(await ensureUser(stackConfig(), { email, password: 'Lms-teacher-pass-1', role: 'Teachers', name })), password: 'Lms-teacher-pass-1', role: 'Teachers' };
  const bytes = new Uint8Array(readFileSync(path.join(SEED_FILES_DIR, 'cells-reading.pdf')));
  const moduleId = await createModuleWithFiles(teacher, MODULE_TITLE, [{ title: SECTION, fileName: 'cells-reading.pdf', contentType: 'application/pdf', bytes }]);
  const call = await apiAs(teacher);
  const module = await call(routes.getModule, { params: { id: moduleId } });
  await call(routes.putCheck, { params: { id: moduleId, sectionId: module.sections[0]._id }, body: CHECK });
}

it('the teacher adds a module with a check to the LMS course through deep linking', async () => {
  const { page, checkPage } = session();
  await page.setViewportSize(WIDE);
  await signInAtLms(page, 'Instructor');
  await page.getByRole('link', { name: 'Add external tool in this window' }).click();
  // The launch signs the teacher in here (a new person of the LMS's course) and hands them the request's page.
  await waitForPath(page, new RegExp(`^${LTI_DEEP_LINK_PAGE_PREFIX}[A-Za-z0-9_-]+$`));
  await page.getByRole('heading', { name: 'Add a module to your LMS course' }).waitFor();

  await givenModuleOfLaunchedTeacher();
  await page.reload();
  const add = page.getByRole('button', { name: `Add ${MODULE_TITLE}` });
  await add.waitFor();
  await page.getByText('Has checks: scores go to the LMS gradebook').waitFor();
  await waitForLoaded(page);
  await checkPage(page, 'lti-deep-link');
  await page.setViewportSize(NARROW);
  await add.click();

  // The signed response posts itself to the LMS, which adds the activity and shows the course again.
  await page.waitForURL((url) => url.origin === new URL(lms().url).origin && url.pathname === '/');
  await page.getByRole('status').filter({ hasText: `Added “${MODULE_TITLE}” to the course.` }).waitFor();
  await page.getByRole('link', { name: MODULE_TITLE, exact: true }).waitFor();
  await page.goBack();
  await page.getByText(/was answered already/).waitFor();

  // The teacher opens the new activity once (lti-session: their launch assigns the module to the course's class). The
  // password given above revoked the session the first launch began: the app's storage goes with it.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${lms().url}/`);
  await page.getByRole('link', { name: `Open ${MODULE_TITLE} in this window` }).click();
  await waitForPath(page, /^\/analytics\//);
});

it('a student launches it from the LMS, passes the check, and the LMS gradebook shows the score', async () => {
  const { page } = session();
  await page.setViewportSize(WIDE);
  await signInAtLms(page, 'Learner');
  await page.getByRole('link', { name: `Open ${MODULE_TITLE} in this window` }).click();
  // lti-session: the launch signs the student in and lands them in the module's syllabus for the course's class.
  await page.getByRole('heading', { level: 1, name: MODULE_TITLE }).waitFor();
  await page.getByRole('link', { name: `Take the check: ${SECTION}` }).click();
  const check = page.getByRole('region', { name: 'Check your understanding' });
  await check.getByRole('radio', { name: 'True' }).check();
  await check.getByRole('button', { name: 'Submit answers' }).click();
  await check.getByText('Score: 1 / 1 (100%) — Passed').waitFor();

  // lti-services: the best score goes to the line item; the gradebook shows it once the queue has posted it.
  await signInAtLms(page, 'Instructor');
  const score = page.getByRole('row', { name: new RegExp(lmsAccount('Learner').name) }).getByRole('cell', { name: '100 / 100' });
  for (let tries = 0; tries < 30 && !(await score.count()); tries++) {
    await page.goto(`${lms().url}/gradebook`);
    await page.waitForTimeout(1000);
  }
  await score.waitFor();
});
