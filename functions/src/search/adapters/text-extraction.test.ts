import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXTRACTION_LIMITS } from '@shared/section-text';
import { zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { largePdf } from '@local/large-pdf';
import { extractText, fileKindOf } from './text-extraction';

const seedFile = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, '../../../../local/seed-files', name)));
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, '../../../test/fixtures', name)));

describe('a PDF', () => {
  it('gives every page its own text, in reading order, numbered', async () => {
    const text = await extractText(seedFile('cells-reading.pdf'), 'pdf');

    expect(text.status).toBe('ready');
    expect(text.pages.map((page) => page.number)).toEqual([1, 2]);
    expect(text.pages[0].text).toMatch(/^Cells: the building blocks of life\nEvery living thing is made of one or more cells\./);
    expect(text.pages[0].text.indexOf('Mitochondria')).toBeLessThan(text.pages[0].text.indexOf('The cell wall is made of cellulose'));
    expect(text.pages[1].text).toContain('Which part of a plant cell carries out photosynthesis?');
  });

  it('of scanned pages (pictures, no text) says there is no text', async () => {
    const pdf = await PDFDocument.create();
    const png = new PNG({ width: 40, height: 40 });
    png.data.fill(200);
    const image = await pdf.embedPng(PNG.sync.write(png));
    for (let index = 0; index < 3; index += 1) pdf.addPage([200, 200]).drawImage(image, { x: 10, y: 10, width: 180, height: 180 });

    expect(await extractText(await pdf.save(), 'pdf')).toMatchObject({ status: 'no-text', pages: [] });
  });

  it('protected by a password is marked failed, saying so', async () => {
    expect(await extractText(fixture('password-protected.pdf'), 'pdf')).toEqual({ status: 'failed', pages: [], detail: 'The file is protected by a password.' });
  });

  it('that is damaged is marked failed', async () => {
    const text = await extractText(new TextEncoder().encode('%PDF-1.7\nnot really a pdf'), 'pdf');
    expect(text).toMatchObject({ status: 'failed', pages: [] });
  });

  it('past the page limit keeps the pages before it and is marked too large', async () => {
    const text = await extractText(largePdf(12), 'pdf', { limits: { ...EXTRACTION_LIMITS, maxPages: 5 } });

    expect(text.status).toBe('too-large');
    expect(text.pages.map((page) => page.number)).toEqual([1, 2, 3, 4, 5]);
    expect(text.detail).toBe('More than 5 pages.');
  });

  it('past the time limit stops between pages', async () => {
    let clock = 0;
    // Each reading of the clock is a second later: the second page starts past a 1.5 s budget.
    const text = await extractText(largePdf(6), 'pdf', { limits: { ...EXTRACTION_LIMITS, maxMilliseconds: 1500 }, now: () => (clock += 1000) });

    expect(text.status).toBe('too-large');
    expect(text.pages.map((page) => page.number)).toEqual([1]);
  });

  it('past the character limit keeps exactly that many characters', async () => {
    const text = await extractText(largePdf(4), 'pdf', { limits: { ...EXTRACTION_LIMITS, maxCharacters: 300 } });

    expect(text.status).toBe('too-large');
    expect(text.pages.reduce((sum, page) => sum + page.text.length, 0)).toBe(300);
  });
});

describe('a Word document', () => {
  it('gives its paragraphs, list items and table cells as page 1', async () => {
    const text = await extractText(seedFile('cells-worksheet.docx'), 'docx');

    expect(text.status).toBe('ready');
    expect(text.pages).toHaveLength(1);
    expect(text.pages[0].number).toBe(1);
    expect(text.pages[0].text).toMatch(/^Worksheet: label a cell\n\nUse the reading on cells/);
    expect(text.pages[0].text).toContain('\n\n3. In one sentence, explain what mitochondria do.\n\n');
  });

  it('that inflates past the zip limits is refused before it is read (a zip bomb)', async () => {
    const bomb = zipSync({ '[Content_Types].xml': new TextEncoder().encode('<Types/>'), 'word/document.xml': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(20_000);

    const text = await extractText(bomb, 'docx', { officeLimits: { maxEntries: 100, maxPartBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 } });

    expect(text).toMatchObject({ status: 'too-large', pages: [] });
  });

  it('that is not a zip archive is marked failed', async () => {
    expect(await extractText(new TextEncoder().encode('plain text named .docx'), 'docx')).toMatchObject({ status: 'failed', pages: [] });
  });
});

describe('a PowerPoint deck', () => {
  it('gives each slide, in the deck order, its title, bullets, table cells and notes', async () => {
    const text = await extractText(seedFile('photosynthesis-slides.pptx'), 'pptx');

    expect(text.status).toBe('ready');
    expect(text.pages.map((page) => page.number)).toEqual([1, 2, 3]);
    expect(text.pages[0].text).toMatch(/^Photosynthesis\nPlants make glucose from carbon dioxide and water\./);
    expect(text.pages[2].text).toContain('Goes in\nComes out\nCarbon dioxide\nGlucose');
  });

  it("gives a slide's speaker notes after its own text, without the notes page's slide number", async () => {
    // Written by pptxgenjs: a titled slide with a bullet and speaker notes, then a slide without notes.
    const text = await extractText(fixture('slides-with-notes.pptx'), 'pptx');

    expect(text.pages).toEqual([
      { number: 1, text: 'Enzymes\nBiological catalysts\n\nAsk the class for an example: amylase in saliva.' },
      { number: 2, text: 'Temperature' },
    ]);
  });

  it('with more slides than the limit keeps the first ones and is marked too large', async () => {
    const text = await extractText(seedFile('photosynthesis-slides.pptx'), 'pptx', { limits: { ...EXTRACTION_LIMITS, maxPages: 2 } });

    expect(text).toMatchObject({ status: 'too-large', detail: 'More than 2 pages.' });
    expect(text.pages.map((page) => page.number)).toEqual([1, 2]);
  });
});

describe('any file', () => {
  it('of 0 bytes has no text', async () => {
    expect(await extractText(new Uint8Array(0), 'pdf')).toMatchObject({ status: 'no-text', pages: [] });
  });

  it('over the size limit is not read', async () => {
    const text = await extractText(seedFile('cells-reading.pdf'), 'pdf', { limits: { ...EXTRACTION_LIMITS, maxFileBytes: 100 } });
    expect(text).toMatchObject({ status: 'too-large', pages: [] });
  });

  it('of an old binary format is marked failed', async () => {
    expect(await extractText(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), fileKindOf('protected/t/u/old.ppt'))).toMatchObject({ status: 'failed' });
  });

  it.each([
    ['protected/t/u/Reading.PDF', 'pdf'],
    ['protected/t/u/sheet.docx', 'docx'],
    ['protected/t/u/deck.pptx', 'pptx'],
    ['protected/t/u/notes.txt', 'unknown'],
  ])('kind of %s is %s', (key, kind) => {
    expect(fileKindOf(key)).toBe(kind);
  });
});
