// Builds school sign-in: the PreSignUp trigger's use case over the user pool the event names (Cognito's admin API) and
// the table, and the administrators' domain settings over the table; both with the stage's providers and domains.
import { cognitoClient } from '../platform/cognito-client';
import { schoolSignInProviders } from '../platform/env';
import { makeCognitoSchoolAccounts } from '../school-sign-in/adapters/cognito-school-accounts';
import { makeSchoolSignIn, makeSchoolSignInSettings, type SchoolSignIn } from '../school-sign-in/school-sign-in';
import { systemClock } from './system';
import { auditLog, domainSettingStore, peopleIndex } from './table-stores';

/** The sign-up use case for one user pool (the pool's id comes with each trigger event). */
export function buildSchoolSignIn(): (userPoolId: string) => SchoolSignIn {
  const providers = schoolSignInProviders();
  const domains = domainSettingStore();
  const index = peopleIndex();
  const audit = auditLog();
  return (userPoolId) => makeSchoolSignIn({ providers, directory: makeCognitoSchoolAccounts(cognitoClient(), userPoolId), domains, index, audit, clock: systemClock });
}

export const buildSchoolSignInSettings = () =>
  makeSchoolSignInSettings({ providers: schoolSignInProviders(), domains: domainSettingStore(), audit: auditLog(), clock: systemClock });
