// Two-factor authentication (TOTP, Cognito's software token): optional for everyone, required for administration.
import type { RouteDefinition } from './routes';

/** Why a refusal happened, when the app offers a way out of it (the web links to where it is fixed). */
export const ERROR_REASONS = ['secondFactorRequired'] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The 403 an administrator without two-factor authentication gets from every administration route. */
export const SECOND_FACTOR_REQUIRED_MESSAGE = 'Turn on two-factor authentication in your profile to use administration.';

/** Administration routes (only Admins may call them) require the caller to have two-factor authentication on. */
export const requiresSecondFactor = (route: Pick<RouteDefinition, 'roles'>): boolean =>
  route.roles.length > 0 && route.roles.every((role) => role === 'Admins');
