// Two-factor authentication (TOTP, Cognito's software token): optional for everyone, required for administration.
import type { Role } from './roles';
import type { RouteDefinition } from './routes';

/** Why a refusal happened, when the app offers a way out of it (the web links to where it is fixed). */
export const ERROR_REASONS = ['secondFactorRequired'] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The 403 a request in the admin role gets when its caller has no two-factor authentication. */
export const SECOND_FACTOR_REQUIRED_MESSAGE = 'Turn on two-factor authentication in your profile to use administration.';

/** Routes an admin may call: their handlers carry the two-factor check (an admin's role reaches rosters and reports). */
export const admitsAdmins = (route: Pick<RouteDefinition, 'roles'>): boolean => route.roles.includes('Admins');

/**
 * Any request made in the admin role needs two-factor authentication on, on every route that admits admins (a teacher
 * who is also an admin included); teachers and students are never asked.
 */
export const requiresSecondFactor = (route: Pick<RouteDefinition, 'roles'>, callerRoles: readonly Role[]): boolean =>
  admitsAdmins(route) && callerRoles.includes('Admins');
