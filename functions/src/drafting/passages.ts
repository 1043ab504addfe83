// Which parts of a file's text can be asked about: the prose of its pages, without its headings, table of contents,
// page numbers, table cells, instructions or questions. Both drafters use it (the local drafter writes questions from
// these sentences; the Bedrock drafter sends only this text), so neither drafts from a heading or a page number.
import type { TextPage } from '@shared/section-text';

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
  for (const page of pages) {
    const lines = page.text.split(/\r?\n/).map((line) => line.replace(/\s+/g, ' ').trim());
    let current: string[] = [];
    let numbered = false;
    const flush = () => {
      if (current.length) passages.push({ page: page.number, text: current.join(' '), numbered });
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

/** The pages' prose again as text, passage per line: what the Bedrock drafter sends (headings and numbers left out). */
export function proseText(pages: readonly TextPage[], maxCharacters: number): { page: number; text: string }[] {
  const byPage = new Map<number, string[]>();
  let total = 0;
  for (const passage of prosePassages(pages)) {
    if (total + passage.text.length > maxCharacters) break;
    total += passage.text.length;
    byPage.set(passage.page, [...(byPage.get(passage.page) ?? []), passage.text]);
  }
  return [...byPage].map(([page, texts]) => ({ page, text: texts.join('\n') }));
}
