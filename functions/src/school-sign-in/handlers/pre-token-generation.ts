// The user pool's PreTokenGeneration trigger: an administrator's sign-in through a school's provider gets tokens only
// if the provider used a second factor (../second-factor.ts). A refusal fails the sign-in: Cognito sends the person
// back to the login page with the message. Everyone else's tokens are issued unchanged.
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { PROVIDER_AMR_ATTRIBUTE } from '@shared/school-sign-in';
import { admitTokens } from '../second-factor';

export const handler = async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
  admitTokens({
    hostedSignIn: event.triggerSource === 'TokenGeneration_HostedAuth',
    groups: event.request.groupConfiguration.groupsToOverride ?? [],
    providerMethods: event.request.userAttributes[PROVIDER_AMR_ATTRIBUTE],
  });
  return event;
};
