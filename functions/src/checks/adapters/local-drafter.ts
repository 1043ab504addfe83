// The drafter that runs beside the API (locally, and in AWS where Bedrock is not enabled): deterministic, on wink-nlp
// and its English model (shipped in the npm package, no download). From the file's prose sentences it finds the key
// terms of the document (nouns and short noun compounds, weighted by how often the document uses them) and writes:
// short-answer cloze questions (the key term blanked), multiple choice (the other options are other key terms of the
// same document) and true/false (the sentence as written, or with its key term swapped for another).
import { draftedQuestionSchema, type DraftedQuestion } from '@shared/contract/checks';
import type { DraftKind } from '@shared/drafts';
import type { ItemSentence, ItemToken, ItsFunction } from 'wink-nlp';
import type { TextPage } from '@shared/contract/search';
import type { QuestionDrafter } from '../port';
import { prosePassages, withPrintedPages } from './passages';

type Wink = typeof import('wink-nlp').default;
type Nlp = ReturnType<Wink>;
type Model = typeof import('wink-eng-lite-web-model').default;

let nlp: Nlp | undefined;
/** Built on the first draft (the model takes ~100 ms to load), never on import. */
function language(): Nlp {
  if (!nlp) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: the Bedrock drafter's cold start does not pay for the model
    const winkNLP = require('wink-nlp') as Wink;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
    nlp = winkNLP(require('wink-eng-lite-web-model') as Model);
  }
  return nlp;
}

const SENTENCE = { minWords: 6, maxWords: 45, maxCharacters: 400 } as const;
const TERM_MAX_WORDS = 3;
const BLANK = '_____';
/** Nouns too general to be what a question is about. */
const GENERIC_NOUNS = new Set(
  'thing things part parts way ways number numbers page pages slide slides example examples lot kind kinds type types time times use form forms side sides end one ones question questions answer answers sentence sentences reading diagram worksheet chapter section figure table mark marks total word words line lines point points step steps fact facts following metre meter centimetre millimetre minute hour day week month year percent degree none nothing something everything anything'.split(' '),
);
/** A sentence that opens with one of these is an instruction to the reader, not a statement to ask about. */
const INSTRUCTION_VERBS = new Set(
  'add answer ask calculate call check choose circle click compare complete copy create delete describe discuss draw enter explain fill find free get give identify install label list look make match name note open outline pause point press read remember remind remove run search see select set show state suggest tell think try type underline use work write'.split(' '),
);
const NOUN = new Set(['NOUN', 'PROPN']);

interface Token {
  text: string;
  lemma: string;
  pos: string;
}

interface Sentence {
  page: number;
  text: string;
  /** The key terms it contains, as written in it. */
  terms: Term[];
}

interface Term {
  /** Lower-case lemmas: two spellings of one term share it. */
  key: string;
  surface: string;
}

const normalized = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A hyphen or an underscore joins words: "product" is not a word of "by-product", nor "FLAG" of "ASN1_DECODE_FLAG_STRICT".
const wordPattern = (term: string) => new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRegExp(term)}(?![\\p{L}\\p{N}_-])`, 'giu');
const contains = (text: string, term: string) => wordPattern(term).test(text);

/** A stable number from a text: where the right option goes, which distractor a question takes. */
function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 16777619) >>> 0;
  return value;
}

function tokensOf(sentence: ItemSentence, its: Nlp['its']): Token[] {
  const tokens: Token[] = [];
  sentence.tokens().each((token: ItemToken) => tokens.push({ text: token.out(), lemma: String(token.out(its.lemma as ItsFunction<string>)).toLowerCase(), pos: String(token.out(its.pos)) }));
  return tokens;
}

/** Words about the document's layout ("the picture below", "on this slide"): not facts of the subject. */
const LAYOUT_WORDS = /\b(?:(?:this|next|previous|following) (?:page|slide|picture|diagram)|below|above)\b/i;

/** An instruction: an imperative first word, or after an opening phrase ("In one sentence, explain what ..."). */
function isInstruction(tokens: Token[]): boolean {
  const isVerb = (token: Token | undefined) => token !== undefined && (INSTRUCTION_VERBS.has(token.lemma) || INSTRUCTION_VERBS.has(token.text.toLowerCase()));
  return isVerb(tokens[0]) || tokens.some((token, index) => token.text === ',' && isVerb(tokens[index + 1]) && !['NOUN', 'PROPN', 'PRON'].includes(tokens[index + 2]?.pos ?? ''));
}

/**
 * Words that point at something the sentence does not name ("This function returns...", "In these cases..."): as a
 * question on its own the reader cannot tell what they mean.
 */
const POINTING_WORDS = /\b(?:this|these|those|such|former|latter|aforementioned|above|below)\b|^(?:it|its|they|their|them|that|he|she|here|there|then|also|however|otherwise)\b/i;
/** Names of code (asn1_create_element, 'ASN1_SUCCESS', der_len, f()): a prompt may quote one, not a list of them. */
const CODE_NAME = /\w_\w|\w\(\)|'[^']+'|\*\w/g;

/**
 * A piece of a sentence, not a statement: the tail of another ("NULL, and ..."), or one that opens with its verb (a
 * reference entry's "Creates the encoding of ...", its subject in the heading above it).
 */
function isFragment(text: string, tokens: Token[]): boolean {
  if (/^[^\s,]+,\s+(?:and|or|but)\b/i.test(text) || (/^\p{Lu}\p{Ll}+s$/u.test(tokens[0]?.text ?? '') && tokens[1]?.pos === 'DET')) return true;
  if (/ly$/i.test(tokens[0]?.text ?? '') && tokens[1]?.pos === 'VERB') return true;
  // No finite verb: a name and what it is "used to" or "defined by" (a reference entry's description).
  // Or only a relative clause's: "Function that generates a structure from a file."
  // (a noun the tagger took for a verb, "an ASN1 file", "a definitions file.", is not a second verb).
  const mainVerbs = tokens.filter(
    (token, index) =>
      token.pos === 'AUX' ||
      (token.pos === 'VERB' && !['DET', 'ADJ', 'PROPN'].includes(tokens[index - 1]?.pos ?? '') && !(tokens[index - 1]?.pos === 'NOUN' && tokens[index + 1]?.pos === 'PUNCT')),
  );
  if (/^(?:that|which|who)$/i.test(tokens[1]?.text ?? '') && mainVerbs.length <= 1) return true;
  const firstVerb = tokens.findIndex((token) => token.pos === 'VERB');
  if (!tokens.some((token) => token.pos === 'AUX') && firstVerb >= 0 && firstVerb <= 2 && /ed$/i.test(tokens[firstVerb]!.text) && ['ADP', 'PART'].includes(tokens[firstVerb + 1]?.pos ?? '')) return true;
  // A quotation cut in two where the sentence splitter took a dot inside it for a full stop ("Group' (as a string.)").
  if ((text.match(/(?<!\p{L})'|'(?!\p{L})/gu) ?? []).length % 2 === 1) return true;
  const verb = tokens.findIndex((token) => token.pos === 'VERB' || token.pos === 'AUX');
  return verb >= 0 && !tokens.slice(0, verb).some((token) => ['NOUN', 'PROPN', 'PRON', 'NUM', 'X'].includes(token.pos));
}

/** Statements worth asking about: whole sentences of prose with a verb, neither questions nor instructions nor about pages. */
function isInformative(text: string, tokens: Token[]): boolean {
  const wordCount = tokens.filter((token) => /\p{L}/u.test(token.text)).length;
  if (wordCount < SENTENCE.minWords || wordCount > SENTENCE.maxWords || text.length > SENTENCE.maxCharacters) return false;
  if (!/^[\p{Lu}]/u.test(text) || !/[.!]["'\u2019\u201d)]?$/.test(text)) return false;
  if (isInstruction(tokens) || isFragment(text, tokens) || POINTING_WORDS.test(text)) return false;
  if ((text.match(CODE_NAME) ?? []).length > 1) return false;
  if (/\b(?:you|your|yours|yourself)\b/i.test(text) || /\b(?:page|slide)s?\s+\d/i.test(text) || LAYOUT_WORDS.test(text)) return false;
  return tokens.some((token, index) => index > 0 && (token.pos === 'VERB' || token.pos === 'AUX'));
}

/**
 * A present-tense verb the tagger took for a plural noun: "magma rises because", "lava that flows a long way".
 * Blanking it would ask for a verb among nouns.
 */
function looksLikeVerb(tokens: Token[], index: number): boolean {
  const [previous, token, next] = [tokens[index - 1], tokens[index]!, tokens[index + 1]];
  if (!/s$/.test(token.text) || !previous) return false;
  if (/^(?:that|which|who)$/i.test(previous.text)) return true;
  return NOUN.has(previous.pos) && ['SCONJ', 'ADP', 'DET', 'PRON', 'ADV'].includes(next?.pos ?? '');
}

/** Noun terms as written: single nouns, and runs of adjectives and nouns ending in a noun (up to three words). */
function termsOf(tokens: Token[]): Term[] {
  const terms: Term[] = [];
  const add = (run: Token[]) => {
    const head = run[run.length - 1]!;
    if (run.length === 1 && (GENERIC_NOUNS.has(head.lemma) || head.text.length < 3)) return;
    if (!/^[\p{L}][\p{L}'-]*$/u.test(head.text)) return;
    // A sentence's first word loses its capital (the tagger takes most capitalised first words for names), unless it is
    // an abbreviation ("DNA"), so it reads right in another sentence.
    const words = run.map((token, index) => (token === tokens[0] && index === 0 && !/^\p{Lu}{2,}$/u.test(token.text) ? token.text.toLowerCase() : token.text));
    terms.push({ key: run.map((token) => token.lemma).join(' '), surface: words.join(' ') });
  };
  for (let start = 0; start < tokens.length; start += 1) {
    if (!(NOUN.has(tokens[start]!.pos) || tokens[start]!.pos === 'ADJ')) continue;
    let end = start;
    while (end + 1 < tokens.length && end - start + 1 < TERM_MAX_WORDS && (NOUN.has(tokens[end + 1]!.pos) || tokens[end + 1]!.pos === 'ADJ')) end += 1;
    // The longest run ending in a noun, and its head noun alone. A verb after a noun, tagged as one ("the cell membrane
    // controls which"), is left out: a plural noun ending a run right before a determiner or pronoun.
    while (end >= start && !NOUN.has(tokens[end]!.pos)) end -= 1;
    if (end > start && /s$/.test(tokens[end]!.text) && ['DET', 'PRON', 'SCONJ'].includes(tokens[end + 1]?.pos ?? '')) end -= 1;
    while (end >= start && !NOUN.has(tokens[end]!.pos)) end -= 1;
    if (end < start) continue;
    const run = tokens.slice(start, end + 1);
    if (run.length === 1 && looksLikeVerb(tokens, start)) continue;
    if (run.every((token) => /^[\p{L}][\p{L}'-]*$/u.test(token.text))) {
      if (run.length > 1) add(run);
      // The head noun alone, unless it ends a compound of nouns ("carbon dioxide": not "carbon _____").
      if (run.length === 1 || run[run.length - 2]!.pos === 'ADJ') add([run[run.length - 1]!]);
    }
    start = end;
  }
  return terms;
}

/** The document's informative sentences with their key terms, and each term's weight in the document. */
function analyse(pages: readonly TextPage[], isSettled: (passage: string) => boolean) {
  const { readDoc, its } = language();
  const sentences: Sentence[] = [];
  const counts = new Map<string, number>();
  /** How often the document uses each word as a verb and as a noun: one it uses as a verb ("returns") is no term. */
  const uses = new Map<string, { verb: number; noun: number }>();
  const seen = new Set<string>();
  for (const passage of prosePassages(pages)) {
    const read: { text: string; tokens: Token[] }[] = [];
    readDoc(passage.text)
      .sentences()
      .each((sentence: ItemSentence) => read.push({ text: sentence.out().trim(), tokens: tokensOf(sentence, its) }));
    // A numbered item with a question or a task in it is a worksheet's question: none of it is a statement to ask about.
    const isTask = passage.numbered && read.some(({ text, tokens }) => text.endsWith('?') || isInstruction(tokens));
    for (const { text, tokens } of read) {
      for (const token of tokens) {
        const use = uses.get(token.text.toLowerCase()) ?? { verb: 0, noun: 0 };
        if (token.pos === 'VERB') use.verb += 1;
        if (NOUN.has(token.pos)) use.noun += 1;
        uses.set(token.text.toLowerCase(), use);
      }
      const terms = termsOf(tokens);
      for (const term of terms) counts.set(term.key, (counts.get(term.key) ?? 0) + 1);
      const key = normalized(text);
      if (isTask || seen.has(key) || !isInformative(text, tokens) || isSettled(text)) continue;
      seen.add(key);
      sentences.push({ page: passage.page, text, terms });
    }
  }
  // A compound is a term only when the document uses it more than once (else "release energy" would be one); a term
  // in most sentences (the document's subject, "cell" in a reading on cells) would fit almost any blank.
  const weight = (term: Term) => {
    const count = counts.get(term.key) ?? 0;
    const length = term.key.split(' ').length;
    if (length > 1 && count < 2) return 0;
    const use = uses.get(term.surface.toLowerCase());
    if (length === 1 && use && use.verb > 0 && use.verb >= use.noun) return 0;
    const everywhere = sentences.length >= 4 && count > sentences.length * 0.4;
    return Math.log2(1 + count) * (1 + 0.5 * (length - 1)) * (everywhere ? 0.25 : 1);
  };
  return { sentences, weight };
}

interface Candidate {
  sentence: Sentence;
  term: Term;
}

/** Each sentence with its key terms that appear in it as written, best first; the most informative sentences first. */
function rankedSentences(sentences: Sentence[], weight: (term: Term) => number): { sentence: Sentence; terms: Term[] }[] {
  return sentences
    .map((sentence) => ({
      sentence,
      terms: sentence.terms
        // Never a word of a longer term in the sentence ("cell" of "cell membrane"): its blank would split that term; never
        // a term the sentence uses twice (two blanks) or quotes (a name in code: 'der', 'STRUCTURE').
        .filter(
          (term) =>
            weight(term) > 0 &&
            (sentence.text.match(wordPattern(term.surface)) ?? []).length === 1 &&
            !new RegExp(`'[^']*${escapeRegExp(term.surface)}[^']*'`, 'iu').test(sentence.text) &&
            !sentence.terms.some((other) => other.key !== term.key && contains(other.surface, term.surface)),
        )
        .sort((a, b) => weight(b) - weight(a) || b.surface.length - a.surface.length),
    }))
    .filter(({ terms }) => terms.length > 0)
    .sort((a, b) => weight(b.terms[0]!) - weight(a.terms[0]!) || a.sentence.page - b.sentence.page);
}

/** How a term is written: an abbreviation or a name in capitals ("OCTET STRING"), a proper name, or a common noun. */
function shapeOf(surface: string): 'capitals' | 'name' | 'common' {
  if (/^[\p{Lu}\p{N}\s-]+$/u.test(surface) && /\p{Lu}{2}/u.test(surface)) return 'capitals';
  return /^\p{Lu}/u.test(surface) ? 'name' : 'common';
}

/**
 * Other key terms of the document for a question on `candidate`, of the answer's kind (written as it is: capitals for
 * capitals, a name for a name, a common noun for one; plural for plural): not in its sentence, not part of its answer.
 */
function distractorsFor(candidate: Candidate, pool: Term[], wanted: number): string[] {
  const answer = candidate.term.surface.toLowerCase();
  const length = candidate.term.key.split(' ').length;
  const shape = shapeOf(candidate.term.surface);
  const plural = (term: Term) => /s$/i.test(term.surface) && (term.surface.toLowerCase().split(' ').pop() !== term.key.split(' ').pop() || !/(?:ss|us|is|as)$/i.test(term.surface));
  const fitting = pool.filter((term) => {
    const text = term.surface.toLowerCase();
    return (
      term.key !== candidate.term.key &&
      shapeOf(term.surface) === shape &&
      plural(term) === plural(candidate.term) &&
      !answer.includes(text) &&
      !text.includes(answer) &&
      !contains(candidate.sentence.text, term.surface)
    );
  });
  // Terms of the answer's length first, so the right option does not stand out by its length.
  const ordered = [...fitting.filter((term) => term.key.split(' ').length === length), ...fitting.filter((term) => term.key.split(' ').length !== length)];
  const chosen: string[] = [];
  const offset = ordered.length ? hash(candidate.sentence.text) % Math.min(ordered.length, 8) : 0;
  for (let index = 0; index < ordered.length && chosen.length < wanted; index += 1) {
    const surface = ordered[(offset + index) % ordered.length]!.surface;
    if (!chosen.some((other) => other.toLowerCase() === surface.toLowerCase())) chosen.push(surface);
  }
  return chosen;
}

/** The sentence with `term` replaced by `other`, "a" or "an" before it made to fit ("an LEN" would give it away). */
function withArticle(sentence: string, term: string, other: string): string {
  const article = /^[aeiou]/i.test(other) && !/^(?:u[nrs]i|eu|one)/i.test(other) ? 'an' : 'a';
  return sentence.replace(new RegExp(`\\b(an?)(\\s+)(?=${wordPattern(term).source})`, 'iu'), (_, written: string, space: string) => (written[0] === 'A' ? capitalized(article) : article) + space).replace(wordPattern(term), other);
}

const blanked = (sentence: string, term: string) => sentence.replace(wordPattern(term), BLANK);
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function question(candidate: Candidate, kind: DraftKind, index: number, pool: Term[]): DraftedQuestion | undefined {
  const { sentence, term } = candidate;
  const id = `draft-${index + 1}`;
  const source = { page: sentence.page, passage: sentence.text };
  const explanation = `The text says: "${sentence.text}"`;
  if (kind === 'text') {
    return { id, kind, prompt: `Fill in the blank: ${blanked(sentence.text, term.surface)}`, points: 1, explanation, answer: [term.surface], source };
  }
  if (kind === 'single') {
    const distractors = distractorsFor(candidate, pool, 3);
    if (distractors.length < 2) return undefined;
    const texts = [...distractors];
    texts.splice(hash(sentence.text) % (texts.length + 1), 0, term.surface);
    const options = texts.map((text, position) => ({ id: `option-${position + 1}`, text }));
    const correct = options.find((option) => option.text === term.surface)!;
    return { id, kind, prompt: `Which completes the sentence? ${blanked(sentence.text, term.surface)}`, points: 1, explanation, options, answer: [correct.id], source };
  }
  // True/false: every other statement has its key term swapped for another of the document's (and so is false).
  const swapped = hash(sentence.text) % 2 === 0 ? distractorsFor(candidate, pool, 1)[0] : undefined;
  const statement = swapped ? capitalized(withArticle(sentence.text, term.surface, swapped)) : sentence.text;
  return { id, kind, prompt: `True or false? ${statement}`, points: 1, explanation, answer: !swapped, source };
}

/**
 * Drafts up to `count` questions, the kinds taken in turn; fewer when the text has fewer informative sentences. None
 * comes from a sentence `isSettled` (drafted before, and saved or discarded by the teacher).
 */
export function draftLocally(pages: readonly TextPage[], count: number, kinds: readonly DraftKind[], isSettled: (passage: string) => boolean = () => false): DraftedQuestion[] {
  const { sentences, weight } = analyse(pages, isSettled);
  const ranked = rankedSentences(sentences, weight);
  const pool = [...new Map(ranked.flatMap(({ terms }) => terms).map((term) => [term.key, term])).values()].sort((a, b) => weight(b) - weight(a));
  const questions: DraftedQuestion[] = [];
  const askedTerms = new Set<string>();
  const askedPrompts = new Set<string>();
  for (const { sentence, terms } of spreadOver(ranked, count)) {
    if (questions.length === count) break;
    // No two drafts ask the same thing: one question per sentence, per key term and per prompt (two sentences alike but
    // for their key term would read the same with it blanked).
    const term = terms.find((candidate) => !askedTerms.has(candidate.key) && !askedPrompts.has(normalized(blanked(sentence.text, candidate.surface))));
    if (!term) continue;
    const candidate = { sentence, term };
    const kind = kinds[questions.length % kinds.length]!;
    const drafted = question(candidate, kind, questions.length, pool) ?? (kinds.includes('text') ? question(candidate, 'text', questions.length, pool) : undefined);
    if (!drafted) continue;
    askedTerms.add(term.key);
    askedPrompts.add(normalized(blanked(sentence.text, term.surface)));
    questions.push(draftedQuestionSchema.parse(drafted) as DraftedQuestion);
  }
  // In the file's order, as a teacher reads it, each citing its page as printed where the document numbers its pages.
  const order = new Map(sentences.map((sentence, position) => [sentence.text, position]));
  return withPrintedPages(
    questions.sort((a, b) => order.get(a.source.passage)! - order.get(b.source.passage)!).map((drafted, position) => ({ ...drafted, id: `draft-${position + 1}` })),
    pages,
  );
}

/**
 * The ranked sentences taken in turn from each stretch of the document (as many stretches as questions asked for), so
 * the drafts cover the whole document rather than its densest chapter; within a stretch, best first.
 */
function spreadOver<T extends { sentence: Sentence }>(ranked: T[], count: number): T[] {
  if (!ranked.length) return ranked;
  const pagesOf = ranked.map(({ sentence }) => sentence.page);
  const [first, last] = [Math.min(...pagesOf), Math.max(...pagesOf)];
  const stretches: T[][] = Array.from({ length: count }, () => []);
  for (const each of ranked) stretches[Math.min(count - 1, Math.floor(((each.sentence.page - first) * count) / (last - first + 1)))]!.push(each);
  const spread: T[] = [];
  for (let round = 0; spread.length < ranked.length; round += 1) for (const stretch of stretches) if (stretch[round]) spread.push(stretch[round]!);
  return spread;
}

export const localDrafter: QuestionDrafter = {
  draft: async (pages, { count, kinds, isSettled }) => ({ drafter: 'local', questions: draftLocally(pages, count, kinds, isSettled) }),
};
