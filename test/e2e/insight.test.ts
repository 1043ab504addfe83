// Teacher insight (issue 9) in the browser: a student completes two sections; the teacher's report shows the cell
// change after Refresh, the module drill-down shows the dates, the "Not started" filter keeps only who has not
// started, and the exported CSV parses back to the rows shown; "Export scores (OneRoster)" asks once on a double
// click and its link saves the class's gradebook zip. Checked with axe at 1280 and 375 px.
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { routes } from '../../shared/contract';
import { parseCsv } from '../../web/src/testing/csv';
import { accessibleName, open, signInAs } from './support/app';
import { useBrowser } from './support/browser';
import { apiAs, createClass, createModuleThroughApi, newUser, uniqueTag } from './support/stack';

const session = useBrowser();
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// Eleven steps, each a page's round trips, its layout at two widths and an axe run: about a minute on an idle machine, more on a
// busy one, so twice the browser tests' default limit.
it('a teacher sees two new completions after Refresh, their dates, filters "Not started" and exports what is shown', async () => {
  const teacher = await newUser('Teachers');
  const [sam, kim] = [await newUser('Students', { name: 'sam' }), await newUser('Students', { name: 'kim' })];
  const schoolClass = await createClass(teacher, `Year 9 Science ${uniqueTag()}`, [sam!, kim!]);
  const moduleId = await createModuleThroughApi(teacher, 'Cells', ['Cell parts', 'Microscopes', 'Cell division']);
  await (await apiAs(teacher))(routes.assignModule, { params: { classId: schoolClass.classId }, body: { moduleId } });
  const module = await (await apiAs(teacher))(routes.getModule, { params: { id: moduleId } });
  const sectionIds = (module.sections as { _id: string; order: number }[]).sort((a, b) => a.order - b.order).map((s) => s._id);

  const { page, checkPage } = session();
  await signInAs(page, teacher);
  await open(page, `/analytics/${schoolClass.classId}`);
  await page.getByRole('heading', { level: 1, name: `Student Progress Report: ${schoolClass.className}` }).waitFor();
  const table = page.getByRole('table', { name: /Progress of each student/ });
  await table.getByRole('rowheader', { name: sam!.email }).waitFor();
  expect(await moduleCell(page, sam!.email)).toBe('Not started 0% (0/3)');

  // The student completes two sections while the report is open.
  const asSam = await apiAs(sam!);
  for (const sectionId of sectionIds.slice(0, 2)) {
    await asSam(routes.markComplete, { body: { studentId: sam!.userId, moduleId, classId: schoolClass.classId, sectionId } });
  }
  await page.getByRole('button', { name: 'Refresh' }).click();
  await table.getByRole('row').filter({ hasText: '67% (2/3)' }).waitFor();
  expect(await moduleCell(page, sam!.email)).toBe('In progress 67% (2/3)');
  const now = new Date();
  const today = `${MONTHS[now.getMonth()]} ${now.getDate()}, ${now.getFullYear()}`;
  await page.getByRole('status').filter({ hasText: /^Updated / }).waitFor();

  // The module's drill-down: which sections and when.
  await table.getByRole('columnheader').getByRole('button', { name: 'Cells' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cells: sections completed' });
  const samLine = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: sam!.email }) });
  await samLine.waitFor();
  expect((await samLine.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([`✓ ${today}`, `✓ ${today}`, '○ Not done']);
  await checkPage(page, 'insight-module-drill-down');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Only who has not started, then the CSV of exactly those rows.
  await page.getByLabel('Show').selectOption({ label: 'Not started' });
  await page.getByText('Showing 1 of 2 students').waitFor();
  const shown = await shownRows(page);
  expect(shown.map((row) => row[0])).toEqual([kim!.email]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual(['Student', 'E-mail', 'Last activity', 'Cells']);
  expect(rows).toEqual(shown.map(([name, lastActivity, cell]) => [name, kim!.email, lastActivity === 'Never' ? '' : lastActivity, cell!.replace(/^(Not started|In progress|Complete|Struggling) /, '')]));
  await checkPage(page, 'insight-report-not-started');

  // Scores out for the school's information system: a double click asks the API once; its link saves the gradebook zip.
  const exportRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/progress/class/${schoolClass.classId}/oneroster-scores`)) exportRequests.push(request.url());
  });
  await page.getByRole('button', { name: 'Export scores (OneRoster)' }).dblclick();
  const saveLink = page.getByRole('link', { name: /^Save oneroster-scores-\d{4}-\d\d-\d\d\.zip$/ });
  const [gradebook] = await Promise.all([page.waitForEvent('download'), saveLink.click()]);
  expect(gradebook.suggestedFilename()).toMatch(/^oneroster-scores-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await gradebook.path())!)));
  expect(Object.keys(files).sort()).toEqual(['categories.csv', 'lineItems.csv', 'manifest.csv', 'results.csv']);
  expect(exportRequests).toHaveLength(1);
  await checkPage(page, 'insight-report-oneroster-export');

  // The bell (read when a page opens, every minute and on focus) tells the teacher, until they mark it read.
  await page.reload();
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await page
    .getByRole('list', { name: 'Recent activity' })
    .getByText(`${sam!.email} completed 2 of 3 sections of Cells (${schoolClass.className})`)
    .waitFor();
  await checkPage(page, 'insight-bell');
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
}, 240_000);

/** The module cell of a student's row (after their last activity). */
async function moduleCell(page: Page, studentName: string): Promise<string> {
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: studentName }) });
  return accessibleName(row.getByRole('cell').last());
}

/** Every row on screen: the name, then each cell as read aloud (its last activity, then its module's status and figures). */
async function shownRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: /Progress of each student/ });
  const rows = await table.locator('tbody tr:not(.report-spacer)').all();
  return Promise.all(
    rows.map(async (row) => [
      (await row.getByRole('rowheader').textContent())!.trim(),
      ...(await Promise.all((await row.getByRole('cell').all()).map(accessibleName))),
    ]),
  );
}
