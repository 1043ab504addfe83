import { chromium } from 'playwright-core';
const BASE = 'http://127.0.0.1:3400';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  for (const width of [1280, 375]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
    // admin on teacher login
    await page.goto(BASE + '/teacher-login');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('Demo-admin-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/admin-login/);
    await page.getByText('It looks like you have an administrator account').waitFor();
    await page.screenshot({ path: `/tmp/walk/admin-login-msg-${width}.png`, fullPage: true });
    await page.getByRole('form', { name: 'Sign in' }).getByLabel('Password').fill('Demo-admin-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/admin-dashboard/);
    await page.getByText('Recent changes').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/walk/admin-dashboard-${width}.png`, fullPage: true });
    await page.goto(BASE + '/admin/people');
    await page.getByText('Everyone').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/walk/people-${width}.png`, fullPage: true });
    if (width === 1280) {
      await page.getByLabel('E-mail', { exact: true }).fill(`walk${Date.now()}@example.com`);
      await page.getByLabel('Full name').first().fill('Walk Person');
      await page.getByRole('button', { name: 'Send Invitation' }).click();
      await page.getByText('Temporary password').first().waitFor();
      await page.getByLabel('People to invite').fill(`email,name,role\nnew${Date.now()}@example.com,New One,Students\nstudent@example.com,Sam,Students\nbad-address,X,Students\nwiz${Date.now()}@example.com,Wiz,Wizards`);
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByText('Nothing has been written yet').waitFor();
      await page.screenshot({ path: `/tmp/walk/people-preview-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: /Invite 1 New Person/ }).click();
      await page.getByText('Invited 1 of 1').waitFor();
      await page.screenshot({ path: `/tmp/walk/people-invited-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Disable Sam Student' }).click();
      await page.screenshot({ path: `/tmp/walk/people-disable-dialog-${width}.png` });
      await page.getByRole('button', { name: 'Cancel' }).click();
    }
    await page.goto(BASE + '/profile');
    await page.getByText('Your name').waitFor();
    await page.screenshot({ path: `/tmp/walk/profile-${width}.png`, fullPage: true });
    await page.close();
  }
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
