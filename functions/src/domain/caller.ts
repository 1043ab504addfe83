// Who is calling, as the verified access token says. Handlers never take identity from a path or a body.
import { isRole, type Role } from '../../../shared/roles';

export interface Caller {
  userId: string;
  roles: Role[];
}

export const hasRole = (caller: Caller, role: Role) => caller.roles.includes(role);
export const isTeacher = (caller: Caller) => hasRole(caller, 'Teachers');
export const isStudent = (caller: Caller) => hasRole(caller, 'Students');

/**
 * Reads `cognito:groups` in both forms it arrives in: an array (the token itself, the local server)
 * or the string API Gateway's HTTP API makes of it, such as `[Teachers Admins]`.
 */
export function parseGroups(claim: unknown): Role[] {
  const names = Array.isArray(claim)
    ? claim.map(String)
    : typeof claim === 'string'
      ? claim.replace(/^\[|\]$/g, '').split(/[\s,]+/)
      : [];
  return names.map((name) => name.trim()).filter(isRole);
}
