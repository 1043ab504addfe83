// What Cognito checks before an administrative call, which cognito-local does not: a SigV4 signature by known AWS
// credentials (IAM). Only the targets a user calls for themselves (with a password, a session, a code or their own
// access token) are answered unsigned; everything else, unknown targets included, needs the local stack's credentials.
import type { IncomingMessage } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import {
  header,
  httpRequest,
  MAX_SKEW_MS,
  NodeSha256,
  parseAmzDate,
  SIGV4_AUTHORIZATION,
  signedHeaderValues,
  type Credentials,
} from './s3-signature';

/** The Cognito user-pool targets that take no AWS credentials (the public API of a user pool client). */
export const PUBLIC_TARGETS: ReadonlySet<string> = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

export interface CognitoRefusal {
  code: string;
  message: string;
}

/** Largest request body read before verifying (Cognito's requests are a few kB). */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Undefined when the request may go on to cognito-local, else Cognito's refusal. An administrative call's body is
 * read here to check its signature, and left parsed on `request.body`, where cognito-local's body parser (which skips
 * a request already read) finds it.
 */
export async function admitRequest(request: IncomingMessage, credentials: Credentials, now = new Date()): Promise<CognitoRefusal | undefined> {
  const target = header(request.headers, 'x-amz-target')?.split('.')[1];
  if (request.method !== 'POST' || !target || PUBLIC_TARGETS.has(target)) return undefined;
  const body = await readBody(request);
  if (body === undefined) return { code: 'SerializationException', message: 'The request body is too large.' };
  const refused = await verifyRequest({ method: 'POST', url: request.url ?? '/', headers: request.headers, body }, credentials, now);
  if (refused) return refused;
  try {
    (request as IncomingMessage & { body?: unknown }).body = body ? JSON.parse(body) : {};
  } catch {
    return { code: 'SerializationException', message: 'The request body is not valid JSON.' };
  }
  return undefined;
}

/** Undefined when Cognito would accept the request's signature; the error it answers otherwise. */
export async function verifyRequest(
  request: { method: string; url: string; headers: IncomingMessage['headers']; body: string },
  credentials: Credentials,
  now: Date,
): Promise<CognitoRefusal | undefined> {
  const authorization = header(request.headers, 'authorization');
  if (!authorization) return { code: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const parsed = SIGV4_AUTHORIZATION.exec(authorization);
  if (!parsed) return { code: 'IncompleteSignatureException', message: 'The Authorization header is malformed.' };
  const [, credential, signedHeaders, signature] = parsed;
  const [accessKeyId, , region, service, terminator] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) {
    return { code: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
  }
  if (!region || service !== 'cognito-idp' || terminator !== 'aws4_request') {
    return { code: 'IncompleteSignatureException', message: 'The credential scope is not valid for cognito-idp.' };
  }
  const signingDate = parseAmzDate(header(request.headers, 'x-amz-date') ?? '');
  if (!signingDate || Math.abs(now.getTime() - signingDate.getTime()) > MAX_SKEW_MS) {
    return { code: 'InvalidSignatureException', message: 'Signature expired or not yet valid: the x-amz-date is missing or too far from now.' };
  }
  const signed = signedHeaderValues(request.headers, signedHeaders);
  // Cognito's API is a POST to / with no query: anything else cannot match what the SDK signs.
  const resigned =
    signed &&
    (await new SignatureV4({ credentials, region, service, sha256: NodeSha256 }).sign(
      { ...httpRequest(request.method, request.url, new Map(), signed), body: request.body },
      { signingDate, signableHeaders: new Set(Object.keys(signed)) },
    ));
  return resigned && resigned.headers.authorization?.endsWith(`Signature=${signature}`)
    ? undefined
    : {
        code: 'InvalidSignatureException',
        message:
          'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
      };
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
