// The identity service's groups; a user's role is their group membership.

export const ROLES = ['Students', 'Teachers', 'Admins'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
