import { TEACHER_ID } from '@test/unit-helpers/events';
import { callers, CLASS_ID, givenSchool, MODULE_ID, refused } from '../../test/in-memory/records';
import { inMemoryPorts } from '../../test/in-memory/ports';
import { FixedClock, RecordingLog } from '../kernel/fakes/clock-ids-log';
import { InMemoryLibraryTermsStore, InMemorySectionTextStore } from './fakes/text-store';
import { termsOf } from './adapters/text-index';
import { gatherTerms, noGatheredTerms } from './gathered-terms';
import type { FileReader } from '../uploads/port';
import type { TextExtractor } from './port';
import { makeProgressService } from '../progress/progress';
import { EXTRACTION_GIVES_UP_MS, makeSectionTextReader, makeTextExtraction, ownerOfStorageKey } from './section-texts';

const KEY = `protected/${TEACHER_ID}/upload-1/reading.pdf`;
const PAGES = [{ number: 1, text: 'Cells are the units of life.' }];

function extractionWith(files: FileReader, extract: TextExtractor) {
  const texts = new InMemorySectionTextStore();
  const libraryTerms = new InMemoryLibraryTermsStore();
  const log = new RecordingLog();
  return { texts, libraryTerms, log, extraction: makeTextExtraction({ files, texts, libraryTerms, extract, clock: new FixedClock(), log }) };
}
const storedBytes: FileReader = { readFile: async () => new Uint8Array([1, 2, 3]) };

describe('extracting a stored file', () => {
  it('stores the extracted pages for the file, by its key, moves its owner\'s text version and adds its terms to their library\'s', async () => {
    const { texts, libraryTerms, extraction } = extractionWith(storedBytes, async () => ({ status: 'ready', pages: PAGES }));

    await extraction.extractFile(KEY);

    expect(texts.texts.get(KEY)).toMatchObject({ status: 'ready', pages: PAGES, ownerId: TEACHER_ID });
    expect(await texts.textVersion(TEACHER_ID)).toBe(1);
    expect(await libraryTerms.read(TEACHER_ID)).toEqual(gatherTerms(noGatheredTerms(), new Map([[KEY, termsOf(PAGES)]])));
  });

  it('marks the text failed when the extractor throws, and logs why', async () => {
    const { texts, log, extraction } = extractionWith(storedBytes, async () => {
      throw new Error('out of memory');
    });

    await extraction.extractFile(KEY);

    expect(texts.texts.get(KEY)).toMatchObject({ status: 'failed', pages: [] });
    expect(log.warnings).toEqual([expect.objectContaining({ message: 'Text not extracted', details: expect.objectContaining({ detail: 'out of memory' }) })]);
  });

  it('marks a file over the size limit too large without extracting it, and a vanished one failed', async () => {
    const extract = jest.fn<ReturnType<TextExtractor>, Parameters<TextExtractor>>();
    const large = extractionWith({ readFile: async () => 'too-large' }, extract);
    const gone = extractionWith({ readFile: async () => 'missing' }, extract);

    await large.extraction.extractFile(KEY);
    await gone.extraction.extractFile(KEY);

    expect(large.texts.texts.get(KEY)).toMatchObject({ status: 'too-large' });
    expect(gone.texts.texts.get(KEY)).toMatchObject({ status: 'failed' });
    expect(extract).not.toHaveBeenCalled();
  });

  it("skips an admin's OneRoster package quietly: no text, no warning, nothing read", async () => {
    const readFile = jest.fn<ReturnType<FileReader['readFile']>, Parameters<FileReader['readFile']>>();
    const { texts, log, extraction } = extractionWith({ readFile }, async () => ({ status: 'ready', pages: PAGES }));

    await extraction.extractFile('protected/admin-1/upload-2/roster.zip');

    expect(texts.texts.size).toBe(0);
    expect(log.warnings).toEqual([]);
    expect(readFile).not.toHaveBeenCalled();
  });

  it('leaves keys that are not uploads alone', async () => {
    const { texts, extraction } = extractionWith(storedBytes, async () => ({ status: 'ready', pages: PAGES }));
    await extraction.extractFile('assets/logo.pdf');
    await extraction.extractFile(`protected/${TEACHER_ID}/../x/y.pdf`);
    expect(texts.texts.size).toBe(0);
    expect(ownerOfStorageKey(KEY)).toBe(TEACHER_ID);
  });
});

describe('forgetting a deleted file', () => {
  it("drops its terms from its owner's library terms and keeps the other files'", async () => {
    const { libraryTerms, extraction } = extractionWith(storedBytes, async (_bytes, key) => ({ status: 'ready', pages: key === KEY ? PAGES : [{ number: 2, text: 'Atoms bond.' }] }));
    const OTHER_KEY = `protected/${TEACHER_ID}/upload-2/atoms.pdf`;
    await extraction.extractFile(KEY);
    await extraction.extractFile(OTHER_KEY);

    await extraction.forgetFile(KEY);

    expect(await libraryTerms.read(TEACHER_ID)).toEqual(gatherTerms(noGatheredTerms(), new Map([[OTHER_KEY, termsOf([{ number: 2, text: 'Atoms bond.' }])]])));
  });

  it('leaves keys that are not uploads alone (the library terms object itself included)', async () => {
    const { libraryTerms, extraction } = extractionWith(storedBytes, async () => ({ status: 'ready', pages: PAGES }));
    const remove = jest.spyOn(libraryTerms, 'remove');

    await extraction.forgetFile(`protected/${TEACHER_ID}/search/library/terms.json.gz`);
    await extraction.forgetFile('protected/admin-1/upload-2/roster.zip');

    expect(remove).not.toHaveBeenCalled();
  });
});

describe("reading a section's text", () => {
  const ports = inMemoryPorts();
  const texts = new InMemorySectionTextStore();
  const reader = makeSectionTextReader({ ...ports, texts });
  const sectionKey = () => ports.modules.all()[0].sections[0].contentUrl;

  beforeEach(() => givenSchool(ports));

  it('answers pending before any text is stored, then the stored pages, to the owner and an assigned student', async () => {
    expect(await reader.read(callers.teacher, MODULE_ID, 'section-1')).toEqual({ status: 'pending', pages: [] });
    await texts.saveText(sectionKey(), TEACHER_ID, { status: 'ready', pages: PAGES }, FixedClock.START);

    expect(await reader.read(callers.teacher, MODULE_ID, 'section-1')).toEqual({ status: 'ready', pages: PAGES });
    expect(await reader.read(callers.student, MODULE_ID, 'section-1')).toEqual({ status: 'ready', pages: PAGES });
  });

  it('reads a text left pending past the extractor\'s time as failed', async () => {
    await texts.markPending(sectionKey(), TEACHER_ID, new Date(Date.parse(FixedClock.START) - EXTRACTION_GIVES_UP_MS - 1).toISOString());
    expect(await reader.read(callers.teacher, MODULE_ID, 'section-1')).toEqual({ status: 'failed', pages: [] });
  });

  it('refuses as missing: another teacher, a student of another class, an unknown section', async () => {
    await expect(reader.read(callers.otherTeacher, MODULE_ID, 'section-1')).rejects.toEqual(refused('notFound', 'Module not found.'));
    await expect(reader.read(callers.otherStudent, MODULE_ID, 'section-1')).rejects.toEqual(refused('notFound', 'Module not found.'));
    await expect(reader.read(callers.teacher, MODULE_ID, 'section-9')).rejects.toEqual(refused('notFound', 'Section not found.'));
  });
});

describe("a section's text on a student's path", () => {
  const ports = inMemoryPorts();
  const texts = new InMemorySectionTextStore();
  const reader = makeSectionTextReader({ ...ports, texts });
  const progress = makeProgressService(ports);
  const { student } = callers;

  beforeEach(async () => {
    givenSchool(ports, { module: { sequential: true } });
    for (const { contentUrl } of ports.modules.all()[0].sections) await texts.saveText(contentUrl, TEACHER_ID, { status: 'ready', pages: PAGES }, FixedClock.START);
  });

  it('refuses the text of a section locked on the path (409, saying what opens it), and serves it once it opens', async () => {
    await expect(reader.read(student, MODULE_ID, 'section-2')).rejects.toEqual(refused('conflict', /^Complete .+ to open this, or your teacher can open it for you\.$/));
    expect(await reader.read(student, MODULE_ID, 'section-1')).toEqual({ status: 'ready', pages: PAGES });

    await progress.markComplete(student, { studentId: student.userId, classId: CLASS_ID, moduleId: MODULE_ID, sectionId: 'section-1' });

    expect(await reader.read(student, MODULE_ID, 'section-2')).toEqual({ status: 'ready', pages: PAGES });
  });

  it('still serves every section to the module’s owner', async () => {
    expect(await reader.read(callers.teacher, MODULE_ID, 'section-2')).toEqual({ status: 'ready', pages: PAGES });
  });
});
