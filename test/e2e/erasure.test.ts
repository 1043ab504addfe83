// Issue 39's erase in a real browser: an admin (two-factor on) invites a student, then erases them from the people
// screen: the dialog asks for their e-mail, refuses another, and once it matches the person is gone from the list.
// The dialog is checked with axe and screenshotted at 1280 and 375 px.
import { createUser } from '../../local/users';
import { open, submitLogin, submitTotpCode, waitForPath } from './support/app';
import { useBrowser, waitForLoaded } from './support/browser';
import { stackConfig, uniqueTag } from './support/stack';

const session = useBrowser();

it('an admin erases a person after typing their e-mail, and they are gone from the people list', async () => {
  const { page, checkPage } = session();
  const tag = uniqueTag();
  const admin = { email: `e2e-eraser-${tag}@example.com`, password: 'Eraser-pass-1' };
  const { totpSecret } = await createUser(stackConfig(), { ...admin, role: 'Admins', name: `Erin Admin ${tag}`, secondFactor: true });
  const student = { email: `gone-${tag}@school.example`, name: `Gus Gone ${tag}` };

  await open(page, '/admin-login');
  await submitLogin(page, admin.email, admin.password);
  await submitTotpCode(page, totpSecret!);
  await waitForPath(page, '/admin-dashboard');
  await page.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: 'People' }).click();
  await waitForPath(page, '/admin/people');
  await waitForLoaded(page);

  const form = page.getByRole('region', { name: 'Invite a person' });
  await form.getByLabel('E-mail').fill(student.email);
  await form.getByLabel('Full name').fill(student.name);
  await form.getByLabel('Role').selectOption({ label: 'Student' });
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await form.getByText(`Invitation ready for ${student.email}.`).waitFor();
  await form.getByRole('button', { name: 'Dismiss message' }).click();

  await page.getByLabel('Search by name or e-mail').fill(student.email);
  const people = page.getByRole('list', { name: 'People' });
  await people.getByText(student.name, { exact: true }).waitFor();
  await page.getByRole('button', { name: `Erase ${student.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${student.name}?` });
  await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
  const confirm = dialog.getByLabel(`Type ${student.email} to confirm`);
  await confirm.fill('someone.else@school.example');
  await dialog.getByRole('button', { name: 'Erase for Good' }).click();
  await dialog.getByText('This is not their e-mail address; type it exactly.').waitFor();
  await checkPage(page, 'admin-people-erase');

  await confirm.fill(student.email);
  await dialog.getByRole('button', { name: 'Erase for Good' }).click();
  await dialog.waitFor({ state: 'detached' });
  await waitForLoaded(page);
  await expect(people.getByText(student.name, { exact: true }).count()).resolves.toBe(0);
});
