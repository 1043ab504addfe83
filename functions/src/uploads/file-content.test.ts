import { readFileSync } from 'node:fs';
import path from 'node:path';
import { windowsProgram, zipArchive } from '@test/unit-helpers/file-bytes';
import { zipSample } from '../rosters/oneroster/samples/zip-sample';
import { contentMismatch } from './file-content';

const seedFile = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, '../../../local/seed-files', name)));
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, '../../../test/e2e/fixtures', name)));

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

describe('contentMismatch', () => {
  it.each([
    ['a PDF', 'application/pdf', seedFile('cells-reading.pdf')],
    ['a Word document', DOCX, seedFile('cells-worksheet.docx')],
    ['a Word document with links', DOCX, fixture('hostile-links.docx')],
    ['a LibreOffice Writer document', DOCX, fixture('libreoffice-notes.docx')],
    ['a LibreOffice Impress presentation', PPTX, fixture('libreoffice-notes.pptx')],
    ['a presentation', PPTX, seedFile('photosynthesis-slides.pptx')],
    ['a 40-slide presentation', PPTX, fixture('many-slides.pptx')],
  ])('accepts %s stored as its own type', async (_, mediaType, bytes) => {
    expect(await contentMismatch(mediaType, bytes.slice(0, 64 * 1024))).toBeUndefined();
  });

  it('refuses a zip archive renamed .docx, naming what it is', async () => {
    expect(await contentMismatch(DOCX, zipArchive())).toBe('it is not a Word file: its content is a zip archive');
  });

  it('refuses a program renamed .pdf', async () => {
    expect(await contentMismatch('application/pdf', windowsProgram())).toBe(
      'it is not a PDF file: its content is a Windows program (.exe)',
    );
  });

  it('refuses a Word document stored as a presentation, and text of no known type', async () => {
    expect(await contentMismatch(PPTX, seedFile('cells-worksheet.docx'))).toBe(
      'it is not a PowerPoint file: its content is a Word document',
    );
    expect(await contentMismatch('application/pdf', new TextEncoder().encode('just some text'))).toBe(
      'it is not a PDF file: its content is of no type we recognise',
    );
  });

  it('accepts a OneRoster package stored as a zip, and refuses a Word document or a PDF renamed .zip', async () => {
    expect(await contentMismatch('application/zip', zipSample('bulk-1.2'))).toBeUndefined();
    expect(await contentMismatch('application/zip', zipArchive())).toBeUndefined();
    expect(await contentMismatch('application/zip', seedFile('cells-worksheet.docx'))).toBe(
      'it is not a zip archive (a OneRoster package): its content is a Word document',
    );
    expect(await contentMismatch('application/zip', seedFile('cells-reading.pdf'))).toBe('it is not a zip archive (a OneRoster package): its content is a PDF');
  });
});
