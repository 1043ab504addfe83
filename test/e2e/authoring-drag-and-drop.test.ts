// Issue 10's drag and drop, driven in a real browser: sections reordered by dragging their handle and from the
// keyboard (each move announced), and several files dropped onto the page becoming sections named after them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { routes } from '../../shared/contract';
import { SEED_FILES_DIR } from '../integration/harness';
import { open, signInAs, waitForPath } from './support/app';
import { useBrowser } from './support/browser';
import { apiAs, createModuleThroughApi, newUser, uniqueTag } from './support/stack';

const session = useBrowser();

const sectionTitles = async (page: Page): Promise<string[]> => {
  const fields = page.getByLabel(/^Section \d+ title$/);
  return Promise.all((await fields.all()).map((field) => field.inputValue()));
};

const sectionItem = (page: Page, title: string) =>
  page.locator('li.draft-section').filter({ has: page.locator(`input[value="${title}"]`) });

/** Drops files on the page as a file manager would: a drag carrying `Files`, then the drop. */
async function dropFiles(page: Page, files: { name: string; type: string; path: string }[]) {
  const payload = await Promise.all(
    files.map(async (file) => ({ ...file, base64: (await readFile(file.path)).toString('base64') })),
  );
  // A string: this project's Node-side TypeScript has no DOM types.
  const dataTransfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    for (const file of ${JSON.stringify(payload)}) {
      const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return transfer;
  })()`);
  const dropTarget = page.locator('.module-form-page');
  await dropTarget.dispatchEvent('dragenter', { dataTransfer });
  await dropTarget.dispatchEvent('dragover', { dataTransfer });
  await dropTarget.dispatchEvent('drop', { dataTransfer });
}

it('reorders sections by dragging and from the keyboard, and turns dropped files into sections', async () => {
  const { page, checkPage } = session();
  const teacher = await newUser('Teachers');
  const moduleId = await createModuleThroughApi(teacher, `Microscopes ${uniqueTag()}`, ['Lenses', 'Slides', 'Stains']);

  await signInAs(page, teacher);
  await open(page, `/teacher-modules/${moduleId}/edit`);
  await page.getByRole('heading', { level: 1, name: 'Editing Module' }).waitFor();
  expect(await sectionTitles(page)).toEqual(['Lenses', 'Slides', 'Stains']);

  // Drag "Stains" by its handle onto "Lenses", both on screen as a person drags (each row also has its role, check and
  // file controls, so three rows need more than the default window's height below the page's heading and order mode).
  await page.setViewportSize({ width: 1280, height: 1600 });
  await sectionItem(page, 'Lenses').scrollIntoViewIfNeeded();
  await sectionItem(page, 'Stains').locator('.drag-handle').dragTo(sectionItem(page, 'Lenses'));
  expect(await sectionTitles(page)).toEqual(['Stains', 'Lenses', 'Slides']);
  await page.getByRole('status').filter({ hasText: 'Moved "Stains" to position 1 of 3.' }).waitFor({ state: 'attached' });

  // From the keyboard: focus "move down" of Stains and press Enter twice.
  const down = page.getByRole('button', { name: 'Move section Stains down' });
  await down.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Moved "Stains" to position 2 of 3.' }).waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Move section Stains down' }).focus();
  await page.keyboard.press('Enter');
  expect(await sectionTitles(page)).toEqual(['Lenses', 'Slides', 'Stains']);
  await page.getByRole('status').filter({ hasText: 'Moved "Stains" to position 3 of 3.' }).waitFor({ state: 'attached' });

  // Two office files dropped onto the page become two sections named after them.
  await dropFiles(page, [
    { name: 'cell-reading.pdf', type: 'application/pdf', path: path.join(SEED_FILES_DIR, 'cells-reading.pdf') },
    {
      name: 'cell-worksheet.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      path: path.join(SEED_FILES_DIR, 'cells-worksheet.docx'),
    },
  ]);
  await page.getByLabel('Section 5 title').waitFor();
  expect(await sectionTitles(page)).toEqual(['Lenses', 'Slides', 'Stains', 'cell reading', 'cell worksheet']);
  await checkPage(page, 'module-edit-after-drop');

  await page.getByRole('button', { name: 'Save All Changes' }).click();
  await waitForPath(page, `/teacher-modules/${moduleId}`);
  const saved = await (await apiAs(teacher))(routes.getModule, { params: { id: moduleId } });
  expect(saved.sections.map((section: { title: string; contentType: string }) => [section.title, section.contentType])).toEqual([
    ['Lenses', 'PDF'],
    ['Slides', 'PDF'],
    ['Stains', 'PDF'],
    ['cell reading', 'PDF'],
    ['cell worksheet', 'WORD'],
  ]);
});
