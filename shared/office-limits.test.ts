import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { inspectOfficeZip, OFFICE_FILE_LIMITS, type OfficeFileLimits } from './office-limits';

const KiB = 1024;
const MiB = 1024 * KiB;
const SMALL: OfficeFileLimits = { maxEntries: 50, maxPartBytes: 1 * MiB, maxTotalBytes: 2 * MiB };

const seedFile = (name: string) => new Uint8Array(readFileSync(path.resolve(__dirname, '../local/seed-files', name)));
/** Zeros deflate about a thousand to one: the raw material of a zip bomb. */
const zeros = (bytes: number) => new Uint8Array(bytes);
const zip = (entries: Zippable) => zipSync(entries, { level: 9 });

/** Rewrites every header's declared inflated size (local headers at +22, central directory entries at +24): a lying zip. */
function declareSize(archive: Uint8Array, size: number): Uint8Array {
  const lying = archive.slice();
  const view = new DataView(lying.buffer);
  for (let offset = 0; offset + 4 <= lying.length; offset++) {
    const signature = view.getUint32(offset, true);
    if (signature === 0x04034b50) view.setUint32(offset + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(offset + 24, size, true);
  }
  return lying;
}

it.each(['cells-worksheet.docx', 'photosynthesis-slides.pptx'])('lets the seeded %s through, with its entries and inflated size', async (name) => {
  const verdict = await inspectOfficeZip(seedFile(name));
  expect(verdict).toMatchObject({ fits: true });
  if (!verdict.fits) return;
  expect(verdict.entries).toBeGreaterThan(3);
  expect(verdict.inflatedBytes).toBeGreaterThan(seedFile(name).length);
});

it('refuses a small file whose document declares 400 MB, without inflating it', async () => {
  const bomb = declareSize(zip({ 'word/document.xml': zeros(64 * KiB) }), 400 * MiB);
  expect(bomb.length).toBeLessThan(2 * KiB);
  // Its real content is 64 kB: only the central directory can have refused it.
  expect(await inspectOfficeZip(bomb)).toEqual({ fits: false, reason: 'too-large', detail: `word/document.xml declares ${400 * MiB} bytes.` });
  expect(400 * MiB).toBeGreaterThan(OFFICE_FILE_LIMITS.maxPartBytes);
});

it('refuses more entries than the limit', async () => {
  const entries = Object.fromEntries(Array.from({ length: SMALL.maxEntries + 1 }, (_, index) => [`ppt/slides/slide${index}.xml`, zeros(10)]));
  expect(await inspectOfficeZip(zip(entries), SMALL)).toMatchObject({ fits: false, reason: 'too-large', detail: 'More than 50 entries.' });
});

it('refuses one part larger than the limit, and many parts larger together', async () => {
  expect(await inspectOfficeZip(zip({ 'word/media/image1.png': zeros(SMALL.maxPartBytes + 1) }), SMALL)).toMatchObject({
    fits: false,
    reason: 'too-large',
  });
  const parts = { 'a.xml': zeros(0.9 * MiB), 'b.xml': zeros(0.9 * MiB), 'c.xml': zeros(0.9 * MiB) };
  expect(await inspectOfficeZip(zip(parts), SMALL)).toMatchObject({ fits: false, reason: 'too-large' });
  expect(await inspectOfficeZip(zip({ 'a.xml': parts['a.xml'], 'b.xml': parts['b.xml'] }), SMALL)).toMatchObject({ fits: true });
});

it('refuses a part whose headers declare a small size but which inflates beyond the limit', async () => {
  const lying = declareSize(zip({ 'word/document.xml': zeros(8 * SMALL.maxPartBytes) }), 1000);
  expect(await inspectOfficeZip(lying, SMALL)).toMatchObject({ fits: false, reason: 'too-large', detail: 'word/document.xml inflates beyond the limits.' });
});

it('calls a part that inflates to another size than declared, within the limits, malformed', async () => {
  const lying = declareSize(zip({ 'word/document.xml': zeros(100 * KiB) }), 1000);
  expect(await inspectOfficeZip(lying, SMALL)).toMatchObject({ fits: false, reason: 'malformed' });
});

it('calls a file that is not a zip archive malformed', async () => {
  expect(await inspectOfficeZip(new TextEncoder().encode('<html>not a document</html>'))).toMatchObject({ fits: false, reason: 'malformed' });
});
