// Cognito's secure remote password sign-in (USER_SRP_AUTH, then the PASSWORD_VERIFIER challenge), which the web app
// uses in the cloud and cognito-local lacks, run in the identity twin's worker (identity-targets.ts registers it).
// The math is Cognito's as its clients compute it (Amplify's srp helpers): the 3072-bit group of RFC 5054 with g = 2,
// hashes over the sign-padded hex of each number, and the password claim signed with an HKDF key. cognito-local keeps
// passwords as they are, so the twin derives each user's verifier at the moment they sign in.
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { InvalidParameterError, NotAuthorizedError } from 'cognito-local/lib/errors';
import type { Context } from 'cognito-local/lib/services/context';
import type { TargetFactory } from './identity-targets';

const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;
const k = hashHexToInteger(paddedHex(N) + paddedHex(g));
/** How long the challenge may be answered: Cognito's default sign-in session. */
const CHALLENGE_LIFETIME_MS = 3 * 60_000;
const INCORRECT = 'Incorrect username or password.';

interface SrpStartRequest {
  ClientId: string;
  AuthFlow?: string;
  AuthParameters?: Record<string, string | undefined>;
}

interface ChallengeAnswerRequest {
  ClientId: string;
  ChallengeName?: string;
  ChallengeResponses?: Record<string, string | undefined>;
  ClientMetadata?: Record<string, string>;
}

/** What the server remembers between the two steps, by the secret block it handed out. */
interface PendingClaim {
  clientId: string;
  poolName: string;
  /** null for a username the pool does not know: its claim is refused like a wrong password. */
  username: string | null;
  A: bigint;
  B: bigint;
  b: bigint;
  v: bigint;
  expiresAt: number;
}

const pendingClaims = new Map<string, PendingClaim>();

/**
 * InitiateAuth with USER_SRP_AUTH answers the PASSWORD_VERIFIER challenge; other flows go to `original`. A username the
 * pool does not know gets a challenge too (the pool prevents user-existence errors), refused at the answer.
 */
export const answerSrpStart =
  (original: TargetFactory): TargetFactory =>
  (services) => {
    const signIn = original(services);
    return async (ctx: Context, req: SrpStartRequest) => {
      if (req.AuthFlow !== 'USER_SRP_AUTH') return signIn(ctx, req as never);
      const username = req.AuthParameters?.USERNAME;
      const srpA = req.AuthParameters?.SRP_A;
      if (!username) throw new InvalidParameterError('Missing required parameter USERNAME');
      if (!srpA || !/^[0-9a-f]+$/i.test(srpA)) throw new InvalidParameterError('Missing required parameter SRP_A');
      const A = BigInt(`0x${srpA}`);
      if (A % N === 0n) throw new InvalidParameterError('Invalid SRP_A');
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, username);
      const poolName = poolNameOf(userPool.options.Id);
      const userId = user?.Username ?? username;
      const salt = BigInt(`0x${randomBytes(16).toString('hex')}`);
      const v = user ? verifier(poolName, userId, user.Password, salt) : BigInt(`0x${randomBytes(32).toString('hex')}`);
      const b = BigInt(`0x${randomBytes(32).toString('hex')}`);
      const B = (k * v + modPow(g, b, N)) % N;
      const secretBlock = randomBytes(64).toString('base64');
      forgetExpiredClaims();
      pendingClaims.set(secretBlock, {
        clientId: req.ClientId,
        poolName,
        username: user?.Username ?? null,
        A,
        B,
        b,
        v,
        expiresAt: Date.now() + CHALLENGE_LIFETIME_MS,
      });
      return {
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeParameters: {
          SALT: salt.toString(16),
          SRP_B: B.toString(16),
          SECRET_BLOCK: secretBlock,
          USER_ID_FOR_SRP: userId,
          USERNAME: userId,
        },
      };
    };
  };

/**
 * RespondToAuthChallenge with PASSWORD_VERIFIER checks the password claim, then goes on as a password sign-in does
 * (tokens, or the new-password or second-factor challenge) through `passwordSignIn`; other challenges go to `original`.
 */
export const answerPasswordVerifier =
  (original: TargetFactory, passwordSignIn: TargetFactory): TargetFactory =>
  (services) => {
    const respond = original(services);
    const signIn = passwordSignIn(services);
    return async (ctx: Context, req: ChallengeAnswerRequest) => {
      if (req.ChallengeName !== 'PASSWORD_VERIFIER') return respond(ctx, req as never);
      const answers = req.ChallengeResponses ?? {};
      for (const name of ['USERNAME', 'PASSWORD_CLAIM_SECRET_BLOCK', 'PASSWORD_CLAIM_SIGNATURE', 'TIMESTAMP']) {
        if (!answers[name]) throw new InvalidParameterError(`Missing required parameter ${name}`);
      }
      const secretBlock = answers.PASSWORD_CLAIM_SECRET_BLOCK!;
      const claim = pendingClaims.get(secretBlock);
      pendingClaims.delete(secretBlock);
      if (!claim || claim.expiresAt < Date.now() || claim.clientId !== req.ClientId) {
        throw new NotAuthorizedError('Invalid session for the user, session is expired.');
      }
      const expected = claimSignature(claim, secretBlock, answers.TIMESTAMP!);
      const given = Buffer.from(answers.PASSWORD_CLAIM_SIGNATURE!, 'base64');
      if (claim.username === null || answers.USERNAME !== claim.username || !sameBytes(expected, given)) {
        throw new NotAuthorizedError(INCORRECT);
      }
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, claim.username);
      if (!user) throw new NotAuthorizedError(INCORRECT);
      return signIn(ctx, {
        ClientId: req.ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.Username, PASSWORD: user.Password },
        ClientMetadata: req.ClientMetadata,
      } as never);
    };
  };

/** The pool id without its region, as clients put it into the password hash. */
function poolNameOf(userPoolId: string): string {
  return userPoolId.split('_')[1] ?? '';
}

function verifier(poolName: string, userId: string, password: string, salt: bigint): bigint {
  const identityHash = createHash('sha256').update(`${poolName}${userId}:${password}`).digest('hex');
  return modPow(g, hashHexToInteger(paddedHex(salt) + identityHash), N);
}

/** HMAC, under the key both sides derive from the shared secret, of what the client signs. */
function claimSignature(claim: PendingClaim, secretBlock: string, timestamp: string): Buffer {
  const u = hashHexToInteger(paddedHex(claim.A) + paddedHex(claim.B));
  const S = modPow((claim.A * modPow(claim.v, u, N)) % N, claim.b, N);
  const key = hkdfSync('sha256', Buffer.from(paddedHex(S), 'hex'), Buffer.from(paddedHex(u), 'hex'), 'Caldera Derived Key', 16);
  return createHmac('sha256', Buffer.from(key))
    .update(claim.poolName)
    .update(claim.username ?? '')
    .update(Buffer.from(secretBlock, 'base64'))
    .update(timestamp)
    .digest();
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

function forgetExpiredClaims(): void {
  const now = Date.now();
  for (const [secretBlock, claim] of pendingClaims) if (claim.expiresAt < now) pendingClaims.delete(secretBlock);
}

/** Even-length hex with a leading 00 when the top bit is set (Java's BigInteger bytes), as Cognito hashes numbers. */
function paddedHex(value: bigint): string {
  const hex = value.toString(16);
  const even = hex.length % 2 ? `0${hex}` : hex;
  return /^[89a-f]/.test(even) ? `00${even}` : even;
}

function hashHexToInteger(hex: string): bigint {
  return BigInt(`0x${createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex')}`);
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let square = base % modulus;
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}
