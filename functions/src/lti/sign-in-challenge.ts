// The user pool's custom authentication for a launch from an LMS (docs/decisions/lti/launch-sign-in.md): one custom
// challenge, answered with the one-time code the launch handed the browser. Cognito asks three triggers: which
// challenge comes next (here: the one code, then tokens or the end), what the challenge is (nothing to show: the
// browser holds the code already), and whether the answer is right (the code is the person's, unused, not expired).
import type { Clock } from '../kernel/ports';
import type { SignInCodeStore } from './port';

/** What Cognito's DefineAuthChallenge is told of the attempt so far. */
export interface ChallengeStep {
  challengeName: string;
  challengeResult: boolean;
}

export type ChallengeDecision = { issueTokens: true } | { failAuthentication: true } | { challengeName: 'CUSTOM_CHALLENGE' };

/** Names the launch's challenge in Cognito's session, so no other custom challenge is ever taken for it. */
export const LTI_CHALLENGE_METADATA = 'LTI_SIGN_IN_CODE';

/**
 * One code, one try: a right answer gives tokens, a wrong one ends the attempt (a guess is never retried against the
 * same sign-in), and a session that began with anything else (a password step) is not this flow.
 */
export function nextChallenge(session: readonly ChallengeStep[], userNotFound: boolean): ChallengeDecision {
  if (userNotFound) return { failAuthentication: true };
  if (session.length === 0) return { challengeName: 'CUSTOM_CHALLENGE' };
  const [only] = session;
  if (session.length === 1 && only.challengeName === 'CUSTOM_CHALLENGE' && only.challengeResult) return { issueTokens: true };
  return { failAuthentication: true };
}

/** Whether `answer` is a sign-in code a launch issued to this person, using it up. */
export async function codeIsRight(codes: SignInCodeStore, clock: Clock, userId: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!userId || !answer) return false;
  return codes.redeem(answer, userId, Math.floor(clock.now().getTime() / 1000));
}
