// Failures the domain reports by meaning; the HTTP layer decides the status code.
import type { ErrorReason } from '@shared/second-factor';

export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'notFound' | 'conflict' | 'tooMany' | 'upstream';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** For invalid input: the message per field path (`title`, `sections.0.title`), for forms to show in place. */
    readonly fields?: Record<string, string>,
    /** A refusal the app offers a way out of (shared/second-factor.ts). */
    readonly reason?: ErrorReason,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, fields?: Record<string, string>) => new DomainError('invalid', message, fields);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('notFound', message);
export const conflict = (message: string) => new DomainError('conflict', message);
/** A service the use case depends on (the drafting model) answered with something unusable: the request may be retried. */
export const upstreamFailed = (message: string) => new DomainError('upstream', message);

/** Refused for the caller's pace or quota; `retryAfterSeconds` when waiting is the way out. */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super('tooMany', message);
  }
}

export const tooMany = (message: string, retryAfterSeconds?: number) => new TooManyRequestsError(message, retryAfterSeconds);

/** A student's write that lost the race with their unenrolment (stores refuse to count anything after it). */
export const noLongerEnrolled = () => notFound('You are no longer enrolled in this class.');
