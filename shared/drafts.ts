// Drafted questions, the rules apart from the contract (shared/contract/checks.ts: what a teacher asks for and what
// comes back): how many, which kinds, which drafter. Drafts are never saved by drafting: the teacher edits them into
// the check and saves it (PUT …/check), which validates them again as ordinary questions.

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
