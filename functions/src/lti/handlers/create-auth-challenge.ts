// The user pool's CreateAuthChallenge trigger: the launch's challenge shows nothing (the browser holds the code the
// launch gave it) and keeps nothing private (the verifier reads the code's own record). It reads only its event.
import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { LTI_CHALLENGE_METADATA } from '../sign-in-challenge';

export const handler = async (event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> => {
  event.response.publicChallengeParameters = {};
  event.response.privateChallengeParameters = {};
  event.response.challengeMetadata = LTI_CHALLENGE_METADATA;
  return event;
};
