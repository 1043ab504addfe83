// Field errors of a form: from the shared zod schemas before anything is sent, and from a 400 the API answered
// (its `fields`), keyed by the same dotted paths (`title`, `sections.0.title`).
import type { ZodMiniType } from 'zod/mini';
import { fieldIssues } from '@shared/contract/blocks';
import { ApiError } from './api-client';

export type FieldErrors = Record<string, string>;

export const FIX_FIELDS = 'Please correct the marked fields, then save again.';

/** The first message per field the schema refuses in `value`; empty when it is valid. */
export function validateFields(schema: ZodMiniType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldIssues(result.error);
}

/** The API's per-field messages of a 400, or none. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError && error.status === 400 ? error.fields : {};
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
