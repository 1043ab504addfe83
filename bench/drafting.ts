// `npm run bench` (fifth part): drafting questions with the local drafter, per seed file (and the LibreOffice-written
// test files): the file's text extracted once as the server extracts it, then 15 questions of every kind drafted,
// timed as the median of several runs after a first one (which also loads the language model, printed apart); and per
// document, how many of 10 drafts break a rule a kept draft follows (functions/src/checks/fakes/draft-rules.ts; target 0,
// the real manual of the quality test included). The Bedrock drafter is not timed here: it needs the AWS service.
// Asserts nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DRAFT_KINDS, DRAFT_LIMITS } from '@shared/drafts';
import { LARGE_PDF, largePdf } from '@local/large-pdf';
import { extractText, fileKindOf } from '../functions/src/search/adapters/text-extraction';
import { draftLocally } from '../functions/src/checks/adapters/local-drafter';
import { brokenRules, RULES, type Rule } from '../functions/src/checks/fakes/draft-rules';

const RUNS = 7;
const SEED = path.resolve(__dirname, '../local/seed-files');
const FIXTURES = path.resolve(__dirname, '../functions/test/fixtures');
const FILES: [string, () => Uint8Array][] = [
  ['cells-reading.pdf', () => readFileSync(path.join(SEED, 'cells-reading.pdf'))],
  ['cells-worksheet.docx', () => readFileSync(path.join(SEED, 'cells-worksheet.docx'))],
  ['photosynthesis-slides.pptx', () => readFileSync(path.join(SEED, 'photosynthesis-slides.pptx'))],
  [LARGE_PDF.fileName, () => new Uint8Array(largePdf())],
  ['weather-station-manual.pdf', () => readFileSync(path.join(FIXTURES, 'weather-station-manual.pdf'))],
  ['water-cycle-worksheet.docx', () => readFileSync(path.join(FIXTURES, 'water-cycle-worksheet.docx'))],
  ['volcano-slides.pptx', () => readFileSync(path.join(FIXTURES, 'volcano-slides.pptx'))],
  ['libtasn1-manual.pdf', () => readFileSync(path.join(FIXTURES, 'drafting/libtasn1-manual.pdf'))],
];
const RULE_DRAFTS = 10;

/** "2 of 10 drafts break a rule (fragment 1, optionKind 1)", or that none does. */
function ruleReport(questions: ReturnType<typeof draftLocally>, pages: Parameters<typeof draftLocally>[0]): string {
  const { perDraft, spread } = brokenRules(questions, pages);
  const breaking = perDraft.filter((rules) => rules.length > 0).length;
  const byRule = new Map<Rule, number>();
  for (const rule of perDraft.flat()) byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
  const which = [...byRule].map(([rule, count]) => `${rule} ${count}`).join(', ');
  return `${breaking} of ${questions.length} drafts break a rule (target 0)${which ? ` (${which})` : ''}${spread ? '' : `; not ${RULES.spread.replace('the drafts ', '')}`}`;
}

const timed = <T>(work: () => T): [T, number] => {
  const begin = performance.now();
  const result = work();
  return [result, performance.now() - begin];
};

async function main() {
  console.log(`\nDrafting benchmark (local drafter, ${DRAFT_LIMITS.countMax} questions of every kind; median of ${RUNS} runs after a first)`);
  let first = true;
  for (const [name, bytes] of FILES) {
    const text = await extractText(bytes(), fileKindOf(name));
    const [questions, cold] = timed(() => draftLocally(text.pages, DRAFT_LIMITS.countMax, DRAFT_KINDS));
    const runs = Array.from({ length: RUNS }, () => timed(() => draftLocally(text.pages, DRAFT_LIMITS.countMax, DRAFT_KINDS))[1]).sort((a, b) => a - b);
    const characters = text.pages.reduce((sum, page) => sum + page.text.length, 0);
    console.log(
      `  ${name.padEnd(28)} ${String(text.pages.length).padStart(3)} page${text.pages.length === 1 ? ' ' : 's'} ${String(characters).padStart(7)} characters: ` +
        `${String(questions.length).padStart(2)} questions, median ${runs[Math.floor(RUNS / 2)]!.toFixed(0).padStart(4)} ms` +
        (first ? ` (first draft, with loading the model: ${cold.toFixed(0)} ms)` : ''),
    );
    console.log(`  ${''.padEnd(28)} ${ruleReport(draftLocally(text.pages, RULE_DRAFTS, DRAFT_KINDS), text.pages)}`);
    first = false;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
