// The user pool's PreSignUp trigger. Cognito calls it before it would create a user for a first sign-in through a
// school's identity provider (PreSignUp_ExternalProvider); the identity twin calls the same handler locally. Password
// accounts are made by administrators only (AdminCreateUser), which this trigger lets through untouched.
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { schoolAccountsOf } from '../../composition/school-sign-in';
import { linkSchoolAccount, type SchoolAccountDirectory } from '../link-school-account';

export const makeHandler =
  (directoryOf: (userPoolId: string) => SchoolAccountDirectory) =>
  async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
    if (event.triggerSource !== 'PreSignUp_ExternalProvider') return event;
    // Cognito names a federated user `<provider name>_<subject>`; provider names here hold no underscore.
    const separator = event.userName.indexOf('_');
    const { email, email_verified: emailVerified } = event.request.userAttributes;
    // A refusal fails the sign-up: Cognito sends the person back to the app with the message, and creates nobody.
    await linkSchoolAccount(directoryOf(event.userPoolId), {
      providerName: event.userName.slice(0, separator),
      subject: event.userName.slice(separator + 1),
      email,
      emailVerified: emailVerified === 'true',
    });
    return event;
  };

// The pool's id comes with the event: the pool's own trigger cannot be configured with it (a circular reference).
export const handler = makeHandler(schoolAccountsOf);
