// Administrators who sign in through their school's provider need its second factor: Cognito asks the app's TOTP only
// of a password sign-in, so a federated session of an administrator counts only if the provider says (its `amr`, RFC
// 8176, or Entra's SAML claim) that a second factor was used. Checked when Cognito issues the tokens of a sign-in
// through the hosted endpoints, so no administrator session without one ever exists; refreshing a session keeps how
// it began, and a role change ends every session (people/people.ts), so a new administrator signs in again.
import { ADMIN_SECOND_FACTOR_MESSAGE } from '@shared/school-sign-in';
import type { Role } from '@shared/roles';
import { SchoolSignInRefused } from './school-sign-in';

/**
 * Methods that are a second factor beside the password: `mfa` itself, a one-time code or a hardware or software key
 * (RFC 8176), and Entra's SAML value for multi-factor sign-in.
 */
const SECOND_FACTOR_METHODS = new Set(['mfa', 'otp', 'hwk', 'swk', 'multipleauthn']);

/** Whether the methods the provider reported (as the attribute mapping stored them: a list, JSON or not) hold a second factor. */
export function providerUsedSecondFactor(methods: string | undefined): boolean {
  return (methods ?? '').toLowerCase().match(/[a-z]+/g)?.some((method) => SECOND_FACTOR_METHODS.has(method)) ?? false;
}

export interface TokenIssue {
  /** Whether the tokens are for a sign-in through the hosted endpoints (a school's provider), not a password sign-in or a refresh. */
  hostedSignIn: boolean;
  groups: readonly string[];
  providerMethods: string | undefined;
}

/** Refuses (SchoolSignInRefused, with the sentence the person reads) an administrator's school sign-in without a second factor. */
export function admitTokens({ hostedSignIn, groups, providerMethods }: TokenIssue): void {
  const admin: Role = 'Admins';
  if (hostedSignIn && groups.includes(admin) && !providerUsedSecondFactor(providerMethods)) throw new SchoolSignInRefused(ADMIN_SECOND_FACTOR_MESSAGE);
}
