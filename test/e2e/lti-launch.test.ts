// An LMS launch in the browser (issue 38): a learner opens a module the instructor linked into the course, in the LMS
// twin's frame (another site than the app, registered here, so it may frame the app's pages); the launch signs them in
// inside the frame with its one-time code and lands in the module's syllabus for the course's class. A site no admin
// registered cannot frame the app. Where the browser blocks the app's storage, the start page offers a new tab instead.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { makeLtiPlatformRepository } from '@functions/src/lti/adapters/platform-repository';
import { startLtiPlatform, type LtiPlatformTwin } from '@local/lti-platform';
import { localTableContext } from '@local/table-stores';
import { LTI_FRAMED_LAUNCH, ltiToolConfiguration } from '@shared/lti';
import { deepLinkModule, handoffOf, launchAtTwin } from '../integration/support/lti-launches';
import { NARROW, SCREENSHOT_DIR, WIDE, useBrowser } from './support/browser';
import { PARTITIONED_STORAGE_ARG } from './support/chromium';
import { appUrl, createModuleThroughApi, newUser, stackConfig, uniqueTag } from './support/stack';

// The LMS twin is another site than the app: the app's storage in its frame is partitioned, as Chromium does it.
const session = useBrowser({ args: [PARTITIONED_STORAGE_ARG] });
const MODULE_TITLE = 'Cells from the LMS';

let twin: LtiPlatformTwin;
let itemId: string;
let moduleId: string;

beforeAll(async () => {
  // On `localhost` the LMS is another site than the app (127.0.0.1): the frame meets a real LMS's cross-site rules.
  twin = await startLtiPlatform({ tool: ltiToolConfiguration(stackConfig().url), urlHost: 'localhost' });
  const now = new Date().toISOString();
  const context = localTableContext(stackConfig());
  const { issuer, clientId, deploymentId, authLoginUrl, accessTokenUrl, jwksUrl } = twin;
  await makeLtiPlatformRepository(context).insert({
    platformId: `twin-${uniqueTag()}`,
    name: 'LMS twin',
    issuer,
    clientId,
    deploymentIds: [deploymentId],
    authLoginUrl,
    accessTokenUrl,
    jwksUrl,
    registeredAt: now,
    updatedAt: now,
  });
  // The course's instructor is a teacher here (linked by e-mail), who links one of their modules into the course.
  const teacher = await newUser('Teachers');
  moduleId = await createModuleThroughApi(teacher, MODULE_TITLE, ['Reading']);
  twin.addMember({ name: 'Tia Teacher', email: teacher.email, role: 'Instructor' });
  const { idToken } = await launchAtTwin(stackConfig().url, twin, teacher.email, '/deep-linking/start?target=window');
  itemId = await deepLinkModule(twin, idToken, { moduleId, title: MODULE_TITLE });
  // Their own launch of the link assigns the module to the course's class.
  await launchAtTwin(stackConfig().url, twin, teacher.email, `/launch/${itemId}?target=window`);
}, 180_000);

afterAll(() => twin?.close());

async function signInAtTwin(page: Page, email: string) {
  const account = twin.accounts.find((each) => each.email === email)!;
  await page.goto(`${twin.url}/sign-in`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${twin.url}/`);
}

describe.each([
  [1280, WIDE],
  [375, NARROW],
] as const)('at %s px', (width, viewport) => {
  it("a learner's launch in the LMS frame signs them in there and shows the module's syllabus inside the frame", async () => {
    const { page } = session();
    await page.setViewportSize(viewport);
    const learner = twin.addMember({ name: `Lee ${width}`, email: `lee.${width}.${uniqueTag()}@lms.example.test`, role: 'Learner' });
    await signInAtTwin(page, learner.email);
    await page.goto(`${twin.url}/items/${encodeURIComponent(itemId)}`);
    const frame = page.frameLocator(`iframe[title="${MODULE_TITLE}"]`);
    await frame.getByRole('heading', { name: MODULE_TITLE }).first().waitFor();
    const app = (await page.locator(`iframe[title="${MODULE_TITLE}"]`).elementHandle())!.contentFrame();
    const inFrame = new URL((await app)!.url());
    expect(inFrame.origin).toBe(stackConfig().url);
    expect(inFrame.pathname).toMatch(new RegExp(`^/student/class/lti-[\\w-]+/module/${moduleId}$`));
    // Signed in inside the frame (the syllabus is a signed-in student's page), the code gone from the address.
    expect(inFrame.hash).toBe('');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `lti-launch-in-frame-${width}.png`), fullPage: true });
  });
});

it('a site no admin registered cannot show the app in a frame; once registered, it can', async () => {
  const { page, problems } = session();
  const framingPage = `<!doctype html><title>Frames</title><iframe title="app" src="${appUrl('/student-dashboard')}"></iframe>`;
  const site = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(framingPage));
  await new Promise<void>((resolve) => site.listen(0, 'localhost', resolve));
  const origin = `http://localhost:${(site.address() as AddressInfo).port}`;
  const frameAt = async () => {
    await page.goto(`${origin}/`);
    const frame = (await (await page.locator('iframe[title="app"]').elementHandle())!.contentFrame())!;
    await frame.waitForLoadState();
    return frame.url();
  };
  const platforms = makeLtiPlatformRepository(localTableContext(stackConfig()));
  const now = new Date().toISOString();
  const registration = { ...(await platforms.list())[0]!, platformId: `site-${uniqueTag()}`, clientId: `site-${uniqueTag()}`, issuer: origin, authLoginUrl: `${origin}/auth`, registeredAt: now, updatedAt: now };
  try {
    expect(await frameAt()).toBe('chrome-error://chromewebdata/');
    // The browser's report of that refusal, the one console error this test expects.
    expect(problems.splice(0)).toEqual([expect.objectContaining({ text: expect.stringContaining(`Framing '${appUrl('/')}' violates the following Content Security Policy directive: "frame-ancestors 'self'`) })]);
    await platforms.insert(registration);
    // The app shows in the frame (its sign-in page: nobody is signed in here).
    expect(new URL(await frameAt()).origin).toBe(stackConfig().url);
  } finally {
    await platforms.remove(registration);
    site.close();
  }
});

it('where the browser blocks storage, the start page offers a new tab with the unused code', async () => {
  const { page } = session();
  const learner = twin.addMember({ name: 'Bo Blocked', email: `bo.${uniqueTag()}@lms.example.test`, role: 'Learner' });
  const { answer } = await launchAtTwin(stackConfig().url, twin, learner.email, `/launch/${itemId}?target=window`);
  const start = answer.headers.get('location')!;
  expect(handoffOf(answer).code).not.toBe('');
  // A browser that refuses this site its storage throws on any use of it.
  await page.addInitScript(`Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });`);
  await page.goto(appUrl(start));
  const link = page.getByRole('link', { name: LTI_FRAMED_LAUNCH.link });
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe(start);
  await page.getByText(LTI_FRAMED_LAUNCH.blocked).waitFor();
});
