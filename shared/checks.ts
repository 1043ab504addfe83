// Scored checks, the rules apart from the contract (shared/contract/checks.ts): the limits a check keeps to and the
// kinds of question. zod-free, so a page can use them without loading the schemas.

export const CHECK_LIMITS = {
  questionsMax: 50,
  optionsMin: 2,
  optionsMax: 8,
  promptMaxLength: 1000,
  optionMaxLength: 500,
  explanationMaxLength: 2000,
  /** Accepted answers of a text question. */
  acceptedTextsMax: 20,
  acceptedTextMaxLength: 200,
  /** A student's text answer. */
  textAnswerMaxLength: 500,
  pointsMax: 100,
  attemptsMax: 10,
  defaultPassMark: 70,
} as const;

export const QUESTION_KINDS = ['single', 'multiple', 'truefalse', 'text', 'number'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
