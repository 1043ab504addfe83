// Where administrative changes are recorded and read back.
import type { AuditEntry, AuditPage, AuditQuery } from '@shared/contract/audit';

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /**
   * Every entry by the person or about them (their id as the actor or the subject, or their e-mail in the subject: an
   * entry from before subjects kept the id and e-mail changes), oldest first.
   */
  about(userId: string, email: string): Promise<AuditEntry[]>;
  /** Newest first. */
  recent(limit: number): Promise<AuditEntry[]>;
  /** One page, newest first, of the entries matching every filter given; a `next` it did not give is a DomainError 'invalid'. */
  page(query: AuditQuery, pageSize: number): Promise<AuditPage>;
}
