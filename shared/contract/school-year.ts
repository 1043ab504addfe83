// The end of a school year (school-year): archiving a class (read-only, off the dashboards) and bringing it back, the
// school's retention of students' data in archived classes, and rolling classes over into a new year.
import * as z from '../zod';
import { readableText } from '../readable-text';
import { RETENTION_LIMITS, ROLLOVER_LIMITS } from '../school-year';
import { ADMINS } from './route';
import { idSchema, isoDate, positiveWhole, wholeCount, type RouteContract } from './blocks';
import { adminClassSummarySchema } from './rosters';

// ---- What the routes take ----

const { daysMin, daysMax } = RETENTION_LIMITS;
const DAYS_MESSAGE = `days must be a whole number of days from ${daysMin} to ${daysMax}, or null to keep students' data until someone deletes it.`;

export const setRetentionSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    /** Days after a class is archived before its students' progress, attempts and reading are deleted; null: never. */
    days: z.nullable(z.number({ error: DAYS_MESSAGE }).check(z.int({ error: DAYS_MESSAGE }), z.minimum(daysMin, { error: DAYS_MESSAGE }), z.maximum(daysMax, { error: DAYS_MESSAGE }))),
  }),
);

export const rollOverSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    /** Added to each class's name ("Year 9 Biology" → "Year 9 Biology 2027-28"). */
    yearLabel: readableText('Year label', ROLLOVER_LIMITS.yearLabelMaxLength),
    classes: z
      .array(
        z.strictObject({
          fromClassId: idSchema('fromClassId'),
          /** Chosen by the client once per preview: a repeat of the same rollover answers the classes it made first. */
          classId: z.uuid({ error: 'classId must be a UUID the client generated for this rollover.' }),
        }),
        { error: 'classes must be a list of the classes to roll over.' },
      )
      .check(
        z.minLength(1, { error: 'Choose at least one class to roll over.' }),
        z.maxLength(ROLLOVER_LIMITS.classesMax, { error: `Roll over at most ${ROLLOVER_LIMITS.classesMax} classes per request; send a longer list in parts.` }),
      ),
    /** Archive each old class once its new one exists. */
    archiveOld: z.boolean({ error: 'archiveOld must be true or false.' }),
  }),
);

export type SetRetentionInput = z.infer<typeof setRetentionSchema>;
export type RollOverInput = z.infer<typeof rollOverSchema>;

// ---- What they answer ----

export const retentionSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    days: z.nullable(positiveWhole),
    /** When it was last set, and by whom (absent: never set). */
    setAt: z.optional(isoDate),
    setBy: z.optional(z.string()),
  }),
);

const rolledOverClassSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    fromClassId: z.string(),
    classId: z.string(),
    className: z.string(),
    moduleCount: wholeCount,
    /** false when this rollover had already made it (a repeat). */
    created: z.boolean(),
    /** The old class is archived (now or before). */
    oldArchived: z.boolean(),
  }),
);

export type Retention = z.infer<typeof retentionSchema>;
export type RolledOverClass = z.infer<typeof rolledOverClassSchema>;

export const schoolYearRoutes = {
  archiveClass: { method: 'POST', path: '/api/admin/classes/{classId}/archive', roles: ADMINS, response: adminClassSummarySchema },
  unarchiveClass: { method: 'DELETE', path: '/api/admin/classes/{classId}/archive', roles: ADMINS, response: adminClassSummarySchema },
  getRetention: { method: 'GET', path: '/api/admin/retention', roles: ADMINS, response: retentionSchema },
  setRetention: { method: 'PUT', path: '/api/admin/retention', roles: ADMINS, body: setRetentionSchema, response: retentionSchema },
  rollOverClasses: {
    method: 'POST',
    path: '/api/admin/school-years',
    roles: ADMINS,
    body: rollOverSchema,
    response: /* @__PURE__ */ z.strictObject({ classes: z.array(rolledOverClassSchema) }),
  },
} as const satisfies Record<string, RouteContract>;
