// Which parts of a file's text can be asked about: the prose of its pages, without its headings, table of contents,
// page numbers, running headers and footers, labels, code, licence text, table cells, instructions or questions; lines
// a sentence wraps over (and words hyphenated at a line's end) joined again. Both drafters use it (the local drafter writes questions from
// these sentences; the Bedrock drafter sends only this text), so neither drafts from a heading or a page number.
import type { TextPage } from '@shared/contract/search';

/** A run of prose on one page: the lines between two structural lines (a heading, a page number, a blank line). */
export interface Passage {
  page: number;
  text: string;
  /** A numbered list item ("3. ..."): on a worksheet, a question or task whose sentences are asked, not stated. */
  numbered: boolean;
}

const SENTENCE_END = /[.!?]["'\u2019\u201d)]?$/;
const BULLET = /^(?:[\u2022\u25aa\u25cf\u25e6\u2023\u2043\u2013*-]|\(?\d{1,3}[.)]|\(?[a-z][.)])\s+/i;
const NUMBERED = /^\(?\d{1,3}[.)]\s/;
const PAGE_NUMBER = /^(?:(?:page|slide|p\.)\s*)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$/i;
/** A contents line: a title and its page number, with dot leaders, a tab or wide spacing between them. */
const CONTENTS_LINE = /(?:\.{2,}|\u2026|\t| {2,})\s*\d{1,4}\s*$/;
const CONTENTS_TITLE = /^(?:table of )?contents$/i;
/** A line of a heading's length: prose lines that end without a full stop and are this short are taken as titles. */
const HEADING_MAX_WORDS = 12;

const words = (line: string) => line.split(/\s+/).filter(Boolean).length;

/** Code and syntax: statements, braces, assignments, prototypes, preprocessor lines, command synopses. */
const CODE_LINE = /[{};]\s*$|^[{}]|::=|^#\s*\w|^\s*(?:\/\/|\/\*|--\s)|\w\s*\([^)]*\)\s*;?\s*$|^(?:\$|>>>)\s|^[\w.-]+\s+\[[A-Z-]+\]/;
/** A line that opens with a label ("Usage:", "DER_LEN:", "Returns:"): a field of reference text, not a statement. */
const LABEL = /^[\p{L}_][\p{L}\p{N}_ -]{0,24}:(?:\s|$)/u;
/** The title of a licence or its appendix: from there to the end of the document is licence text. */
const LICENCE_TITLE = /^(?:appendix \w+\s+)?(?:copying(?: information| conditions)?|(?:the )?(?:gnu )?(?:(?:lesser |library )?general public|free documentation) licen[cs]e|licen[cs]e|creative commons.*)$/i;
/** Licence and copyright wording wherever it stands (a manual's copying notice, a slide's credits). */
const LICENCE_WORDS = /\bcopyright\b|\(c\)\s*\d{4}|permission is granted|\blicen[cs]e[sd]?\b|invariant sections|(?:front|back)-cover texts|all rights reserved|\bwarrant(?:y|ies)\b|creative commons|public domain/i;

/** Lines that repeat at the top or the bottom of most pages, their numbers aside: running headers and footers. */
function runningLines(pages: readonly TextPage[]): Set<string> {
  const shape = (line: string) => line.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
  const counts = new Map<string, number>();
  for (const page of pages) {
    const lines = page.text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
    for (const line of new Set([...lines.slice(0, 2), ...lines.slice(-2)].map(shape))) counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const least = Math.max(3, Math.ceil(pages.length * 0.4));
  return new Set([...counts].filter(([, count]) => count >= least).map(([line]) => line));
}

/** A word split at a line's end ("OP-" + "TIONAL"): joined again, the hyphen dropped when both halves are one case. */
function joinLine(previous: string, line: string): string {
  const split = /(\p{L}+)-$/u.exec(previous);
  const next = /^\p{L}+/u.exec(line);
  if (!split || !next) return `${previous} ${line}`;
  const sameCase = (/^\p{Ll}+$/u.test(split[1]!) && /^\p{Ll}/u.test(next[0])) || (/^\p{Lu}+$/u.test(split[1]!) && /^\p{Lu}+$/u.test(next[0]));
  return sameCase ? `${previous.slice(0, -1)}${line}` : `${previous}${line}`;
}

/**
 * The number each page prints (its footer's or header's number), by page of the file, when the document numbers its
 * pages: most pages print one, each one more than the page before. Empty when it does not (slides, a Word file).
 */
export function printedPageNumbers(pages: readonly TextPage[]): Map<number, number> {
  const printed = new Map<number, number>();
  for (const page of pages) {
    const lines = page.text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
    const number = [lines[lines.length - 1], lines[0]].map((line) => /^(?:page\s+)?(\d{1,4})(?:\s*(?:of|\/)\s*\d{1,4})?$/i.exec(line ?? '')?.[1]).find(Boolean);
    if (number) printed.set(page.number, Number(number));
  }
  const offsets = new Map<number, number>();
  for (const [file, number] of printed) offsets.set(file - number, (offsets.get(file - number) ?? 0) + 1);
  const [offset, count] = [...offsets].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  // Numbers that agree with each other on most pages, and differ from the file's (else citing them adds nothing).
  if (pages.length < 3 || count < pages.length * 0.5 || offset === 0) return new Map();
  return new Map([...printed].filter(([file, number]) => file - number === offset));
}

/** Headings, page numbers and contents lines, judged with the lines around them. */
function isStructural(line: string, next: string | undefined): boolean {
  if (PAGE_NUMBER.test(line) || CONTENTS_LINE.test(line) || CONTENTS_TITLE.test(line)) return true;
  if (/^[^a-z]*$/.test(line) && /[A-Z]/.test(line)) return true; // ALL CAPS
  if (SENTENCE_END.test(line)) return false;
  // A short line without a full stop is a title ("2. Safety" too) unless the sentence goes on in the next line (which
  // then starts in lower case, as a wrapped line does).
  return words(line.replace(BULLET, '')) <= HEADING_MAX_WORDS && !(next !== undefined && /^[a-z]/.test(next));
}

/** The prose passages of each page, in reading order; a bullet is a passage of its own. */
export function prosePassages(pages: readonly TextPage[]): Passage[] {
  const passages: Passage[] = [];
  const running = runningLines(pages);
  // A licence title in the document's second half starts its licence appendix, which runs to the end.
  const licenceFrom = pages.find((page, index) => index >= pages.length / 2 && page.text.split(/\r?\n/).some((line) => LICENCE_TITLE.test(line.trim())))?.number;
  for (const page of pages) {
    if (licenceFrom !== undefined && page.number >= licenceFrom) {
      const before = page.text.split(/\r?\n/).findIndex((line) => LICENCE_TITLE.test(line.trim()));
      if (page.number > licenceFrom || before <= 0) continue;
    }
    const allLines = page.text.split(/\r?\n/).map((line) => line.replace(/\s+/g, ' ').trim());
    const licenceLine = page.number === licenceFrom ? allLines.findIndex((line) => LICENCE_TITLE.test(line)) : -1;
    const lines = (licenceLine >= 0 ? allLines.slice(0, licenceLine) : allLines).map((line) =>
      running.has(line.replace(/\d+/g, '#').toLowerCase()) || CODE_LINE.test(line) ? '' : line,
    );
    let current: string[] = [];
    let numbered = false;
    const flush = () => {
      const text = current.reduce((joined, line) => (joined ? joinLine(joined, line) : line), '');
      if (text && !LABEL.test(text) && !LICENCE_WORDS.test(text)) passages.push({ page: page.number, text, numbered });
      current = [];
      numbered = false;
    };
    let inContents = false;
    lines.forEach((line, index) => {
      const next = lines.slice(index + 1).find(Boolean);
      if (!line) return flush();
      if (CONTENTS_TITLE.test(line)) inContents = true;
      if (inContents && (CONTENTS_LINE.test(line) || /\d\s*$/.test(line) || CONTENTS_TITLE.test(line))) return flush();
      inContents = false;
      if (isStructural(line, next)) return flush();
      if (BULLET.test(line)) {
        flush();
        numbered = NUMBERED.test(line);
        current.push(line.replace(BULLET, ''));
        if (SENTENCE_END.test(line)) flush();
        return;
      }
      current.push(line);
      if (SENTENCE_END.test(line) && !(next !== undefined && /^[a-z]/.test(next))) flush();
    });
    flush();
  }
  return passages;
}

/** Each draft's source with the page as the document prints it, where it numbers its pages (else as it was). */
export function withPrintedPages<T extends { source: { page: number; printedPage?: number } }>(questions: T[], pages: readonly TextPage[]): T[] {
  const printed = printedPageNumbers(pages);
  return questions.map((question) => {
    const printedPage = printed.get(question.source.page);
    return printedPage === undefined ? question : { ...question, source: { ...question.source, printedPage } };
  });
}

/**
 * The pages' prose again as text, passage per line: what the Bedrock drafter sends (headings and numbers left out),
 * less the sentences `leftOut` names (those the teacher saved or discarded drafts of: nothing is asked of them again).
 */
export function proseText(pages: readonly TextPage[], maxCharacters: number, leftOut: (sentence: string) => boolean = () => false): { page: number; text: string }[] {
  const byPage = new Map<number, string[]>();
  let total = 0;
  for (const passage of prosePassages(pages)) {
    const text = passage.text
      .split(/(?<=[.!?])\s+(?=\p{Lu})/u)
      .filter((sentence) => !leftOut(sentence))
      .join(' ');
    if (!text) continue;
    if (total + text.length > maxCharacters) break;
    total += text.length;
    byPage.set(passage.page, [...(byPage.get(passage.page) ?? []), text]);
  }
  return [...byPage].map(([page, texts]) => ({ page, text: texts.join('\n') }));
}
