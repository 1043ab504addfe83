// Erasing a person (issue 39): everything of theirs in the table, the bucket and the directory goes; a teacher's
// modules move to another teacher or go with them, and the classes they teach follow the modules (or are left without
// a teacher). The audit trail keeps that an erase happened, under a pseudonym.
import * as z from '../zod';
import { ADMINS } from './route';
import { idSchema, wholeCount, type RouteContract } from './blocks';

/**
 * `confirm`: the person's e-mail, typed by the admin (compared without case or surrounding spaces). A teacher's
 * modules need a choice: `transferModulesTo` (another teacher's id) or `deleteModules: true`, never both.
 */
export const erasePersonSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      confirm: z.string({ error: "confirm is required: type the person's e-mail address." }).check(
        z.trim(),
        z.minLength(1, { error: "confirm is required: type the person's e-mail address." }),
        z.maxLength(254, { error: 'confirm is too long for an e-mail address.' }),
      ),
      transferModulesTo: z.optional(idSchema('transferModulesTo')),
      deleteModules: z.optional(z.literal(true, { error: 'deleteModules must be true when given.' })),
    })
    .check(
      z.superRefine(({ transferModulesTo, deleteModules }, context) => {
        if (transferModulesTo === undefined || deleteModules === undefined) return;
        context.addIssue({
          code: 'custom',
          path: ['deleteModules'],
          message: 'Choose one: move the modules to another teacher (transferModulesTo) or delete them (deleteModules), not both.',
          input: deleteModules,
        });
      }),
    ),
);
export type ErasePersonInput = z.infer<typeof erasePersonSchema>;

/**
 * What the erase did: the pseudonym the audit trail knows the person by from now on, what became of a teacher's
 * modules and of the classes they taught.
 */
export const erasureOutcomeSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    pseudonym: z.string(),
    modules: z.strictObject({ outcome: z.enum(['none', 'transferred', 'deleted']), count: wholeCount }),
    classes: z.strictObject({ outcome: z.enum(['none', 'transferred', 'withoutTeacher']), count: wholeCount }),
  }),
);
export type ErasureOutcome = z.infer<typeof erasureOutcomeSchema>;

export const erasureRoutes = {
  /** Erases a person for good (the body confirms whom); repeating it finishes an erase that stopped part way. */
  erasePerson: { method: 'DELETE', path: '/api/admin/people/{userId}', roles: ADMINS, body: erasePersonSchema, response: erasureOutcomeSchema },
} as const satisfies Record<string, RouteContract>;
