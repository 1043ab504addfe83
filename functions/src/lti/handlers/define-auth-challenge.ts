// The user pool's DefineAuthChallenge trigger: the launch's sign-in is one custom challenge (../sign-in-challenge.ts).
// It reads only its event. The identity twin runs the same handler locally.
import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { nextChallenge } from '../sign-in-challenge';

export const handler = async (event: DefineAuthChallengeTriggerEvent): Promise<DefineAuthChallengeTriggerEvent> => {
  const decision = nextChallenge(event.request.session, event.request.userNotFound === true);
  event.response.issueTokens = 'issueTokens' in decision;
  event.response.failAuthentication = 'failAuthentication' in decision;
  if ('challengeName' in decision) event.response.challengeName = decision.challengeName;
  return event;
};
