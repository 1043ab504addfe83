// Writes an admin change to the audit trail, naming the admin as people know them.
import { AUDIT_LIMITS, type AuditAction } from '@shared/people';
import type { AuditPage, AuditQuery } from '@shared/contract/audit';
import { displayName } from '@shared/person-name';
import type { Caller } from '../kernel/caller';
import type { Clock } from '../kernel/ports';
import type { UserDirectory } from '../people/port';
import type { AuditLog } from './port';

/**
 * What an entry is about: a text (a class, a setting), or a person as people know them with their id, which the
 * person's export and erase find the entry by whatever their e-mail or name became.
 */
export type AuditSubject = string | { text: string; personId: string };

export type RecordChange = (caller: Caller, action: AuditAction, subject: AuditSubject, detail?: string) => Promise<void>;

/** A script (create-admin, npm run classes) is no directory user: it is named by its id. */
async function actorName(directory: UserDirectory, userId: string): Promise<string> {
  const person = await directory.get(userId);
  return person ? displayName(person) : userId;
}

/** The audit trail as admins read it: pages of it, filtered. */
export function makeAuditQueries({ audit }: { audit: AuditLog }) {
  return {
    page: (query: AuditQuery): Promise<AuditPage> => audit.page(query, AUDIT_LIMITS.pageSize),
  };
}
export type AuditQueries = ReturnType<typeof makeAuditQueries>;

export function makeChangeRecorder({ directory, audit, clock }: { directory: UserDirectory; audit: AuditLog; clock: Clock }): RecordChange {
  return async (caller, action, subject, detail) => {
    await audit.record({
      at: clock.now().toISOString(),
      actorId: caller.userId,
      actor: caller.name ?? (await actorName(directory, caller.userId)),
      action,
      ...(typeof subject === 'string' ? { subject } : { subject: subject.text, subjectId: subject.personId }),
      ...(detail ? { detail } : {}),
    });
  };
}
