// Issue 37's admin page in a real browser: an admin (two-factor on) opens "Rosters from your information system"
// from the dashboard, uploads the OneRoster sample package (written from the 1EdTech specification), previews it,
// applies it, and applies it again: the second apply changes nothing (every count unchanged). The page with its preview
// and history is checked with axe and screenshotted at 1280 and 375 px.
import type { Locator } from 'playwright-core';
import { createUser } from '../../local/users';
import { zipSample } from '../../functions/src/rosters/oneroster/samples/zip-sample';
import { open, submitLogin, submitTotpCode, waitForPath } from './support/app';
import { useBrowser, waitForLoaded } from './support/browser';
import { stackConfig, uniqueTag } from './support/stack';

const session = useBrowser();

/** A counts table's row for one kind of record, as the cells read: create, update, delete, unchanged. */
const row = (table: Locator, record: string) => table.getByRole('row', { name: new RegExp(`^${record}\\b`) }).getByRole('cell').allTextContents();

it('an admin uploads the sample package, previews it, applies it, and a second apply leaves everything unchanged', async () => {
  const { page, checkPage } = session();
  const tag = uniqueTag();
  const admin = { email: `e2e-rosters-${tag}@example.com`, password: 'Rosters-pass-1' };
  const { totpSecret } = await createUser(stackConfig(), { ...admin, role: 'Admins', name: `Rosa Admin ${tag}`, secondFactor: true });

  await open(page, '/admin-login');
  await submitLogin(page, admin.email, admin.password);
  await submitTotpCode(page, totpSecret!);
  await waitForPath(page, '/admin-dashboard');
  await page.getByRole('link', { name: 'import rosters from your information system' }).click();
  await waitForPath(page, '/admin/rosters');
  await page.getByRole('heading', { name: 'Rosters from your information system' }).waitFor();

  await page.getByLabel('OneRoster package (.zip)').setInputFiles({ name: 'bulk-1.2.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSample('bulk-1.2')) });
  // Enabled once the upload completed (the server checked the stored file is a zip).
  await page.getByRole('button', { name: 'Preview', disabled: false }).click();
  const previewed = page.getByRole('table', { name: 'What applying would change' });
  await previewed.waitFor();
  const users = await row(previewed, 'users');
  expect(Number(users[0])).toBeGreaterThan(0);
  await waitForLoaded(page);
  await checkPage(page, 'admin-rosters-preview');

  await page.getByRole('button', { name: 'Apply' }).click();
  const applied = page.getByRole('table', { name: 'What was changed' });
  await applied.waitFor();
  const created = Object.fromEntries(await Promise.all(['users', 'classes', 'enrollments'].map(async (record) => [record, (await row(applied, record))[0]])));
  expect(await row(applied, 'users')).toEqual(users);

  // The same package again: once its run joins the history (preview, apply, apply), its answer is in the table.
  const runs = page.getByRole('list', { name: 'Runs' }).locator(':scope > li');
  await runs.nth(1).waitFor();
  await page.getByRole('button', { name: 'Apply', disabled: false }).click();
  await runs.nth(2).waitFor();
  for (const record of ['users', 'classes', 'enrollments']) {
    expect(await row(applied, record)).toEqual(['0', '0', '0', created[record]]);
  }
  await waitForLoaded(page);
  await checkPage(page, 'admin-rosters-applied');
});
