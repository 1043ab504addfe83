// The screens the main story does not reach, each checked with axe and screenshotted at both widths: the public
// pages, the not-found page, the profile, the empty states of a new teacher and a new student, the narrow-screen
// menu, and deleting a module after the confirmation.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { open, signInAs, waitForPath } from './support/app';
import { NARROW, SCREENSHOT_DIR, useBrowser, WIDE } from './support/browser';
import { createClass, createModuleThroughApi, newUser, uniqueTag } from './support/stack';

const session = useBrowser();

const INFO_PAGES = [
  '/about',
  '/help-center',
  '/contact',
  '/pricing',
  '/blog',
  '/community',
  '/careers',
  '/student-experience',
  '/teacher-tools',
];

it('shows the landing page, the linked public pages and a not-found page to a signed-out visitor', async () => {
  const { page, checkPage } = session();
  await open(page, '/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  const account = page.getByRole('navigation', { name: 'Account' });
  await account.getByRole('link', { name: 'Teacher Login' }).waitFor();
  await account.getByRole('link', { name: 'Student Login' }).waitFor();
  await page.getByRole('heading', { name: 'Create Path' }).waitFor();
  await page.getByRole('heading', { name: 'Learn Intelligently' }).waitFor();
  await page.getByRole('heading', { name: 'Track Progress' }).waitFor();
  await checkPage(page, 'landing');

  for (const route of INFO_PAGES) {
    await open(page, route);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkPage(page, `info${route.replace(/\//g, '-')}`);
  }

  await open(page, `/no-such-page-${uniqueTag()}`);
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  await checkPage(page, 'not-found');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await waitForPath(page, '/');
});

it('shows a new teacher the empty states, the profile, the narrow-screen menu, and an empty report', async () => {
  const { page, checkPage } = session();
  const teacher = await newUser('Teachers');
  await signInAs(page, teacher);

  await page.getByText('You are not assigned to any classes yet.', { exact: true }).waitFor();
  await page.getByText("You haven't created any modules yet.", { exact: true }).waitFor();
  await checkPage(page, 'teacher-dashboard-empty');

  await open(page, '/teacher-modules');
  await page
    .getByText('You haven\'t created any modules yet. Click "Create New Module" to get started.', { exact: true })
    .waitFor();
  await checkPage(page, 'module-library-empty');

  await open(page, '/teacher-classes');
  await page.getByText('You have not been assigned to any classes yet.', { exact: true }).waitFor();
  await checkPage(page, 'teacher-classes-empty');

  await open(page, '/analytics');
  await page.getByText('You are not assigned to any classes yet.', { exact: true }).waitFor();
  await checkPage(page, 'analytics-empty');

  // The profile, through the profile menu.
  await page.getByRole('button', { name: `Profile menu for ${teacher.email}` }).click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await waitForPath(page, '/profile');
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  await page.getByText(teacher.email, { exact: true }).first().waitFor();
  await page.getByRole('heading', { name: 'Change password' }).waitFor();
  await checkPage(page, 'profile-teacher');

  // At 375 px the teacher's links sit behind the Menu button.
  await page.setViewportSize(NARROW);
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await menu.click();
  expect(await menu.getAttribute('aria-expanded')).toBe('true');
  await page.getByRole('navigation', { name: 'Teacher' }).getByRole('link', { name: 'Analytics' }).waitFor();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'teacher-menu-open-375.png') });
  await page.getByRole('navigation', { name: 'Teacher' }).getByRole('link', { name: 'My Classes' }).click();
  await waitForPath(page, '/teacher-classes');
  await page.setViewportSize(WIDE);

  // A class with a student but nothing assigned: the class page and an empty report.
  const student = await newUser('Students');
  const schoolClass = await createClass(teacher, `Year 7 Physics ${uniqueTag()}`, [student]);
  await open(page, `/teacher-classes/${schoolClass.classId}`);
  await page.getByRole('heading', { level: 1, name: schoolClass.className }).waitFor();
  await page.getByRole('heading', { name: 'Assigned Modules (0)' }).waitFor();
  // Nothing to assign: the form says why, and Assign Module is not offered.
  await page.getByText('You have no modules yet. Create a module to assign it here.', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Assign Module' }).isDisabled()).toBe(true);
  await checkPage(page, 'manage-class-empty');

  await open(page, `/analytics/${schoolClass.classId}`);
  await page.getByRole('heading', { level: 1, name: `Student Progress Report: ${schoolClass.className}` }).waitFor();
  await page.getByText('No progress data found for this class yet.', { exact: true }).waitFor();
  await checkPage(page, 'class-report-empty');

  // Signed in, the landing page offers the way back to the dashboard.
  await open(page, '/');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Go to Dashboard' }).waitFor();
  await checkPage(page, 'landing-signed-in');
});

it('asks before deleting a module, and deletes it on confirmation', async () => {
  const { page, checkPage } = session();
  const teacher = await newUser('Teachers');
  const title = `Forces and motion ${uniqueTag()}`;
  const moduleId = await createModuleThroughApi(teacher, title, ['Reading: forces', 'Worksheet: motion']);
  await signInAs(page, teacher);

  await open(page, `/teacher-modules/${moduleId}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('heading', { name: 'Sections (2)' }).waitFor();

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this module?' });
  await dialog.waitFor();
  await checkPage(page, 'module-delete-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await waitForPath(page, '/teacher-modules');
  await page.getByText('Module deleted successfully.', { exact: true }).waitFor();
  await page
    .getByText('You haven\'t created any modules yet. Click "Create New Module" to get started.', { exact: true })
    .waitFor();
  await checkPage(page, 'module-library-after-delete');
});

it('shows a new student the empty dashboard, then a class without modules', async () => {
  const { page, checkPage } = session();
  const student = await newUser('Students');
  await signInAs(page, student);
  await page.getByText('You are not currently enrolled in any classes.', { exact: true }).waitFor();
  await checkPage(page, 'student-dashboard-empty');

  const teacher = await newUser('Teachers');
  const schoolClass = await createClass(teacher, `Year 7 Chemistry ${uniqueTag()}`, [student]);
  await page.reload();
  await viewClass(page, schoolClass.className);
  await page.getByText('The teacher has not assigned any modules to this class yet.', { exact: true }).waitFor();
  await checkPage(page, 'student-class-empty');
});

async function viewClass(page: Page, className: string): Promise<void> {
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: className }) });
  await card.getByRole('link', { name: 'View Class' }).click();
  await page.getByRole('heading', { level: 1, name: className }).waitFor();
}
