// The user pool's PreSignUp trigger. Cognito calls it before it would create a user for a first sign-in through a
// school's identity provider (PreSignUp_ExternalProvider); the identity twin calls the same handler locally. Password
// accounts are made by administrators only (AdminCreateUser), which this trigger lets through untouched.
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { buildSchoolSignIn } from '../../composition/school-sign-in';
import type { SchoolSignIn } from '../school-sign-in';

export const makeHandler =
  (signInFor: (userPoolId: string) => SchoolSignIn) =>
  async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
    if (event.triggerSource !== 'PreSignUp_ExternalProvider') return event;
    const { email, email_verified: emailVerified, name } = event.request.userAttributes;
    // A refusal fails the sign-up: Cognito sends the person back to the app with the message, and creates nobody.
    await signInFor(event.userPoolId).signUp({ userName: event.userName, email, emailVerified: emailVerified === 'true', name });
    return event;
  };

// The pool's id comes with the event: the pool's own trigger cannot be configured with it (a circular reference).
export const handler = makeHandler(buildSchoolSignIn());
