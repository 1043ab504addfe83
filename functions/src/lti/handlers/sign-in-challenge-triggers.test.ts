// The user pool's custom authentication triggers for a launch's sign-in: one custom challenge, then tokens for a
// right code or the end; the challenge shows nothing; the code is right once, for its own person, before it expires.
import type { CreateAuthChallengeTriggerEvent, DefineAuthChallengeTriggerEvent, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { FixedClock } from '../../kernel/fakes/clock-ids-log';
import { InMemorySignInCodes } from '../fakes/launch-links';
import { LTI_CHALLENGE_METADATA } from '../sign-in-challenge';
import { handler as createAuthChallenge } from './create-auth-challenge';
import { handler as defineAuthChallenge } from './define-auth-challenge';
import { makeHandler as makeVerifyAuthChallenge } from './verify-auth-challenge';

const base = { version: '1', region: 'eu-west-1', userPoolId: 'pool', userName: 'user-1', callerContext: { awsSdkVersion: '3', clientId: 'web' } };
type Step = DefineAuthChallengeTriggerEvent['request']['session'][number];
const custom = (challengeResult: boolean): Step => ({ challengeName: 'CUSTOM_CHALLENGE', challengeResult, challengeMetadata: LTI_CHALLENGE_METADATA });

const define = (session: Step[], userNotFound = false) =>
  defineAuthChallenge({
    ...base,
    triggerSource: 'DefineAuthChallenge_Authentication',
    request: { userAttributes: { sub: 'user-1' }, session, userNotFound },
    response: { issueTokens: false, failAuthentication: false },
  });

describe('DefineAuthChallenge', () => {
  it('asks the one custom challenge first', async () => {
    expect((await define([])).response).toEqual({ issueTokens: false, failAuthentication: false, challengeName: 'CUSTOM_CHALLENGE' });
  });

  it('issues tokens after a right answer', async () => {
    expect((await define([custom(true)])).response).toEqual({ issueTokens: true, failAuthentication: false });
  });

  it.each([
    ['a wrong answer (no second guess)', [custom(false)]],
    ['a session that began with a password step', [{ challengeName: 'PASSWORD_VERIFIER' as const, challengeResult: true }]],
    ['more than one challenge', [custom(true), custom(true)]],
  ])('ends the attempt after %s', async (_what, session) => {
    expect((await define(session)).response).toEqual({ issueTokens: false, failAuthentication: true });
  });

  it('ends the attempt of a user the pool does not know', async () => {
    expect((await define([], true)).response).toEqual({ issueTokens: false, failAuthentication: true });
  });
});

it('CreateAuthChallenge shows nothing and keeps nothing private: the browser holds the code', async () => {
  const event: CreateAuthChallengeTriggerEvent = {
    ...base,
    triggerSource: 'CreateAuthChallenge_Authentication',
    request: { userAttributes: { sub: 'user-1' }, challengeName: 'CUSTOM_CHALLENGE', session: [] },
    response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
  };
  expect((await createAuthChallenge(event)).response).toEqual({ publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: LTI_CHALLENGE_METADATA });
});

describe('VerifyAuthChallengeResponse', () => {
  const clock = new FixedClock();
  const now = () => Math.floor(clock.now().getTime() / 1000);
  let codes: InMemorySignInCodes;
  beforeEach(async () => {
    clock.set(FixedClock.START);
    codes = new InMemorySignInCodes();
    await codes.put({ code: 'code-1', userId: 'user-1', expiresAt: now() + 120 });
  });

  const verify = (answer: string, sub = 'user-1') =>
    makeVerifyAuthChallenge(codes, clock)({
      ...base,
      triggerSource: 'VerifyAuthChallengeResponse_Authentication',
      request: { userAttributes: { sub }, privateChallengeParameters: {}, challengeAnswer: answer },
      response: { answerCorrect: false },
    }).then((event: VerifyAuthChallengeResponseTriggerEvent) => event.response.answerCorrect);

  it('takes the code once: a second use of it is wrong', async () => {
    expect(await verify('code-1')).toBe(true);
    expect(await verify('code-1')).toBe(false);
  });

  it("refuses another person's code, a wrong code and an empty answer, and leaves the code to its person", async () => {
    expect(await verify('code-1', 'user-2')).toBe(false);
    expect(await verify('code-2')).toBe(false);
    expect(await verify('')).toBe(false);
    expect(await verify('code-1')).toBe(true);
  });

  it('refuses a code after its two minutes', async () => {
    clock.set(new Date(Date.parse(FixedClock.START) + 121_000).toISOString());
    expect(await verify('code-1')).toBe(false);
  });
});
