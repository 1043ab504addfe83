// Drafted questions: what a teacher asks for (how many, which kinds) when drafting a check's questions from a
// section's file, and what comes back: questions in the checks' own shape (shared/checks.ts), each with the passage
// and page (or slide) it was drafted from. Drafts are never saved by drafting: the teacher edits them into the check
// and saves it (PUT …/check), which validates them again as ordinary questions.
import * as z from './zod';
import { makeQuestionSchema, type Question } from './checks';

export const DRAFT_LIMITS = {
  countMin: 3,
  countMax: 15,
  /** Drafting runs a teacher may start per UTC day (each reads the file's text and, in AWS, calls the model). */
  dailyDraftsMax: 30,
  /** Drafting runs the whole school may start per UTC day with Amazon Bedrock (bounds the model's cost). */
  schoolDailyBedrockDraftsMax: 600,
  passageMaxLength: 1000,
  /** Drafts settled (saved or discarded) in one request: a check's whole question list at most. */
  settledMax: 50,
} as const;

/** The kinds a drafter writes: key-term short answers (`text`), multiple choice with one key (`single`), true/false. */
export const DRAFT_KINDS = ['single', 'truefalse', 'text'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** Which drafter wrote the questions: Amazon Bedrock, or the deterministic one that runs beside the API. */
export const DRAFTERS = ['bedrock', 'local'] as const;
export type DrafterName = (typeof DRAFTERS)[number];

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
export type DraftSource = { page: number; passage: string; printedPage?: number };
export type DraftedQuestion = Question & { source: DraftSource };
export type Drafts = { drafter: DrafterName; questions: DraftedQuestion[] };
