// Who is calling, as the verified access token says. Handlers never take identity from a path or a body.
import type { Role } from '@shared/roles';

export interface Caller {
  userId: string;
  roles: Role[];
}

export const isStudent = (caller: Caller) => caller.roles.includes('Students');
