// Who is calling, as the verified access token says. Handlers never take identity from a path or a body.
import type { Role } from '@shared/roles';

export interface Caller {
  userId: string;
  roles: Role[];
  /**
   * The name the directory shows for the caller (their name, or their e-mail while they have none), when the request
   * has read it already: administration routes do, for the two-factor check, so the audit trail asks no second time.
   */
  name?: string;
}

export const isStudent = (caller: Caller) => caller.roles.includes('Students');
