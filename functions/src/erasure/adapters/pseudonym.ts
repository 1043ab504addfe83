// A person's pseudonym after an erase: a SHA-256 of their id, cut to 24 hex digits. Ids are random UUIDs (the user
// pool's subs), so the pseudonym cannot be turned back into an id by trying ids; the same id always gives the same
// pseudonym, which is how a second call finds the erase job (docs/decisions/privacy/erasure.md).
import { createHash } from 'node:crypto';

export const pseudonymOf = (userId: string): string => `erased-${createHash('sha256').update(`erasure:${userId}`).digest('hex').slice(0, 24)}`;
