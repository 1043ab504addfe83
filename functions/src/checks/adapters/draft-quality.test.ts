// The local drafter's quality on a fixed set of real documents, their text extracted as the server extracts it: a
// 22-page software manual (GNU Libtasn1's, GFDL; laid out and printed to PDF by LibreOffice, with running headers,
// printed page numbers, hyphenation, code and its licence appendix), a Word worksheet and a slide deck converted by
// LibreOffice (functions/test/fixtures, licences in functions/test/fixtures/drafting/LICENCE.md). Every draft follows
// every rule of functions/src/checks/fakes/draft-rules.ts (the faults found in issue 41), and the drafts cover the
// document; `npm run bench` prints the same count per document.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DRAFT_KINDS } from '@shared/drafts';
import type { DraftedQuestion } from '@shared/contract/checks';
import type { TextPage } from '@shared/contract/search';
import { brokenRules, RULES } from '../fakes/draft-rules';
import { extractText, fileKindOf } from '../../search/adapters/text-extraction';
import { draftLocally } from './local-drafter';

const QUALITY_DOCUMENTS = ['drafting/libtasn1-manual.pdf', 'water-cycle-worksheet.docx', 'volcano-slides.pptx'];
const FIXTURES = path.resolve(__dirname, '../../../test/fixtures');

const texts = new Map<string, TextPage[]>();
beforeAll(async () => {
  for (const name of QUALITY_DOCUMENTS) texts.set(name, (await extractText(new Uint8Array(readFileSync(path.join(FIXTURES, name))), fileKindOf(name))).pages);
}, 60_000);

describe.each([
  ['drafting/libtasn1-manual.pdf', 8],
  ['water-cycle-worksheet.docx', 8],
  ['volcano-slides.pptx', 5],
])('%s', (name, least) => {
  it.each([10, 15])(`drafts %i asked for: at least ${least}, none breaking a rule, spread over the document`, (count) => {
    const pages = texts.get(name)!;
    const questions: DraftedQuestion[] = draftLocally(pages, count, DRAFT_KINDS);
    expect(questions.length).toBeGreaterThanOrEqual(least);
    const { perDraft, spread } = brokenRules(questions, pages);
    const breaking = questions.flatMap((question, index) => perDraft[index]!.map((rule) => `${question.prompt} (${RULES[rule]})`));
    expect(breaking).toEqual([]);
    expect(spread).toBe(true);
  });
});

it('cites the manual\u2019s printed page numbers beside the file\u2019s (the title page is unnumbered, so page 2 prints 1)', () => {
  const questions = draftLocally(texts.get('drafting/libtasn1-manual.pdf')!, 10, DRAFT_KINDS);
  expect(questions.length).toBeGreaterThan(0);
  for (const question of questions) expect(question.source.printedPage).toBe(question.source.page - 1);
  const slides = draftLocally(texts.get('volcano-slides.pptx')!, 10, DRAFT_KINDS);
  expect(slides.every((question) => question.source.printedPage === undefined)).toBe(true);
});
