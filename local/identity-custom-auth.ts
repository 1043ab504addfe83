// Cognito's custom authentication (CUSTOM_AUTH, which Amplify's CUSTOM_WITHOUT_SRP sends), which cognito-local lacks,
// for an LMS launch's one-time code: InitiateAuth asks the pool's DefineAuthChallenge and CreateAuthChallenge
// triggers, RespondToAuthChallenge asks VerifyAuthChallengeResponse and DefineAuthChallenge again, then issues tokens
// as a password sign-in does, or refuses. The same trigger handlers Cognito runs: Define and Create read only their
// events and run here in the worker; Verify reads the table and runs in the parent thread (`verify`).
import { randomBytes } from 'node:crypto';
import type { CreateAuthChallengeTriggerEvent, DefineAuthChallengeTriggerEvent, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { InvalidParameterError, NotAuthorizedError } from 'cognito-local/lib/errors';
import type { Context } from 'cognito-local/lib/services/context';
import { attributesToRecord, type User, type UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { handler as createAuthChallenge } from '../functions/src/lti/handlers/create-auth-challenge';
import { handler as defineAuthChallenge } from '../functions/src/lti/handlers/define-auth-challenge';
import type { TargetFactory } from './identity-targets';

/** How long a custom challenge may be answered: Cognito's default sign-in session. */
const CHALLENGE_LIFETIME_MS = 3 * 60_000;
const INCORRECT = 'Incorrect username or password.';

export type VerifyAuthChallenge = (event: VerifyAuthChallengeResponseTriggerEvent) => Promise<VerifyAuthChallengeResponseTriggerEvent>;

interface CustomAuthRequest {
  ClientId: string;
  AuthFlow?: string;
  ChallengeName?: string;
  Session?: string;
  AuthParameters?: Record<string, string | undefined>;
  ChallengeResponses?: Record<string, string | undefined>;
  ClientMetadata?: Record<string, string>;
}

/** A step of the sign-in so far, as DefineAuthChallenge is told it. */
type CustomChallengeResult = DefineAuthChallengeTriggerEvent['request']['session'][number];

interface PendingChallenge {
  clientId: string;
  username: string;
  session: CustomChallengeResult[];
  privateChallengeParameters: Record<string, string>;
  challengeMetadata: string;
  expiresAt: number;
}

const pending = new Map<string, PendingChallenge>();

const baseEvent = <Source extends string>(userPool: UserPoolService, clientId: string, user: User, triggerSource: Source) => ({
  version: '1',
  region: 'local',
  userPoolId: userPool.options.Id,
  triggerSource,
  userName: user.Username,
  callerContext: { awsSdkVersion: 'cognito-local', clientId },
});

async function define(userPool: UserPoolService, clientId: string, user: User, session: CustomChallengeResult[]) {
  const event: DefineAuthChallengeTriggerEvent = {
    ...baseEvent(userPool, clientId, user, 'DefineAuthChallenge_Authentication'),
    request: { userAttributes: attributesToRecord(user.Attributes), session },
    response: { issueTokens: false, failAuthentication: false },
  };
  return (await defineAuthChallenge(event)).response;
}

/** The next custom challenge, remembered under a new session, as Cognito answers it. */
async function challenge(userPool: UserPoolService, clientId: string, user: User, session: CustomChallengeResult[]) {
  const event: CreateAuthChallengeTriggerEvent = {
    ...baseEvent(userPool, clientId, user, 'CreateAuthChallenge_Authentication'),
    request: { userAttributes: attributesToRecord(user.Attributes), challengeName: 'CUSTOM_CHALLENGE', session },
    response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
  };
  const { response } = await createAuthChallenge(event);
  const id = randomBytes(48).toString('base64');
  for (const [key, held] of pending) if (held.expiresAt < Date.now()) pending.delete(key);
  pending.set(id, {
    clientId,
    username: user.Username,
    session,
    privateChallengeParameters: response.privateChallengeParameters,
    challengeMetadata: response.challengeMetadata,
    expiresAt: Date.now() + CHALLENGE_LIFETIME_MS,
  });
  return { ChallengeName: 'CUSTOM_CHALLENGE', ChallengeParameters: { ...response.publicChallengeParameters, USERNAME: user.Username }, Session: id };
}

/** InitiateAuth with CUSTOM_AUTH: the first challenge DefineAuthChallenge names; other flows go to `original`. */
export const answerCustomAuthStart =
  (original: TargetFactory): TargetFactory =>
  (services) => {
    const signIn = original(services);
    return async (ctx: Context, req: CustomAuthRequest) => {
      if (req.AuthFlow !== 'CUSTOM_AUTH') return signIn(ctx, req as never);
      const username = req.AuthParameters?.USERNAME;
      if (!username) throw new InvalidParameterError('Missing required parameter USERNAME');
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, username);
      // The pool prevents user-existence errors: an unknown user is refused like a wrong answer.
      if (!user) throw new NotAuthorizedError(INCORRECT);
      const next = await define(userPool, req.ClientId, user, []);
      if (next.failAuthentication || next.challengeName !== 'CUSTOM_CHALLENGE') throw new NotAuthorizedError(INCORRECT);
      return challenge(userPool, req.ClientId, user, []);
    };
  };

/**
 * RespondToAuthChallenge with CUSTOM_CHALLENGE: VerifyAuthChallengeResponse judges the answer, DefineAuthChallenge
 * decides (tokens, another challenge, or the end); other challenges go to `original`.
 */
export const answerCustomChallenge =
  (original: TargetFactory, verify: VerifyAuthChallenge): TargetFactory =>
  (services) => {
    const respond = original(services);
    return async (ctx: Context, req: CustomAuthRequest) => {
      if (req.ChallengeName !== 'CUSTOM_CHALLENGE') return respond(ctx, req as never);
      const held = req.Session ? pending.get(req.Session) : undefined;
      if (req.Session) pending.delete(req.Session);
      if (!held || held.expiresAt < Date.now() || held.clientId !== req.ClientId || req.ChallengeResponses?.USERNAME !== held.username) {
        throw new NotAuthorizedError('Invalid session for the user, session is expired.');
      }
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, held.username);
      if (!user) throw new NotAuthorizedError(INCORRECT);
      const verified = await verify({
        ...baseEvent(userPool, req.ClientId, user, 'VerifyAuthChallengeResponse_Authentication'),
        request: {
          userAttributes: attributesToRecord(user.Attributes),
          privateChallengeParameters: held.privateChallengeParameters,
          challengeAnswer: req.ChallengeResponses?.ANSWER ?? '',
        },
        response: { answerCorrect: false },
      });
      const session = [...held.session, { challengeName: 'CUSTOM_CHALLENGE' as const, challengeResult: verified.response.answerCorrect, challengeMetadata: held.challengeMetadata }];
      const next = await define(userPool, req.ClientId, user, session);
      if (next.issueTokens) {
        const client = await services.cognito.getAppClient(ctx, req.ClientId);
        const tokens = await services.tokenGenerator.generate(ctx, user, await userPool.listUserGroupMembership(ctx, user), client!, req.ClientMetadata, 'Authentication');
        await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
        return { ChallengeParameters: {}, AuthenticationResult: tokens };
      }
      if (next.failAuthentication || next.challengeName !== 'CUSTOM_CHALLENGE') throw new NotAuthorizedError(INCORRECT);
      return challenge(userPool, req.ClientId, user, session);
    };
  };
