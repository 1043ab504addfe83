// Reading in the reader, the limits (the routes are shared/contract/progress.ts): where a student was in a section's
// file (the page or slide, so the reader reopens there) and a coarse count of their reading (how often they opened
// it, whole minutes with the tab visible). Nothing finer is kept: no times, no page history.

export const READING_LIMITS = {
  /** The highest page or slide number kept. */
  pageMax: 10_000,
  /** Minutes one report may add: the reader reports each visible minute, so a tab left open cannot add an hour at once. */
  minutesPerReportMax: 30,
} as const;
