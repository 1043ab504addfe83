import { chromium } from 'playwright-core';
const BASE = 'http://127.0.0.1:3400';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  for (const width of [1280, 375]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
    await page.goto(BASE + '/admin-login');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('Demo-admin-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/admin-dashboard/);
    await page.goto(BASE + '/admin/classes');
    await page.getByText('All classes').waitFor();
    await page.waitForTimeout(800);
    if (width === 1280) {
      await page.getByLabel('Class name').fill(`Walk class ${Date.now() % 1000}`);
      await page.getByLabel('Teacher').selectOption({ label: 'Ben Teacher (teacher2@example.com)' });
      await page.getByRole('button', { name: 'Create Class' }).click();
      await page.getByRole('link', { name: 'Enrol its students' }).click();
      await page.getByText('Name and teacher').waitFor();
      await page.getByLabel('Search students by name or e-mail').fill('Sam');
      await page.getByRole('button', { name: 'Enrol Sam Student' }).click();
      await page.getByText('Sam Student: Enrolled.').waitFor();
      await page.getByLabel("Students' e-mail addresses").fill(`student2@example.com\nteacher@example.com\nstudent@example.com\nnobody${Date.now()}@example.com\nnot-an-address`);
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('region', { name: 'Enrolment preview' }).waitFor();
      await page.screenshot({ path: `/tmp/walk/admin-class-preview-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Enrol 1 Student' }).click();
      await page.getByText('Enrolled 1 of 1').waitFor();
    } else {
      await page.screenshot({ path: `/tmp/walk/admin-classes-${width}.png`, fullPage: true });
      await page.getByRole('link', { name: 'Year 9 Science' }).click();
      await page.getByText('Name and teacher').waitFor();
    }
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/walk/admin-class-${width}.png`, fullPage: true });
    await page.close();
  }
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
