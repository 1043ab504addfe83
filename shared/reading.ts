// Reading in the reader, the contract: where a student was in a section's file (the page or slide, so the reader
// reopens there) and a coarse count of their reading (how often they opened it, whole minutes with the tab visible),
// which the class's teacher sees in the student drill-down. Nothing finer is kept: no times, no page history.
import * as z from './zod';
import { idSchema } from './schemas';

export const READING_LIMITS = {
  /** The highest page or slide number kept. */
  pageMax: 10_000,
  /** Minutes one report may add: the reader reports each visible minute, so a tab left open cannot add an hour at once. */
  minutesPerReportMax: 30,
} as const;

const whole = (label: string, min: number, max: number) =>
  z.number({ error: `${label} must be a whole number from ${min} to ${max}.` }).check(
    z.int({ error: `${label} must be a whole number from ${min} to ${max}.` }),
    z.minimum(min, { error: `${label} must be a whole number from ${min} to ${max}.` }),
    z.maximum(max, { error: `${label} must be a whole number from ${min} to ${max}.` }),
  );

/** What the reader reports: the file was opened, the page or slide now shown, minutes read; at least one of them. */
export const recordReadingSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    classId: idSchema('classId'),
    opened: z.optional(z.literal(true, { error: 'opened must be true (leave it out otherwise).' })),
    page: z.optional(whole('page', 1, READING_LIMITS.pageMax)),
    minutes: z.optional(whole('minutes', 0, READING_LIMITS.minutesPerReportMax)),
  }).check(
    z.refine((input) => input.opened !== undefined || input.page !== undefined || input.minutes !== undefined, {
      error: 'Send at least one of opened, page or minutes.',
    }),
  ),
);
export type RecordReadingInput = z.infer<typeof recordReadingSchema>;

/** One student's reading of one section: opens, whole minutes, and the page or slide they were last on (absent: none yet). */
export interface SectionReading {
  sectionId: string;
  opened: number;
  minutes: number;
  page?: number;
}

/** A student's reading in every module of a class (the teacher's drill-down), sections in module order. */
export interface StudentReading {
  classId: string;
  studentId: string;
  modules: { moduleId: string; moduleTitle: string; sections: (SectionReading & { sectionTitle: string })[] }[];
}
