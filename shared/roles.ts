// The identity service's groups; a user's role is their group membership.

export const ROLES = ['Students', 'Teachers', 'Admins'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** The first of a token's groups (`cognito:groups`) that is one of ours. */
export function roleFromGroups(groups: unknown): Role | null {
  if (!Array.isArray(groups)) return null;
  return groups.find((group): group is Role => typeof group === 'string' && isRole(group)) ?? null;
}
