// Scored checks: a section's questions, pass mark and attempt rules (what a teacher saves), a student's attempt (what
// they send), and the shapes both are answered with. Scoring is the server's (functions/src/checks/check-scoring.ts):
// nothing here can score, so the answer key never needs to reach a browser that takes a check.
//
// The question shape is built by `makeQuestionSchema(extraShape)` and the check by `makeCheckInputSchema(extraShape)`,
// so a drafted question (the same shape plus its source passage) or a check with score bands extends them without a
// second definition.
import * as z from './zod';
import { idSchema } from './schemas';
import { readableText } from './readable-text';
import { makeBandsSchema, type BandContext, type ScoreBand } from './paths';

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

const KIND_ERROR = `kind must be one of ${QUESTION_KINDS.join(', ')}.`;

const required = (label: string, expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required.` : `${label} must be ${expected}.`;

const notValidText = (value: string) => /\p{Cs}/u.test(value);

const finite = (label: string) =>
  z.number({ error: required(label, 'a number') }).check(z.refine(Number.isFinite, { error: `${label} must be a finite number.` }));

const optionSchema = () => z.strictObject({ id: idSchema('Option id'), text: readableText('Option text', CHECK_LIMITS.optionMaxLength) });

const optionsSchema = () =>
  z.array(optionSchema(), { error: 'options must be a list of { id, text }.' }).check(
    z.minLength(CHECK_LIMITS.optionsMin, { error: `A choice question needs at least ${CHECK_LIMITS.optionsMin} options.` }),
    z.maxLength(CHECK_LIMITS.optionsMax, { error: `A question can have at most ${CHECK_LIMITS.optionsMax} options.` }),
    z.refine((options) => new Set(options.map((option) => option.id)).size === options.length, { error: 'Each option needs its own id.' }),
  );

const optionIdsSchema = (label: string) =>
  z.array(idSchema(label), { error: `${label} must be a list of option ids.` }).check(
    z.maxLength(CHECK_LIMITS.optionsMax, { error: `${label} can name at most ${CHECK_LIMITS.optionsMax} options.` }),
  );

/** What every kind of question has; `points` defaults to 1. */
const questionBaseShape = () => ({
  id: idSchema('Question id'),
  prompt: readableText('Prompt', CHECK_LIMITS.promptMaxLength, { multiline: true }),
  points: z._default(
    z.number({ error: 'points must be a number.' }).check(
      z.int({ error: 'points must be a whole number.' }),
      z.minimum(1, { error: 'points must be at least 1.' }),
      z.maximum(CHECK_LIMITS.pointsMax, { error: `points must be at most ${CHECK_LIMITS.pointsMax}.` }),
    ),
    1,
  ),
  explanation: z.optional(readableText('Explanation', CHECK_LIMITS.explanationMaxLength, { multiline: true })),
});

/** Each kind's own fields: its options and the form of its answer (the key). */
const kindShapes = () => ({
  single: { kind: z.literal('single'), options: optionsSchema(), answer: optionIdsSchema('answer').check(z.length(1, { error: 'A single-choice question has exactly one correct option.' })) },
  multiple: { kind: z.literal('multiple'), options: optionsSchema(), answer: optionIdsSchema('answer').check(z.minLength(1, { error: 'Mark at least one correct option.' })) },
  truefalse: { kind: z.literal('truefalse'), answer: z.boolean({ error: 'answer must be true or false.' }) },
  text: {
    kind: z.literal('text'),
    answer: z.array(readableText('Accepted answer', CHECK_LIMITS.acceptedTextMaxLength), { error: 'answer must be a list of accepted texts.' }).check(
      z.minLength(1, { error: 'Give at least one accepted answer.' }),
      z.maxLength(CHECK_LIMITS.acceptedTextsMax, { error: `Give at most ${CHECK_LIMITS.acceptedTextsMax} accepted answers.` }),
    ),
  },
  number: {
    kind: z.literal('number'),
    answer: z.strictObject(
      {
        value: finite('answer.value'),
        tolerance: z._default(finite('answer.tolerance').check(z.minimum(0, { error: 'tolerance must be 0 or more.' })), 0),
      },
      { error: 'answer must be { value, tolerance }.' },
    ),
  },
});

type Issue = { code: 'custom'; path: string[]; message: string; input: unknown };

/** A choice question's correct options must be among its options, each named once. */
function answerOptionIssues(question: { options?: { id: string }[]; answer: unknown }): Issue[] {
  if (!question.options || !Array.isArray(question.answer)) return [];
  const ids = new Set(question.options.map((option) => option.id));
  const answer = question.answer as string[];
  const issues: Issue[] = [];
  if (answer.some((id) => !ids.has(id))) issues.push({ code: 'custom', path: ['answer'], message: 'answer must name options of this question.', input: answer });
  if (new Set(answer).size !== answer.length) issues.push({ code: 'custom', path: ['answer'], message: 'answer names an option twice.', input: answer });
  return issues;
}

/**
 * A question of any kind, with `extraShape` added to every kind (e.g. a drafted question's `source`). Unknown kinds
 * are refused with the list of kinds.
 */
export function makeQuestionSchema<Extra extends z.core.$ZodLooseShape>(extraShape: Extra) {
  const shapes = kindShapes();
  const member = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
    z.strictObject({ ...questionBaseShape(), ...shape, ...extraShape }).check(
      z.superRefine((question, context) => {
        for (const issue of answerOptionIssues(question as { options?: { id: string }[]; answer: unknown })) context.addIssue(issue);
      }),
    );
  return z.discriminatedUnion(
    'kind',
    [member(shapes.single), member(shapes.multiple), member(shapes.truefalse), member(shapes.text), member(shapes.number)],
    { error: KIND_ERROR },
  );
}

export const questionSchema = /* @__PURE__ */ z.lazy(() => makeQuestionSchema({}));

const passMarkError = 'passMark must be a whole percent from 0 to 100.';
const attemptsError = `maxAttempts must be a whole number from 1 to ${CHECK_LIMITS.attemptsMax}, or null for unlimited.`;

/** The check's own settings and questions, with `extraShape` added (e.g. score bands). */
export function makeCheckInputSchema<Extra extends z.core.$ZodLooseShape>(extraShape: Extra) {
  return z.strictObject({
    passMark: z._default(
      z.number({ error: passMarkError }).check(z.int({ error: passMarkError }), z.minimum(0, { error: passMarkError }), z.maximum(100, { error: passMarkError })),
      CHECK_LIMITS.defaultPassMark,
    ),
    maxAttempts: z._default(
      z.nullable(
        z.number({ error: attemptsError }).check(z.int({ error: attemptsError }), z.minimum(1, { error: attemptsError }), z.maximum(CHECK_LIMITS.attemptsMax, { error: attemptsError })),
      ),
      null,
    ),
    // Both off for a new check: a student sees their score, not which questions were right nor the key.
    showCorrectness: z._default(z.boolean({ error: 'showCorrectness must be true or false.' }), false),
    showAnswers: z._default(z.boolean({ error: 'showAnswers must be true or false.' }), false),
    questions: z.array(questionSchema, { error: 'questions must be a list.' }).check(
      z.minLength(1, { error: 'Add at least one question.' }),
      z.maxLength(CHECK_LIMITS.questionsMax, { error: `A check can have at most ${CHECK_LIMITS.questionsMax} questions.` }),
      z.refine((questions) => new Set(questions.map((question) => question.id)).size === questions.length, { error: 'Each question needs its own id.' }),
    ),
    ...extraShape,
  });
}

/**
 * Score bands: absent keeps the check's bands (an editor unaware of them changes none), `[]` removes them; a check
 * without bands releases and skips nothing (its section is complete once passed).
 */
const bandsShape = (context?: BandContext) => ({ bands: z.optional(makeBandsSchema(context)) });

/** `PUT /api/modules/{id}/sections/{sectionId}/check`: the bands' ranges checked; the sections they name, by the server with the module. */
export const checkInputSchema = /* @__PURE__ */ z.lazy(() => makeCheckInputSchema(bandsShape()));

/** The same with the module at hand (the check editor): also whether each band's sections may be released or skipped. */
export const checkInputSchemaFor = (context: BandContext) => makeCheckInputSchema(bandsShape(context));

/** `GET /api/modules/{id}/sections/{sectionId}/check?classId=`: the class a student takes the check in (required for students). */
export const checkReadQuerySchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ classId: z.optional(idSchema('classId')) }));

/**
 * A student's answer to one question: option ids (single, multiple), a boolean (truefalse), a text (text) or a number
 * (number). Which of them a question takes is checked against the check itself, by the server.
 */
const answerValueSchema = () =>
  z.union(
    [
      optionIdsSchema('The chosen options'),
      z.boolean(),
      z.string().check(
        z.maxLength(CHECK_LIMITS.textAnswerMaxLength, { error: `A text answer must be at most ${CHECK_LIMITS.textAnswerMaxLength} characters.` }),
        z.refine((value) => !notValidText(value), { error: 'The answer contains a character that is not valid text.' }),
      ),
      finite('The answer'),
    ],
    { error: 'An answer must be a list of option ids, true or false, a text or a number.' },
  );

/** `POST /api/modules/{id}/sections/{sectionId}/check/attempts`. */
export const attemptInputSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    /** Chosen by the client once per attempt: sending it again (double click, retry) answers the attempt recorded. */
    attemptId: z.uuid({ error: 'attemptId must be a UUID the client generated for this attempt.' }),
    classId: idSchema('classId'),
    // Counted before each answer is validated, so 10,000 answers cost one count, not 10,000 validations.
    answers: z.pipe(
      z.unknown().check(
        z.refine((answers) => typeof answers !== 'object' || answers === null || Object.keys(answers).length <= CHECK_LIMITS.questionsMax, {
          error: `answers can hold at most ${CHECK_LIMITS.questionsMax} answers, one per question.`,
        }),
      ),
      z.record(idSchema('Question id'), answerValueSchema(), { error: 'answers must map question ids to answers.' }),
    ),
  }),
);

export type QuestionInput = z.input<typeof questionSchema>;
export type Question = z.output<typeof questionSchema>;
export type CheckInput = z.output<typeof checkInputSchema>;
export type AttemptInput = z.output<typeof attemptInputSchema>;
export type AnswerValue = AttemptInput['answers'][string];
/** The answer key of one question, by kind. */
export type AnswerKey = Question['answer'];

/**
 * What a student sees of their attempts, as Canvas and Moodle split it: which questions were right (the per-question
 * right/wrong and points), and the correct answers with the explanations. Checks saved before the split stored one
 * `revealAnswers`, read as both (see the check repository).
 */
export interface ResultVisibility {
  showCorrectness: boolean;
  showAnswers: boolean;
}

/** A question as a student sees it: never its answer; its explanation once they have attempted a check that shows answers. */
export type StudentQuestion = { id: string; kind: QuestionKind; prompt: string; points: number; options?: { id: string; text: string }[]; explanation?: string };

/** The check whole, for its owner: with the answer key, and how many attempts its current version has. */
export interface TeacherCheck extends Omit<CheckInput, 'bands'> {
  /** Its score bands, in order (none: `[]`). */
  bands: ScoreBand[];
  moduleId: string;
  sectionId: string;
  /** 1 for a new check; a save goes to the next version when the current one has attempts. */
  version: number;
  /** Attempts on the current version: saving changes then makes a new version (the attempts keep theirs). */
  attemptCount: number;
  updatedAt: string;
}

/** One question's result. A student gets `correct` and `earned` only when the check shows correctness, `answer` and `explanation` only when it shows answers. */
export interface QuestionResult {
  questionId: string;
  correct?: boolean;
  /** Points earned (partial credit on multiple choice) of `points`. */
  earned?: number;
  points: number;
  answer?: AnswerKey;
  explanation?: string;
}

/** An attempt's score, on the version of the check it was made on. */
export interface AttemptScore {
  attemptId: string;
  version: number;
  submittedAt: string;
  score: number;
  maxScore: number;
  /** floor(100 × score / maxScore), so `percent ≥ passMark` exactly when the attempt passed. */
  percent: number;
  passed: boolean;
}

/** An attempt as its student sees it: the score, the answers they gave and the result per question. */
export interface AttemptResult extends AttemptScore {
  answers: Record<string, AnswerValue>;
  results: QuestionResult[];
}

/** What a student submitting gets back: the attempt and where they stand. */
export interface AttemptAnswer extends AttemptResult {
  /** Attempts used on this check, this one included. */
  attemptsUsed: number;
  /** null: unlimited. */
  attemptsLeft: number | null;
  /** The best percent so far, this attempt included; the section is complete once it reaches the pass mark. */
  bestPercent: number;
}

/** The check for a student of a class it is assigned to: no answer key, and their own attempts so far (results as the check shows them). */
export interface StudentCheck extends ResultVisibility {
  moduleId: string;
  sectionId: string;
  version: number;
  passMark: number;
  /** The student's budget: the check's attempts plus any extra their teacher granted (null: unlimited). */
  maxAttempts: number | null;
  questions: StudentQuestion[];
  /** This class's attempts. */
  attempts: AttemptResult[];
  /** Attempts used at this check in all the student's classes (what the budget counts). */
  attemptsUsed: number;
}

/** A student's standing on one check (reports and progress reads). */
export interface CheckStanding {
  /** Best percent over their attempts (any version); null before the first. */
  bestPercent: number | null;
  attempts: number;
  passed: boolean;
}

/** A module's checks in a class report cell: n of m passed and the mean best percent. */
export interface ModuleScoreSummary {
  /** Checks in the module (m). */
  checks: number;
  /** Checks passed (n). */
  passed: number;
  /** Mean of the best percents of the checks attempted; null before any attempt. */
  meanBestPercent: number | null;
}

/** The same in a student's progress read, with their standing on each check (section id → standing). */
export interface ModuleScores extends ModuleScoreSummary {
  bySection: Record<string, CheckStanding>;
}

/** Where a section's check stands, on the module read: what the reader needs to show it and hide Mark as Complete. */
export interface CheckSummary {
  sectionId: string;
  version: number;
  passMark: number;
  maxAttempts: number | null;
  questionCount: number;
  /** The check's score bands (absent when it has none): the path is computed from the module's check index alone. */
  bands?: ScoreBand[];
}

/** One attempt in a student's history (the student drill-down), newest first. */
export interface AttemptHistoryEntry extends AttemptScore {
  moduleId: string;
  sectionId: string;
}

export interface StudentAttempts {
  classId: string;
  studentId: string;
  attempts: AttemptHistoryEntry[];
}

/** Item analysis of a check in a class, over every attempt on its current version. */
export interface CheckAnalysis {
  classId: string;
  moduleId: string;
  sectionId: string;
  version: number;
  attempts: number;
  questions: {
    id: string;
    kind: QuestionKind;
    prompt: string;
    /** Attempts that answered it right, and that share of all attempts (0–100, whole; 0 with no attempts). */
    correct: number;
    percentCorrect: number;
    /** Choice questions: how many attempts picked each option; `correct` marks the key. */
    options?: { id: string; text: string; picks: number; correct: boolean }[];
  }[];
}

export type { ScoreTotals } from './score-totals';
