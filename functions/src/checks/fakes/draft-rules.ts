// The rules a draft a teacher would keep follows, for the quality test (functions/src/checks/adapters/draft-quality.test.ts)
// and the bench (bench/drafting.ts): every fault issue 41 found in drafts from a real manual has a rule here, checked on
// the drafts and the document's own text, independently of how the drafter avoids it.
import type { DraftedQuestion } from '@shared/contract/checks';
import type { TextPage } from '@shared/contract/search';

export const RULES = {
  fragment: 'the source is a whole sentence of prose (not a label, code, a heading or the tail of another sentence)',
  hyphen: 'no line-break hyphen is left in a word ("OP- TIONAL")',
  cutWord: 'a blank is a whole term, never part of a word or a name',
  standAlone: 'the prompt stands alone ("this function" names no function)',
  boilerplate: 'nothing is drawn from licence or copyright text, a running header or a footer',
  optionKind: 'every option is of the answer\u2019s kind (written alike, no verb among nouns, no licence term)',
  duplicate: 'no two drafts share a prompt or a source sentence',
  spread: 'the drafts come from every third of the document',
  printedPage: 'a draft from a page with a printed number cites that number',
} as const;
export type Rule = keyof typeof RULES;

const BLANK = '_____';
const LICENCE = /copyright|licen[cs]e|invariant section|cover texts?|title page|warrant|permission|document(?:ation)? license|free software foundation|endorsements?|secondary sections?/i;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const asWord = (text: string) => new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRegExp(text)}(?![\\p{L}\\p{N}_-])`, 'iu');
const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const lines = (page: TextPage) => page.text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

/** The printed page number on a page: a number alone on its first or last line. */
const printedNumber = (page: TextPage) => [lines(page).at(-1), lines(page)[0]].map((line) => /^\d{1,4}$/.exec(line ?? '')?.[0]).find(Boolean);

/** The right answer's words, and the wrong options. */
function answerAndOptions(question: DraftedQuestion): { answer: string[]; wrong: string[] } {
  if (question.kind === 'text') return { answer: question.answer, wrong: [] };
  if (question.kind === 'single' || question.kind === 'multiple') {
    return { answer: question.options.filter((option) => question.answer.includes(option.id)).map((option) => option.text), wrong: question.options.filter((option) => !question.answer.includes(option.id)).map((option) => option.text) };
  }
  return { answer: [], wrong: [] };
}

const shape = (text: string) => (/^[\p{Lu}\p{N}\s-]+$/u.test(text) && /\p{Lu}{2}/u.test(text) ? 'capitals' : /^\p{Lu}/u.test(text) ? 'name' : 'common');

/** Words the document uses as verbs: after a subject pronoun, "function" or "which/that" ("it returns", "which copies"). */
function verbsOf(pages: readonly TextPage[]): Set<string> {
  const verbs = new Set<string>();
  for (const page of pages) for (const match of page.text.matchAll(/\b(?:it|this|that|which|function)\s+(\p{Ll}+s)\b/gu)) verbs.add(match[1]!);
  return verbs;
}

/** The rules each draft breaks (a draft may break several), and whether the drafts as a whole are spread. */
export function brokenRules(questions: readonly DraftedQuestion[], pages: readonly TextPage[]): { perDraft: Rule[][]; spread: boolean } {
  const verbs = verbsOf(pages);
  // Running headers and footers: first or last lines that repeat (numbers aside) on three pages or more.
  const edgeLines = pages.flatMap((page) => [lines(page)[0], lines(page).at(-1)]).filter((line): line is string => !!line).map((line) => squeezed(line).replace(/\d+/g, '#'));
  const running = new Set(edgeLines.filter((line) => line.length >= 8 && edgeLines.filter((other) => other === line).length >= 3));
  const perDraft = questions.map((question) => {
    const broken = new Set<Rule>();
    const { passage } = question.source;
    const prompt = question.prompt;
    const { answer, wrong } = answerAndOptions(question);
    if (!/^[\p{Lu}"'\u201c]/u.test(passage) || !/[.!]["'\u2019\u201d)]?$/.test(passage) || /^[\p{L}_][\p{L}\p{N}_ -]{0,24}:\s/u.test(passage) || /[{}]|;\s*$|::=|^\S+,\s+(?:and|or)\b/.test(passage)) broken.add('fragment');
    if ((passage.match(/(?<!\p{L})'|'(?!\p{L})/gu) ?? []).length % 2 === 1) broken.add('fragment');
    if (/\p{Ll}- \p{Ll}|\p{Lu}{2}- \p{Lu}{2}/u.test(passage) || /\p{Ll}- \p{Ll}|\p{Lu}{2}- \p{Lu}{2}/u.test(prompt)) broken.add('hyphen');
    if (new RegExp(`[\\p{L}\\p{N}_-]${BLANK}|${BLANK}[\\p{L}\\p{N}_]`, 'u').test(prompt) || prompt.split(BLANK).length > 2) broken.add('cutWord');
    if (answer.some((word) => !asWord(word).test(passage))) broken.add('cutWord');
    if (/\b(?:this|these|such)\b/i.test(passage) || /^(?:it|they|its|their)\b/i.test(passage)) broken.add('standAlone');
    if (LICENCE.test(passage) || [...running].some((line) => squeezed(passage).replace(/\d+/g, '#').includes(line))) broken.add('boilerplate');
    for (const option of wrong) {
      if (answer[0] !== undefined && shape(option) !== shape(answer[0])) broken.add('optionKind');
      if (verbs.has(option.toLowerCase()) || LICENCE.test(option)) broken.add('optionKind');
    }
    const others = questions.filter((other) => other !== question);
    if (others.some((other) => squeezed(other.prompt) === squeezed(prompt) || squeezed(other.source.passage) === squeezed(passage))) broken.add('duplicate');
    const printed = printedNumber(pages.find((page) => page.number === question.source.page) ?? { number: 0, text: '' });
    const numbered = pages.filter((page) => printedNumber(page) !== undefined).length >= pages.length / 2;
    if (numbered && printed !== undefined && Number(printed) !== question.source.page && question.source.printedPage !== Number(printed)) broken.add('printedPage');
    return [...broken];
  });
  // Thirds of the pages that have prose (a licence appendix or an index at the end is not the document's subject).
  const prosePages = pages.filter((page) => !LICENCE.test(page.text.slice(0, 400)) && lines(page).length > 3).map((page) => page.number);
  const [first, last] = [Math.min(...prosePages), Math.max(...prosePages)];
  const thirds = new Set(questions.map((question) => Math.min(2, Math.floor(((question.source.page - first) * 3) / (last - first + 1)))));
  const spread = prosePages.length < 3 || questions.length < 3 || thirds.size === 3;
  return { perDraft, spread };
}
