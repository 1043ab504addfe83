// A check as the teacher edits it: every field as typed (numbers as text, options in order), turned into the body of
// PUT …/check only when saving, so the shared schema (the server's) judges it and its messages land on the fields
// by their dotted paths (`questions.2.options.1.text`).
import { CHECK_LIMITS, type QuestionKind } from '@shared/checks';
import type { CheckInput, Question, TeacherCheck, DraftedQuestion } from '@shared/contract/checks';
import type { DrafterName } from '@shared/drafts';
import type { ScoreBand } from '@shared/paths';

export interface DraftOption {
  id: string;
  text: string;
}

export interface DraftQuestion {
  id: string;
  kind: QuestionKind;
  prompt: string;
  points: string;
  explanation: string;
  /** The choice kinds' options and which of them are correct. */
  options: DraftOption[];
  correct: string[];
  truefalse: boolean | null;
  /** Accepted answers of a text question, one per line. */
  accepted: string;
  value: string;
  tolerance: string;
  /** A drafted question not yet accepted: where in the file it came from. Never sent; saving waits until it is accepted or discarded. */
  drafted?: DraftedFrom;
  /** The source passage of a drafted question, kept once accepted: saving the check settles it (never drafted again). */
  fromPassage?: string;
}

/** Where a draft came from and which drafter wrote it. */
export interface DraftedFrom {
  page: number;
  /** The number the document prints on that page, where it differs from the file's. */
  printedPage?: number;
  passage: string;
  drafter: DrafterName;
}

/** A score band as typed: percents as text, the sections it releases and skips by id. */
export interface DraftBand {
  id: string;
  min: string;
  max: string;
  release: string[];
  skip: string[];
}

export interface CheckDraft {
  passMark: string;
  /** '' for unlimited. */
  maxAttempts: string;
  showCorrectness: boolean;
  showAnswers: boolean;
  questions: DraftQuestion[];
  /** Mastery rules: none unless the teacher adds them. */
  bands: DraftBand[];
}

export const KIND_LABELS: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  truefalse: 'True / false',
  text: 'Short text',
  number: 'Number',
};

export const isChoice = (kind: QuestionKind) => kind === 'single' || kind === 'multiple';

const newOption = (): DraftOption => ({ id: crypto.randomUUID(), text: '' });

export function newQuestion(kind: QuestionKind = 'single'): DraftQuestion {
  return {
    id: crypto.randomUUID(),
    kind,
    prompt: '',
    points: '1',
    explanation: '',
    options: [newOption(), newOption()],
    correct: [],
    truefalse: null,
    accepted: '',
    value: '',
    tolerance: '0',
  };
}

export const addOption = (question: DraftQuestion): DraftQuestion =>
  question.options.length >= CHECK_LIMITS.optionsMax ? question : { ...question, options: [...question.options, newOption()] };

export const emptyDraft = (): CheckDraft => ({
  passMark: String(CHECK_LIMITS.defaultPassMark),
  maxAttempts: '',
  showCorrectness: false,
  showAnswers: false,
  questions: [newQuestion()],
  bands: [],
});

/** The next band: from where the last one ends (0 for the first) to 100. */
export function newBand(bands: DraftBand[]): DraftBand {
  const last = bands[bands.length - 1];
  return { id: crypto.randomUUID(), min: last ? last.max : '0', max: '100', release: [], skip: [] };
}

const bandOf = (band: ScoreBand): DraftBand => ({ id: crypto.randomUUID(), min: String(band.min), max: String(band.max), release: band.release, skip: band.skip ?? [] });

/** The saved check as the form starts from it. */
export function draftOf(check: TeacherCheck): CheckDraft {
  return {
    passMark: String(check.passMark),
    maxAttempts: check.maxAttempts === null ? '' : String(check.maxAttempts),
    showCorrectness: check.showCorrectness,
    showAnswers: check.showAnswers,
    bands: (check.bands ?? []).map(bandOf),
    questions: check.questions.map((question) => ({ ...formQuestion(question), id: question.id })),
  };
}

/** A question of the checks' shape as the form edits it (a new form id). */
function formQuestion(question: Question): DraftQuestion {
  return {
    ...newQuestion(question.kind),
    prompt: question.prompt,
    points: String(question.points),
    explanation: question.explanation ?? '',
    ...(question.kind === 'single' || question.kind === 'multiple' ? { options: question.options, correct: question.answer } : {}),
    ...(question.kind === 'truefalse' ? { truefalse: question.answer } : {}),
    ...(question.kind === 'text' ? { accepted: question.answer.join('\n') } : {}),
    ...(question.kind === 'number' ? { value: String(question.answer.value), tolerance: String(question.answer.tolerance) } : {}),
  };
}

/** A drafted question as the form edits it, marked as a draft until the teacher accepts it. */
export const questionOfDraft = ({ source, ...question }: DraftedQuestion, drafter: DrafterName): DraftQuestion => ({
  ...formQuestion(question),
  drafted: { page: source.page, ...(source.printedPage === undefined ? {} : { printedPage: source.printedPage }), passage: source.passage, drafter },
  fromPassage: source.passage,
});

/** An untouched blank question (a new check's first): drafts take its place rather than following it. */
export const isBlank = (question: DraftQuestion) =>
  !question.drafted && question.prompt === '' && question.explanation === '' && question.accepted === '' && question.value === '' && question.correct.length === 0 && question.truefalse === null && question.options.every((option) => option.text === '');

/** A typed number, or the text itself so the schema says what is wrong with it ("must be a number"). */
const numberOf = (typed: string): unknown => {
  const trimmed = typed.trim();
  if (trimmed === '') return undefined;
  const parsed = Number(trimmed.replace(',', '.'));
  return Number.isNaN(parsed) ? trimmed : parsed;
};

function answerOf(question: DraftQuestion): unknown {
  switch (question.kind) {
    case 'single':
    case 'multiple':
      // Kept in the options' order, whatever order they were ticked in.
      return question.options.map((option) => option.id).filter((id) => question.correct.includes(id));
    case 'truefalse':
      return question.truefalse ?? undefined;
    case 'text':
      return question.accepted
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    case 'number':
      return { value: numberOf(question.value), tolerance: numberOf(question.tolerance) ?? 0 };
  }
}

/** The request body, unvalidated: what the shared schema parses before it is sent. */
export function inputOf(draft: CheckDraft): CheckInput {
  return {
    passMark: numberOf(draft.passMark),
    maxAttempts: draft.maxAttempts === '' ? null : Number(draft.maxAttempts),
    showCorrectness: draft.showCorrectness,
    showAnswers: draft.showAnswers,
    questions: draft.questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      points: numberOf(question.points),
      ...(question.explanation.trim() ? { explanation: question.explanation } : {}),
      ...(isChoice(question.kind) ? { options: question.options } : {}),
      answer: answerOf(question),
    })),
    bands: draft.bands.map((band) => ({
      min: numberOf(band.min),
      max: numberOf(band.max),
      release: band.release,
      ...(band.skip.length > 0 ? { skip: band.skip } : {}),
    })),
  } as CheckInput;
}

/** The first message among `errors` at `path` or under it (`questions.0.answer.1` for `questions.0.answer`). */
export function errorAt(errors: Record<string, string>, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const nested = Object.keys(errors).find((key) => key.startsWith(`${path}.`));
  return nested && errors[nested];
}
