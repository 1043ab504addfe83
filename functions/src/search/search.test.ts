import { TEACHER_ID } from '@test/unit-helpers/events';
import { callers, CLASS_ID, givenSchool, MODULE_ID, refused } from '../../test/in-memory/records';
import { inMemoryPorts } from '../../test/in-memory/ports';
import { InMemoryLibraryTermsStore, InMemorySectionTextStore, textIndexBuilder } from './fakes/text-store';
import { makeProgressService } from '../progress/progress';
import { makeSearchService } from './search';
import { termsOf } from './adapters/text-index';

const ports = inMemoryPorts();
const texts = new InMemorySectionTextStore();
const libraryTerms = new InMemoryLibraryTermsStore();
const searches = makeSearchService({ ...ports, texts, libraryTerms }, textIndexBuilder);
const keyOf = (index: number) => ports.modules.all()[0].sections[index].contentUrl;

beforeEach(() => givenSchool(ports));

it('finds a word on a page of a section, with the page and the matching words', async () => {
  await texts.saveText(keyOf(1), TEACHER_ID, { status: 'ready', pages: [{ number: 3, text: 'Ribosomes make proteins from amino acids.' }] }, '2024-05-03T10:00:00Z');

  expect(await searches.search(callers.teacher, 'ribosome')).toEqual([
    { moduleId: MODULE_ID, sectionId: 'section-2', page: 3, snippet: 'Ribosomes make proteins from amino acids.', highlights: ['Ribosomes'] },
  ]);
});

it('sees a text stored after the first search (the index is rebuilt when the owner\'s texts change)', async () => {
  expect(await searches.search(callers.teacher, 'chlorophyll')).toEqual([]);
  await texts.saveText(keyOf(0), TEACHER_ID, { status: 'ready', pages: [{ number: 1, text: 'Chlorophyll absorbs light.' }] }, '2024-05-03T10:00:00Z');

  expect(await searches.search(callers.teacher, 'chlorophyll')).toEqual([expect.objectContaining({ sectionId: 'section-1', page: 1 })]);
});

it('sees a renamed module (the index is rebuilt when a module changes)', async () => {
  expect(await searches.search(callers.teacher, 'genetics')).toEqual([]);
  const [module] = ports.modules.all();
  await ports.modules.replaceModule({ ...module, title: 'Genetics', updatedAt: '2024-06-01T00:00:00.000Z' }, module.updatedAt);

  expect(await searches.search(callers.teacher, 'genetics')).toEqual([expect.objectContaining({ moduleId: MODULE_ID, sectionId: null, page: null })]);
});

it('searches only the caller\'s own library, and a student only inside an assigned module', async () => {
  expect(await searches.search(callers.otherTeacher, 'cells')).toEqual([]);
  expect(await searches.search(callers.student, 'cells', MODULE_ID)).toEqual([expect.objectContaining({ moduleId: MODULE_ID })]);
  await expect(searches.search(callers.otherStudent, 'cells', MODULE_ID)).rejects.toEqual(refused('notFound'));
  await expect(searches.search(callers.student, 'cells')).rejects.toEqual(refused('invalid'));
});

it('leaves out of a student’s search the sections locked on their path, until they open', async () => {
  givenSchool(ports, { module: { sequential: true } });
  await texts.saveText(keyOf(1), TEACHER_ID, { status: 'ready', pages: [{ number: 2, text: 'Ribosomes make proteins.' }] }, '2024-05-03T10:00:00Z');
  const { student } = callers;

  expect(await searches.search(student, 'ribosomes', MODULE_ID)).toEqual([]);
  expect(await searches.search(callers.teacher, 'ribosomes', MODULE_ID)).toEqual([expect.objectContaining({ sectionId: 'section-2', page: 2 })]);

  await makeProgressService(ports).markComplete(student, { studentId: student.userId, classId: CLASS_ID, moduleId: MODULE_ID, sectionId: 'section-1' });

  expect(await searches.search(student, 'ribosomes', MODULE_ID)).toEqual([expect.objectContaining({ sectionId: 'section-2', page: 2 })]);
});

it('builds the index from the stored terms, and reads the text of only the files whose pages it shows', async () => {
  await texts.saveText(keyOf(0), TEACHER_ID, { status: 'ready', pages: [{ number: 1, text: 'Chlorophyll absorbs light.' }] }, '2024-05-03T10:00:00Z');
  await texts.saveText(keyOf(1), TEACHER_ID, { status: 'ready', pages: [{ number: 4, text: 'Ribosomes make proteins.' }] }, '2024-05-03T10:00:00Z');
  const readTexts = jest.spyOn(texts, 'getTexts');

  expect(await searches.search(callers.teacher, 'ribosome')).toEqual([expect.objectContaining({ sectionId: 'section-2', page: 4, highlights: ['Ribosomes'] })]);
  expect(readTexts.mock.calls).toEqual([[[keyOf(1)]]]);
  readTexts.mockRestore();
});

it('finds the texts of two files stored at once (each file\'s terms are its own piece)', async () => {
  await Promise.all([
    texts.saveText(keyOf(0), TEACHER_ID, { status: 'ready', pages: [{ number: 1, text: 'Osmosis moves water.' }] }, '2024-05-03T10:00:00Z'),
    texts.saveText(keyOf(1), TEACHER_ID, { status: 'ready', pages: [{ number: 1, text: 'Osmosis in plant cells.' }] }, '2024-05-03T10:00:00Z'),
  ]);

  expect((await searches.search(callers.teacher, 'osmosis')).map((result) => result.sectionId).sort()).toEqual(['section-1', 'section-2']);
});

it("finds nothing of a section's replaced file or of a deleted section", async () => {
  const [module] = ports.modules.all();
  const replacement = `protected/${TEACHER_ID}/upload-9/new-reading.pdf`;
  await texts.saveText(keyOf(0), TEACHER_ID, { status: 'ready', pages: [{ number: 1, text: 'Glycolysis splits glucose.' }] }, '2024-05-03T10:00:00Z');
  await texts.saveText(replacement, TEACHER_ID, { status: 'ready', pages: [{ number: 1, text: 'Fermentation without oxygen.' }] }, '2024-05-03T10:00:00Z');
  await texts.saveText(keyOf(1), TEACHER_ID, { status: 'ready', pages: [{ number: 1, text: 'Glycolysis again.' }] }, '2024-05-03T10:00:00Z');
  expect(await searches.search(callers.teacher, 'glycolysis')).toHaveLength(2);

  // Section 1's file replaced, section 2 deleted.
  const [first, , ...rest] = module.sections;
  await ports.modules.replaceModule({ ...module, sections: [{ ...first, contentUrl: replacement }, ...rest], updatedAt: '2024-06-01T00:00:00.000Z' }, module.updatedAt);

  expect(await searches.search(callers.teacher, 'glycolysis')).toEqual([]);
  expect(await searches.search(callers.teacher, 'fermentation')).toEqual([expect.objectContaining({ sectionId: 'section-1', page: 1 })]);
});

it("loads a library's index from its gathered terms, and the terms of only the files not gathered yet from their texts", async () => {
  const gatheredPages = [{ number: 2, text: 'Ribosomes make proteins.' }];
  await libraryTerms.add(TEACHER_ID, new Map([[keyOf(1), termsOf(gatheredPages)]]));
  await texts.saveText(keyOf(0), TEACHER_ID, { status: 'ready', pages: [{ number: 1, text: 'Ribosomes float free.' }] }, '2024-05-03T10:00:00Z');
  texts.texts.set(keyOf(1), { status: 'ready', pages: gatheredPages, at: '2024-05-03T10:00:00Z', ownerId: TEACHER_ID });
  const readTerms = jest.spyOn(texts, 'getTerms');

  const found = await searches.search(callers.teacher, 'ribosomes');

  expect(found.map(({ sectionId, page }) => `${sectionId} p${page}`).sort()).toEqual(['section-1 p1', 'section-2 p2']);
  expect(readTerms.mock.calls.flat(2)).not.toContain(keyOf(1));
  expect(readTerms.mock.calls.flat(2)).toContain(keyOf(0));
  readTerms.mockRestore();
});
