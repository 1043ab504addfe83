// The local drafter on real documents, their text extracted as the server extracts it: the repository's seed files
// (a two-page reading, a worksheet, slides and the 50-page handbook) and files written by LibreOffice
// (functions/test/fixtures: a 13-page manual with a table of contents and page numbers, a worksheet with a table and
// numbered questions, slides with speaker notes; `soffice --headless --convert-to pdf|docx|pptx` of the .fodt/.fodp
// beside them). The rules: every correct answer is in the source passage, which is on the page it names; no two drafts
// ask the same thing; no question comes from a heading, a table of contents or a page number.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { draftedQuestionSchema, type DraftedQuestion } from '@shared/contract/checks';
import { DRAFT_KINDS } from '@shared/drafts';
import type { TextPage } from '@shared/contract/search';
import { LARGE_PDF, largePdf } from '@local/large-pdf';
import { extractText, fileKindOf } from '../../search/adapters/text-extraction';
import { draftLocally } from './local-drafter';

const SEED = path.resolve(__dirname, '../../../../local/seed-files');
const FIXTURES = path.resolve(__dirname, '../../../test/fixtures');

/** Each document, with its headings (titles of pages, slides and sections) as they appear in its text. */
const DOCUMENTS: { name: string; bytes: () => Uint8Array; headings: string[]; least: number }[] = [
  { name: 'cells-reading.pdf', bytes: () => readFileSync(path.join(SEED, 'cells-reading.pdf')), headings: ['Cells: the building blocks of life', 'Check your understanding'], least: 8 },
  { name: 'cells-worksheet.docx', bytes: () => readFileSync(path.join(SEED, 'cells-worksheet.docx')), headings: ['Worksheet: label a cell', 'Key facts', 'Questions', 'Total: 10 marks'], least: 4 },
  { name: 'photosynthesis-slides.pptx', bytes: () => readFileSync(path.join(SEED, 'photosynthesis-slides.pptx')), headings: ['Photosynthesis', 'The word equation', 'What a leaf needs', 'Goes in', 'Comes out'], least: 4 },
  // The same lines on each of its 50 pages: those at a page's foot are a running footer, left out.
  { name: LARGE_PDF.fileName, bytes: () => new Uint8Array(largePdf()), headings: ['Cell biology handbook'], least: 1 },
  {
    name: 'weather-station-manual.pdf',
    bytes: () => readFileSync(path.join(FIXTURES, 'weather-station-manual.pdf')),
    headings: ['Classroom weather station: user manual', 'Model WS-200, edition 3', 'Contents', 'Introduction', 'Safety', 'What is in the box', 'Choosing a site', 'Troubleshooting'],
    least: 15,
  },
  { name: 'water-cycle-worksheet.docx', bytes: () => readFileSync(path.join(FIXTURES, 'water-cycle-worksheet.docx')), headings: ['Worksheet: the water cycle', 'Key facts', 'The stages', 'Stage', 'What happens', 'Questions'], least: 8 },
  { name: 'volcano-slides.pptx', bytes: () => readFileSync(path.join(FIXTURES, 'volcano-slides.pptx')), headings: ['Volcanoes', 'How a volcano forms', 'Types of volcano', 'Living near a volcano'], least: 6 },
];

const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const asWord = (text: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`, 'iu');

/** The answer a question's key stands for, as words: the accepted text, the correct option's text. */
function answerWords(question: DraftedQuestion): string[] {
  if (question.kind === 'text') return question.answer;
  if (question.kind === 'single' || question.kind === 'multiple') return question.options.filter((option) => question.answer.includes(option.id)).map((option) => option.text);
  return [];
}

const texts = new Map<string, TextPage[]>();
beforeAll(async () => {
  for (const document of DOCUMENTS) {
    const extracted = await extractText(document.bytes(), fileKindOf(document.name));
    expect({ name: document.name, status: extracted.status }).toEqual({ name: document.name, status: 'ready' });
    texts.set(document.name, extracted.pages);
  }
}, 60_000);

describe.each(DOCUMENTS)('$name', ({ name, headings, least }) => {
  let questions: DraftedQuestion[];
  beforeAll(() => {
    questions = draftLocally(texts.get(name)!, 15, DRAFT_KINDS);
  });

  it(`drafts at least ${least} questions of the checks' shape, each kind in turn, in the file's order`, () => {
    expect(questions.length).toBeGreaterThanOrEqual(least);
    expect(questions.length).toBeLessThanOrEqual(15);
    for (const question of questions) expect(draftedQuestionSchema.safeParse(question)).toMatchObject({ success: true });
    // (A multiple choice needs other key terms of the document: from a single sentence, a short answer is written instead.)
    if (questions.length >= 3) expect(new Set(questions.map((question) => question.kind))).toEqual(new Set(DRAFT_KINDS));
    const pages = questions.map((question) => question.source.page);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
  });

  it('quotes each source passage from the page it names, and every correct answer is in that passage', () => {
    const pages = new Map(texts.get(name)!.map((page) => [page.number, squeezed(page.text)]));
    for (const { source, ...question } of questions) {
      expect({ page: source.page, found: pages.get(source.page)?.includes(squeezed(source.passage)) }).toEqual({ page: source.page, found: true });
      for (const words of answerWords({ source, ...question } as DraftedQuestion)) expect({ passage: source.passage, answer: words, found: asWord(words).test(source.passage) }).toMatchObject({ found: true });
      if (question.kind === 'truefalse') {
        const statement = question.prompt.replace(/^True or false\? /, '');
        // True: the passage as written; false: the passage with one term swapped, so not the passage.
        expect(statement === source.passage).toBe(question.answer);
      }
    }
  });

  it('asks each thing once: no passage, prompt or answer twice', () => {
    const distinct = (values: string[]) => expect(new Set(values).size).toBe(values.length);
    distinct(questions.map((question) => squeezed(question.source.passage)));
    distinct(questions.map((question) => squeezed(question.prompt)));
    distinct(questions.flatMap(answerWords).map(squeezed));
  });

  it('asks nothing from a heading, a table of contents or a page number', () => {
    for (const { source, ...question } of questions) {
      for (const heading of headings) {
        expect({ passage: source.passage, heading, startsWith: squeezed(source.passage).replace(/^\d+\.\s*/, '').startsWith(squeezed(heading)) }).toMatchObject({ startsWith: false });
      }
      expect(source.passage).toMatch(/[.!]["'\u2019\u201d)]?$/);
      expect(source.passage).not.toMatch(/\.{3,}|\bpage \d+/i);
      for (const words of answerWords({ source, ...question } as DraftedQuestion)) expect(words).not.toMatch(/^\d+$/);
    }
  });

  it('drafts the same questions from the same text', () => {
    expect(draftLocally(texts.get(name)!, 15, DRAFT_KINDS)).toEqual(questions);
  });
});

it('drafts only the kinds asked for, and at most the count', () => {
  const pages = texts.get('weather-station-manual.pdf')!;
  const onlyText = draftLocally(pages, 4, ['text']);
  expect(onlyText.map((question) => question.kind)).toEqual(['text', 'text', 'text', 'text']);
  const choices = draftLocally(pages, 6, ['single', 'truefalse']);
  expect(choices).toHaveLength(6);
  expect(new Set(choices.map((question) => question.kind))).toEqual(new Set(['single', 'truefalse']));
  for (const question of choices.filter((each) => each.kind === 'single')) expect(question.options!.length).toBeGreaterThanOrEqual(3);
});

it('finds nothing to ask in headings, a table of contents, page numbers, questions and instructions', () => {
  const structure: TextPage[] = [
    {
      number: 1,
      text: [
        'CONTENTS',
        '1. Introduction ........ 2',
        '2. The nucleus\t5',
        'Page 1 of 12',
        '3',
        'Chapter 2: the cell membrane and what passes through it',
        'Which part of a plant cell carries out photosynthesis?',
        'Label the nucleus, cytoplasm and cell membrane on your diagram.',
        '5. A leaf cell has many chloroplasts but a root cell has none. Suggest why.',
        'You should write in full sentences about the nucleus and the membrane.',
        'This is page 3 of the handbook about the nucleus and its membrane.',
      ].join('\n'),
    },
  ];
  expect(draftLocally(structure, 10, DRAFT_KINDS)).toEqual([]);
});

it('asks nothing of a sentence that points elsewhere, a reference entry or a fragment; never blanks part of a name', () => {
  const reference: TextPage[] = [
    {
      number: 1,
      text: [
        'This function returns the length of the encoding of the structure.',
        'In these cases the decoder will succeed and the length will be zero.',
        'Creates the encoding of the provided structure for the decoder.',
        'Function that generates a structure from a definitions file.',
        "NULL, and 'ASN1_TAG_ERROR' if the encoding does not match the structure.",
        "If the 'ASN1_DECODE_FLAG_STRICT' flag is set then the decoder rejects any padding.",
      ].join('\n\n'),
    },
  ];
  const questions = draftLocally(reference, 10, ['text']);
  expect(questions.map((question) => question.source.passage)).toEqual(["If the 'ASN1_DECODE_FLAG_STRICT' flag is set then the decoder rejects any padding."]);
  expect(questions[0]!.prompt).not.toMatch(/[A-Z_]_____|_____[A-Z_]/);
});

it('offers wrong options of the answer\u2019s kind, never a word the document uses as a verb', () => {
  const text = [
    'The parser returns nodes to the caller when the schema is valid.',
    'The encoder copies values into the buffer before the tags are written.',
    'The decoder reads tags from the buffer and builds nodes for the caller.',
    'The library keeps strings and integers in separate fields of each node.',
    'The writer returns bytes to the network once the values are encoded.',
    'A module declares types, and each of its fields names one of the types.',
    'The checker copies names into the report when a schema has errors.',
  ].join('\n\n');
  const questions = draftLocally([{ number: 1, text }], 10, ['single']);
  expect(questions.length).toBeGreaterThanOrEqual(3);
  for (const question of questions) {
    if (question.kind !== 'single') continue;
    const answer = question.options.find((option) => question.answer.includes(option.id))!.text;
    for (const option of question.options) {
      expect(['returns', 'copies', 'reads', 'keeps', 'declares', 'names']).not.toContain(option.text);
      expect(/^\p{Lu}/u.test(option.text)).toBe(/^\p{Lu}/u.test(answer));
    }
  }
});

it('draws from every stretch of the document, not only its densest pages, and never repeats a prompt', () => {
  const sentences = [
    // The first pages say "volcano" again and again, so their sentences weigh most.
    'The mantle under a volcano melts when a volcano sits above a plume near another volcano.',
    'The crust around a volcano cracks as a volcano swells before the volcano erupts.',
    'Magma rises inside a volcano until the volcano can hold no more and the volcano erupts.',
    'Geologists measure the vent temperature with a thermal camera every spring.',
    'A crater lake forms when rain fills the hollow at the summit.',
    'Ash clouds ground aircraft because the particles damage jet engines.',
    'Lava flows slowly downhill and cools into black rock over several weeks.',
    'A geyser shoots hot water into the air when groundwater boils underground.',
    'A caldera is a wide basin left after the summit collapses into an empty chamber.',
    'Tephra includes every fragment of rock thrown out during an eruption.',
    'Pumice floats on water because gas bubbles fill most of its volume.',
    'Basalt is the commonest rock of the ocean floor and forms from runny lava.',
  ];
  const pages: TextPage[] = sentences.map((text, index) => ({ number: index + 1, text }));
  const questions = draftLocally(pages, 4, ['text']);
  expect(new Set(questions.map((question) => question.prompt)).size).toBe(questions.length);
  const drafted = questions.map((question) => question.source.page);
  expect(Math.min(...drafted)).toBeLessThanOrEqual(3);
  expect(Math.max(...drafted)).toBeGreaterThanOrEqual(10);
});
