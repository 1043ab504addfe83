// Scored checks: a section's questions, pass mark and attempt rules (what a teacher saves), a student's attempt (what
// they send), the drafted questions a teacher asks for, the reports on checks, and the shapes all are answered with.
// Scoring is the server's (functions/src/checks/check-scoring.ts): nothing here can score, so the answer key never
// needs to reach a browser that takes a check.
//
// The question shape is built by `makeQuestionSchema(extraShape)` and the check by `makeCheckInputSchema(extraShape)`,
// so a drafted question (the same shape plus its source passage) or a check with score bands extends them without a
// second definition.
import * as z from '../zod';
import { CHECK_LIMITS, QUESTION_KINDS } from '../checks';
import { DRAFT_KINDS, DRAFT_LIMITS, DRAFTERS } from '../drafts';
import { readableText } from '../readable-text';
import { makeBandsSchema, type BandContext } from '../paths';
import { EVERYONE, STUDENTS, TEACHERS, TEACHERS_AND_ADMINS, TEACHERS_AND_STUDENTS } from './route';
import { idSchema, isoDate, positiveWhole, wholeCount, wholePercent, type RouteContract } from './blocks';

// ---- What the routes take ----

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

// ---- Drafting ----

const countError = `count must be a whole number from ${DRAFT_LIMITS.countMin} to ${DRAFT_LIMITS.countMax}.`;
const pagesError = 'pages must be { from, to }: page numbers of the file, from no later than to.';
const pageNumber = () => z.number({ error: pagesError }).check(z.int({ error: pagesError }), z.minimum(1, { error: pagesError }), z.maximum(100_000, { error: pagesError }));
const kindsError = `kinds must be a list of ${DRAFT_KINDS.join(', ')}.`;

/** `POST /api/modules/{id}/sections/{sectionId}/check/drafts`. */
export const draftRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    count: z.number({ error: countError }).check(
      z.int({ error: countError }),
      z.minimum(DRAFT_LIMITS.countMin, { error: countError }),
      z.maximum(DRAFT_LIMITS.countMax, { error: countError }),
    ),
    kinds: z.optional(
      z.array(z.enum(DRAFT_KINDS, { error: kindsError }), { error: kindsError }).check(
        z.minLength(1, { error: 'Choose at least one kind of question.' }),
        z.maxLength(DRAFT_KINDS.length, { error: kindsError }),
        z.refine((kinds) => new Set(kinds).size === kinds.length, { error: 'kinds names a kind twice.' }),
      ),
    ),
    /** Only these pages (slides) of the file, both included; the whole file without it. */
    pages: z.optional(
      z.strictObject({ from: pageNumber(), to: pageNumber() }, { error: pagesError }).check(z.refine(({ from, to }) => from <= to, { error: 'The first page must not come after the last.' })),
    ),
  }),
);

const settledError = `passages must be a list of 1 to ${DRAFT_LIMITS.settledMax} source passages of drafts, each at most ${DRAFT_LIMITS.passageMaxLength} characters.`;

/**
 * `POST …/check/drafts/settled`: the source passages of drafts the teacher saved into the check or discarded, so that
 * drafting again for the section does not offer them again.
 */
export const settledDraftsSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    passages: z.array(z.string({ error: settledError }).check(z.minLength(1, { error: settledError }), z.maxLength(DRAFT_LIMITS.passageMaxLength, { error: settledError })), { error: settledError }).check(
      z.minLength(1, { error: settledError }),
      z.maxLength(DRAFT_LIMITS.settledMax, { error: settledError }),
    ),
  }),
);

/** What settling answers: how many passages of the section are now settled. */
export const settledDraftsAnswerSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ settled: z.number() }));

const sourceError = 'source must be { page, passage }.';

/** Where a draft came from: the page (a PDF's page, a slide, or 1 for a Word file), as printed too, and the passage it quotes. */
const sourceShape = () => ({
  source: z.strictObject(
    {
      page: z.number({ error: 'source.page must be a page number.' }).check(z.int({ error: 'source.page must be a page number.' }), z.minimum(1, { error: 'source.page must be a page number.' })),
      /** The number the document prints on that page, where it numbers its pages otherwise than the file does. */
      printedPage: z.optional(
        z.number({ error: 'source.printedPage must be a page number.' }).check(z.int({ error: 'source.printedPage must be a page number.' }), z.minimum(0, { error: 'source.printedPage must be a page number.' })),
      ),
      passage: z.string({ error: 'source.passage must be text.' }).check(
        z.minLength(1, { error: 'source.passage is required.' }),
        z.maxLength(DRAFT_LIMITS.passageMaxLength, { error: `source.passage must be at most ${DRAFT_LIMITS.passageMaxLength} characters.` }),
      ),
    },
    { error: sourceError },
  ),
});

/** A drafted question: any question of the checks' shape, plus its source. Both drafters' output is parsed with it. */
export const draftedQuestionSchema = /* @__PURE__ */ z.lazy(() => makeQuestionSchema(sourceShape()));

/** What drafting answers. */
export const draftsSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ drafter: z.enum(DRAFTERS), questions: z.array(draftedQuestionSchema) }),
);

export type DraftRequest = z.output<typeof draftRequestSchema>;
export type SettledDrafts = z.output<typeof settledDraftsSchema>;
export type Drafts = z.output<typeof draftsSchema>;
export type DraftedQuestion = z.output<typeof draftedQuestionSchema>;
export type DraftSource = DraftedQuestion['source'];

// ---- What they answer ----

const optionListSchema = () => z.array(z.strictObject({ id: z.string(), text: z.string() }));
const questionShape = () => ({ id: z.string(), prompt: z.string(), points: positiveWhole, explanation: z.optional(z.string()) });
const answerKeySchema = () => z.union([z.array(z.string()), z.boolean(), z.strictObject({ value: z.number(), tolerance: z.number() })]);

/** A score band of a check: a best percent in [min, max) (max 100 includes 100) releases and skips these sections. */
const bandSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    min: wholePercent,
    max: wholePercent,
    release: z.array(z.string()),
    skip: z.optional(z.array(z.string())),
  }),
);

/** The check whole, for its owner: with the answer key, and how many attempts its current version has. */
export const teacherCheckSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    moduleId: z.string(),
    sectionId: z.string(),
    /** 1 for a new check; a save goes to the next version when the current one has attempts. */
    version: positiveWhole,
    /** Attempts on the current version: saving changes then makes a new version (the attempts keep theirs). */
    attemptCount: wholeCount,
    updatedAt: isoDate,
    passMark: wholePercent,
    maxAttempts: z.nullable(positiveWhole),
    showCorrectness: z.boolean(),
    showAnswers: z.boolean(),
    /** Its score bands, in order (none: `[]`). */
    bands: z.array(bandSchema),
    questions: z.array(
      z.union([
        z.strictObject({ ...questionShape(), kind: z.enum(['single', 'multiple']), options: optionListSchema(), answer: z.array(z.string()) }),
        z.strictObject({ ...questionShape(), kind: z.literal('truefalse'), answer: z.boolean() }),
        z.strictObject({ ...questionShape(), kind: z.literal('text'), answer: z.array(z.string()) }),
        z.strictObject({ ...questionShape(), kind: z.literal('number'), answer: z.strictObject({ value: z.number(), tolerance: z.number().check(z.minimum(0)) }) }),
      ]),
    ),
  }),
);

/**
 * A question as a student sees it: never its answer (strict, so a student's read that carried an answer key fails the
 * parse); its explanation once they have attempted a check that shows answers.
 */
const studentQuestionSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    ...questionShape(),
    kind: z.enum(QUESTION_KINDS),
    options: z.optional(optionListSchema()),
  }),
);

/** An attempt's score, on the version of the check it was made on. */
const attemptScoreShape = () => ({
  attemptId: z.string(),
  version: positiveWhole,
  submittedAt: isoDate,
  score: z.number().check(z.minimum(0)),
  maxScore: z.number().check(z.positive()),
  /** floor(100 × score / maxScore), so `percent ≥ passMark` exactly when the attempt passed. */
  percent: wholePercent,
  passed: z.boolean(),
});

/**
 * One question's result. A student gets `correct` and `earned` (points earned, partial credit on multiple choice)
 * only when the check shows correctness, `answer` and `explanation` only when it shows answers.
 */
const questionResultSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    questionId: z.string(),
    correct: z.optional(z.boolean()),
    earned: z.optional(z.number().check(z.minimum(0))),
    points: z.number().check(z.positive()),
    answer: z.optional(answerKeySchema()),
    explanation: z.optional(z.string()),
  }),
);

/** An attempt as its student sees it: the score, the answers they gave and the result per question. */
const attemptResultShape = () => ({
  ...attemptScoreShape(),
  answers: z.record(z.string(), z.union([z.array(z.string()), z.boolean(), z.string(), z.number()])),
  results: z.array(questionResultSchema),
});

export const attemptResultSchema = /* @__PURE__ */ z.lazy(() => z.strictObject(attemptResultShape()));

/** What a student submitting gets back: the attempt and where they stand. */
export const attemptAnswerSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    ...attemptResultShape(),
    /** Attempts used on this check, this one included. */
    attemptsUsed: positiveWhole,
    /** null: unlimited. */
    attemptsLeft: z.nullable(wholeCount),
    /** The best percent so far, this attempt included; the section is complete once it reaches the pass mark. */
    bestPercent: wholePercent,
  }),
);

/** The check for a student of a class it is assigned to: no answer key, and their own attempts so far (results as the check shows them). */
export const studentCheckSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    moduleId: z.string(),
    sectionId: z.string(),
    version: positiveWhole,
    passMark: wholePercent,
    /** The student's budget: the check's attempts plus any extra their teacher granted (null: unlimited). */
    maxAttempts: z.nullable(positiveWhole),
    /**
     * What a student sees of their attempts, as Canvas and Moodle split it: which questions were right (the
     * per-question right/wrong and points), and the correct answers with the explanations. Checks saved before the
     * split stored one `revealAnswers`, read as both (see the check repository).
     */
    showCorrectness: z.boolean(),
    showAnswers: z.boolean(),
    questions: z.array(studentQuestionSchema),
    /** This class's attempts. */
    attempts: z.array(attemptResultSchema),
    /** Attempts used at this check in all the student's classes (what the budget counts). */
    attemptsUsed: wholeCount,
  }),
);

/** A student's standing on one check (reports and progress reads); `bestPercent` over their attempts (any version), null before the first. */
export const checkStandingSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    bestPercent: z.nullable(wholePercent),
    attempts: wholeCount,
    passed: z.boolean(),
  }),
);

/** A module's checks: `checks` in the module (m), `passed` (n), the mean best percent of those attempted (null before any). */
const moduleScoreSummaryShape = () => ({ checks: wholeCount, passed: wholeCount, meanBestPercent: z.nullable(wholePercent) });

/** A module's checks in a class report cell: n of m passed and the mean best percent. */
export const moduleScoreSummarySchema = /* @__PURE__ */ z.lazy(() => z.strictObject(moduleScoreSummaryShape()));

/** The same in a student's progress read, with their standing on each check (section id → standing). */
export const moduleScoresSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    ...moduleScoreSummaryShape(),
    bySection: z.record(z.string(), checkStandingSchema),
  }),
);

/** Where a section's check stands, on the module read: what the reader needs to show it and hide Mark as Complete. */
export const checkSummarySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    sectionId: z.string(),
    version: positiveWhole,
    passMark: wholePercent,
    maxAttempts: z.nullable(positiveWhole),
    questionCount: positiveWhole,
    /** The check's score bands (absent when it has none): the path is computed from the module's check index alone. */
    bands: z.optional(z.array(bandSchema)),
  }),
);

/** One attempt in a student's history (the student drill-down), newest first. */
const attemptHistoryEntrySchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ ...attemptScoreShape(), moduleId: z.string(), sectionId: z.string() }));

export const studentAttemptsSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    classId: z.string(),
    studentId: z.string(),
    attempts: z.array(attemptHistoryEntrySchema),
  }),
);

/** Item analysis of a check in a class, over every attempt on its current version. */
export const checkAnalysisSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    classId: z.string(),
    moduleId: z.string(),
    sectionId: z.string(),
    version: positiveWhole,
    attempts: wholeCount,
    questions: z.array(
      z.strictObject({
        id: z.string(),
        kind: z.enum(QUESTION_KINDS),
        prompt: z.string(),
        /** Attempts that answered it right, and that share of all attempts (0–100, whole; 0 with no attempts). */
        correct: wholeCount,
        percentCorrect: wholePercent,
        /** Choice questions: how many attempts picked each option; `correct` marks the key. */
        options: z.optional(z.array(z.strictObject({ id: z.string(), text: z.string(), picks: wholeCount, correct: z.boolean() }))),
      }),
    ),
  }),
);

export type TeacherCheck = z.infer<typeof teacherCheckSchema>;
export type StudentQuestion = z.infer<typeof studentQuestionSchema>;
export type QuestionResult = z.infer<typeof questionResultSchema>;
export type AttemptResult = z.infer<typeof attemptResultSchema>;
export type AttemptScore = Omit<AttemptResult, 'answers' | 'results'>;
export type AttemptAnswer = z.infer<typeof attemptAnswerSchema>;
export type StudentCheck = z.infer<typeof studentCheckSchema>;
export type ResultVisibility = Pick<StudentCheck, 'showCorrectness' | 'showAnswers'>;
export type CheckStanding = z.infer<typeof checkStandingSchema>;
export type ModuleScoreSummary = z.infer<typeof moduleScoreSummarySchema>;
export type ModuleScores = z.infer<typeof moduleScoresSchema>;
export type CheckSummary = z.infer<typeof checkSummarySchema>;
export type AttemptHistoryEntry = z.infer<typeof attemptHistoryEntrySchema>;
export type StudentAttempts = z.infer<typeof studentAttemptsSchema>;
export type CheckAnalysis = z.infer<typeof checkAnalysisSchema>;

export const checksRoutes = {
  // Scored checks (one per section): the owner saves and reads it whole; a student of a class it is assigned to reads
  // it without the answer key (`?classId=`) and submits attempts, scored on the server.
  putCheck: { method: 'PUT', path: '/api/modules/{id}/sections/{sectionId}/check', roles: TEACHERS, body: checkInputSchema, response: teacherCheckSchema },
  // The owner gets it whole; a student gets it without the answer key, with their attempts.
  getCheck: {
    method: 'GET',
    path: '/api/modules/{id}/sections/{sectionId}/check',
    roles: TEACHERS_AND_STUDENTS,
    query: checkReadQuerySchema,
    response: /* @__PURE__ */ z.union([teacherCheckSchema, studentCheckSchema]),
  },
  submitAttempt: { method: 'POST', path: '/api/modules/{id}/sections/{sectionId}/check/attempts', roles: STUDENTS, body: attemptInputSchema, response: attemptAnswerSchema },
  // Questions drafted from the section's file text for the owner to review; nothing is saved.
  draftQuestions: { method: 'POST', path: '/api/modules/{id}/sections/{sectionId}/check/drafts', roles: TEACHERS, body: draftRequestSchema, response: draftsSchema },
  // The drafts the owner saved or discarded (by source passage): drafting for the section does not offer them again.
  settleDrafts: {
    method: 'POST',
    path: '/api/modules/{id}/sections/{sectionId}/check/drafts/settled',
    roles: TEACHERS,
    body: settledDraftsSchema,
    response: settledDraftsAnswerSchema,
  },
  // Reports on checks: item analysis of one check in a class, and one student's attempts in a class (newest first).
  getCheckAnalysis: { method: 'GET', path: '/api/progress/class/{classId}/module/{moduleId}/check/{sectionId}', roles: TEACHERS_AND_ADMINS, response: checkAnalysisSchema },
  listStudentAttempts: { method: 'GET', path: '/api/progress/class/{classId}/student/{studentId}/attempts', roles: EVERYONE, response: studentAttemptsSchema },
} as const satisfies Record<string, RouteContract>;
