// The index over titles and stored page terms: stems, prefixes and one typo match; titles weigh more; pages are ranked
// by how often and how densely they hold the words; a section left out is never shown.
import type { TextPage } from '@shared/contract/search';
import { gatherTerms, noGatheredTerms } from '../gathered-terms';
import type { TitleDocument } from '../search';
import { buildTextIndex, termsOf } from './text-index';

const files = new Map<string, TextPage[]>([
  ['cells.pdf', [{ number: 1, text: 'Mitochondria make energy for the cell.' }, { number: 2, text: 'The cell membrane. Cells divide, and cells grow; cell after cell.' }]],
  ['plants.pdf', [{ number: 7, text: 'Chloroplasts hold chlorophyll.' }]],
]);
const gathered = () => gatherTerms(noGatheredTerms(), new Map([...files].map(([key, pages]) => [key, termsOf(pages)])));
const sectionsOf = new Map([
  ['cells.pdf', [{ moduleId: 'module-1', sectionId: 'section-1' }]],
  ['plants.pdf', [{ moduleId: 'module-1', sectionId: 'section-2' }]],
]);
const titles: TitleDocument[] = [
  { moduleId: 'module-1', sectionId: null, title: 'Cells', text: 'What living things are made of.' },
  { moduleId: 'module-1', sectionId: 'section-1', title: 'Reading', text: '' },
  { moduleId: 'module-1', sectionId: 'section-2', title: 'Plants', text: '' },
];
const readPages = jest.fn(async (contentUrls: string[]) => new Map(contentUrls.map((key) => [key, files.get(key)!] as const)));
const index = () => buildTextIndex(titles, { gathered: gathered(), sectionsOf }, readPages);

test('counts each page\'s stems once, with how often they occur', () => {
  expect(termsOf([{ number: 3, text: 'Cells, cells and a cell.' }])).toEqual([{ number: 3, length: 5, stems: ['cell', 'and', 'a'], counts: [3, 1, 1] }]);
});

test('ranks the title first, then the page holding the word most densely, each with its snippet and matched words', async () => {
  expect(await (await index()).search('cells')).toEqual([
    { moduleId: 'module-1', sectionId: null, page: null, snippet: 'Cells', highlights: ['Cells'] },
    { moduleId: 'module-1', sectionId: 'section-1', page: 2, snippet: 'The cell membrane. Cells divide, and cells grow; cell after cell.', highlights: ['cell', 'Cells', 'cells'] },
    { moduleId: 'module-1', sectionId: 'section-1', page: 1, snippet: 'Mitochondria make energy for the cell.', highlights: ['cell'] },
  ]);
});

test('matches a prefix and one typo, and reads the text of only the files it shows', async () => {
  const built = await index();
  readPages.mockClear();

  expect(await built.search('chloro')).toEqual([expect.objectContaining({ sectionId: 'section-2', page: 7, highlights: ['Chloroplasts', 'chlorophyll'] })]);
  expect(await built.search('mitocondria')).toEqual([expect.objectContaining({ sectionId: 'section-1', page: 1 })]);
  expect(readPages.mock.calls).toEqual([[['plants.pdf']], [['cells.pdf']]]);
});

test('leaves out the sections it is told to', async () => {
  expect(await (await index()).search('chlorophyll', (sectionId) => sectionId !== 'section-2')).toEqual([]);
});

test('shows a gathered file\'s page once for each section in scope that has the file, and never for a file in none', async () => {
  const shared = new Map([['cells.pdf', [{ moduleId: 'module-1', sectionId: 'section-1' }, { moduleId: 'module-2', sectionId: 'section-9' }]]]);
  const built = await buildTextIndex([], { gathered: gathered(), sectionsOf: shared }, readPages);

  expect((await built.search('mitochondria')).map(({ moduleId, sectionId }) => `${moduleId}/${sectionId}`)).toEqual(['module-1/section-1', 'module-2/section-9']);
  expect(await built.search('chlorophyll')).toEqual([]);
});
