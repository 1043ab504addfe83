// A signed-in dashboard, reloaded, paints its page from the stored session before any script (web/src/signed-in-frame.ts):
// the header and the greeting are in its first paint, under the CSP, and the app then draws over them without
// showing the session check in between.
import { open, signInAs } from './support/app';
import { useBrowser, waitUntil } from './support/browser';
import { appUrl, newUser } from './support/stack';

const session = useBrowser();

/** Notes, from the page's first script on, whether "Checking your session..." showed once the frame had. */
const WATCH_FOR_SESSION_CHECK = `
  window.sessionCheckAfterFrame = false;
  new MutationObserver(() => {
    const root = document.getElementById('root');
    if (root && root.hasAttribute('data-signed-in-frame') && root.textContent.includes('Checking your session')) window.sessionCheckAfterFrame = true;
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
`;

it("a teacher's dashboard shows its header and greeting before its scripts have loaded, then the app takes over without a session check", async () => {
  const { page } = session();
  const teacher = await newUser('Teachers');
  await signInAs(page, teacher);
  const greeting = page.getByRole('heading', { level: 1, name: `Welcome back, ${teacher.email}!` });
  await greeting.waitFor();
  // The name is kept for the next load once read.
  await waitUntil(page, `Object.keys(localStorage).some((key) => key.startsWith('learning-paths:name:'))`);

  await page.addInitScript(WATCH_FOR_SESSION_CHECK);
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(appUrl('/teacher-dashboard'), { waitUntil: 'commit' });

  // No script of the app has run: what shows is the HTML and its inline script.
  await greeting.waitFor();
  expect(await page.getByRole('navigation', { name: 'Teacher' }).getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: `Profile menu for ${teacher.email}` }).isVisible()).toBe(true);
  expect(await page.getByText('Checking your session...').count()).toBe(0);
  expect(await page.evaluate('typeof window.__reactRouterVersion')).toBe('undefined');

  releaseScripts();
  await page.getByText("You haven't created any modules yet.").waitFor();
  await page.getByRole('button', { name: `Profile menu for ${teacher.email}` }).click();
  await page.getByRole('link', { name: 'Profile' }).waitFor();
  expect(await page.evaluate('window.sessionCheckAfterFrame')).toBe(false);

  // Signed out, the same page shows the session check and goes to the login.
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(appUrl('/'));
  await open(page, '/teacher-dashboard');
  await page.getByRole('heading', { level: 1, name: 'Teacher Login' }).waitFor();
});
