// Builds the school sign-in trigger's directory: the user pool the event names, through Cognito's admin API.
import { cognitoClient } from '../platform/cognito-client';
import { makeCognitoSchoolAccounts } from '../school-sign-in/adapters/cognito-school-accounts';
import type { SchoolAccountDirectory } from '../school-sign-in/link-school-account';

export const schoolAccountsOf = (userPoolId: string): SchoolAccountDirectory => makeCognitoSchoolAccounts(cognitoClient(), userPoolId);
