import { chromium } from 'playwright-core';
const BASE = 'http://127.0.0.1:3400';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(BASE + '/admin-login');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('Demo-admin-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/admin-dashboard/);
  await page.goto(BASE + '/admin/people');
  await page.getByLabel('People to invite').fill(`email,name,role\nxx@example.com,X Y,Students\nstudent@example.com,Again,Students`);
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByText('Nothing has been written').waitFor();
  await page.setViewportSize({ width: 375, height: 812 }); await page.waitForTimeout(300); console.log(await page.evaluate('document.documentElement.scrollWidth')); console.log(await page.evaluate(`[...document.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > 380).slice(0,12).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join('\\n')`));
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
