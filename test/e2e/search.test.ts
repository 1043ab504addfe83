// Search inside files in a real browser (issue 25): a teacher searches their library for a word that is only on
// page 12 of a PDF, sees that page with the word marked, and lands on page 12 in the reader.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { open, signInAs } from './support/app';
import { useBrowser } from './support/browser';
import { createModuleWithFiles, newUser } from './support/stack';

const session = useBrowser();

/** Fifteen pages on cells; only page 12 names the ribosome. */
async function handbook(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= 15; number += 1) {
    const words = number === 12 ? 'Proteins are made on the ribosome.' : `Page ${number} is about the cell membrane.`;
    pdf.addPage([400, 300]).drawText(words, { x: 20, y: 250, size: 12, font });
  }
  return pdf.save();
}

it('a teacher finds a word that is only on page 12 of a PDF and lands on that page in the reader', async () => {
  const { page, checkPage } = session();
  const teacher = await newUser('Teachers');
  await createModuleWithFiles(teacher, 'Protein synthesis', [{ title: 'Handbook', fileName: 'handbook.pdf', contentType: 'application/pdf', bytes: await handbook() }]);
  await signInAs(page, teacher);
  await open(page, '/teacher-modules');

  const result = page.getByRole('link', { name: 'Protein synthesis › Handbook › page 12' });
  await page.getByLabel('Search inside files').fill('ribosomes');
  // The text is extracted off the request path, moments after the upload: search again until it is in.
  for (let attempt = 0; attempt < 20 && !(await result.isVisible()); attempt += 1) {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /for “ribosomes”/ }).waitFor();
    if (!(await result.isVisible())) await page.waitForTimeout(500);
  }
  await page.locator('mark', { hasText: 'ribosome' }).waitFor();
  await checkPage(page, 'library search results');

  await result.click();
  await page.getByText('Page 12 of 15').waitFor();
  await page.getByText('Proteins are made on the ribosome.').waitFor();
  expect(new URL(page.url()).searchParams.get('page')).toBe('12');
});
