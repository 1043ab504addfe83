// Classes as administrators manage them, the limits (the routes are shared/contract/rosters.ts).

export const CLASS_LIMITS = {
  classNameMaxLength: 100,
  /** Students per enrol request; the web sends a longer pasted list in chunks of this size. */
  enrolBatchMax: 50,
} as const;
