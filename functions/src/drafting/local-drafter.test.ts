// The local drafter on real documents, their text extracted as the server extracts it: the repository's seed files
// (a two-page reading, a worksheet, slides and the 50-page handbook) and files written by LibreOffice
// (functions/test/fixtures: a 13-page manual with a table of contents and page numbers, a worksheet with a table and
// numbered questions, slides with speaker notes; `soffice --headless --convert-to pdf|docx|pptx` of the .fodt/.fodp
// beside them). The rules: every correct answer is in the source passage, which is on the page it names; no two drafts
// ask the same thing; no question comes from a heading, a table of contents or a page number.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { draftedQuestionSchema, DRAFT_KINDS, type DraftedQuestion } from '@shared/drafts';
import type { TextPage } from '@shared/section-text';
import { LARGE_PDF, largePdf } from '@local/large-pdf';
import { extractText, fileKindOf } from '../extraction/text-extraction';
import { draftLocally } from './local-drafter';

const SEED = path.resolve(__dirname, '../../../local/seed-files');
const FIXTURES = path.resolve(__dirname, '../../test/fixtures');

/** Each document, with its headings (titles of pages, slides and sections) as they appear in its text. */
const DOCUMENTS: { name: string; bytes: () => Uint8Array; headings: string[]; least: number }[] = [
  { name: 'cells-reading.pdf', bytes: () => readFileSync(path.join(SEED, 'cells-reading.pdf')), headings: ['Cells: the building blocks of life', 'Check your understanding'], least: 8 },
  { name: 'cells-worksheet.docx', bytes: () => readFileSync(path.join(SEED, 'cells-worksheet.docx')), headings: ['Worksheet: label a cell', 'Key facts', 'Questions', 'Total: 10 marks'], least: 4 },
  { name: 'photosynthesis-slides.pptx', bytes: () => readFileSync(path.join(SEED, 'photosynthesis-slides.pptx')), headings: ['Photosynthesis', 'The word equation', 'What a leaf needs', 'Goes in', 'Comes out'], least: 4 },
  { name: LARGE_PDF.fileName, bytes: () => new Uint8Array(largePdf()), headings: ['Cell biology handbook'], least: 2 },
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
    expect(new Set(questions.map((question) => question.kind))).toEqual(new Set(DRAFT_KINDS.slice(0, Math.min(3, questions.length))));
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
