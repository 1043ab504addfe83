// Two-factor authentication (TOTP, Cognito's software token): optional for everyone, required for administration.
import type { Role } from './roles';


/** Why a refusal happened, when the app offers a way out of it (the web links to where it is fixed). */
export const ERROR_REASONS = ['secondFactorRequired', 'secondFactorSignInRequired'] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The 403 a request in the admin role gets when its caller has no two-factor authentication. */
export const SECOND_FACTOR_REQUIRED_MESSAGE = 'Turn on two-factor authentication in your profile to use administration.';

/** The 403 a request in the admin role gets when its session began with the password alone (before TOTP was on). */
export const SECOND_FACTOR_SIGN_IN_MESSAGE =
  'Sign out, then sign in again with the code from your authenticator app to use administration: this session began without it.';

/** The 401 a token gets once the person's role or access has changed since it was issued. */
export const TOKEN_REVOKED_MESSAGE = 'Your role or access has changed since you signed in; please sign in again.';

/** Routes an admin may call: their handlers carry the two-factor check (an admin's role reaches rosters and reports). */
export const admitsAdmins = (route: { roles: readonly Role[] }): boolean => route.roles.includes('Admins');

/**
 * Any request made in the admin role needs two-factor authentication on, on every route that admits admins (a teacher
 * who is also an admin included); teachers and students are never asked.
 */
export const requiresSecondFactor = (route: { roles: readonly Role[] }, callerRoles: readonly Role[]): boolean =>
  admitsAdmins(route) && callerRoles.includes('Admins');
