// The user pool's VerifyAuthChallengeResponse trigger: the answer is right when it is a sign-in code a launch issued
// to this person, unused and unexpired; checking it uses it up (one conditional delete). The identity twin runs the
// same handler locally.
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { systemClock } from '../../composition/system';
import { signInCodeStore } from '../../composition/table-stores';
import type { Clock } from '../../kernel/ports';
import type { SignInCodeStore } from '../port';
import { codeIsRight } from '../sign-in-challenge';

export const makeHandler =
  (codes: SignInCodeStore, clock: Clock) =>
  async (event: VerifyAuthChallengeResponseTriggerEvent): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
    event.response.answerCorrect = await codeIsRight(codes, clock, event.request.userAttributes.sub, event.request.challengeAnswer);
    return event;
  };

export const handler = makeHandler(signInCodeStore(), systemClock);
