// Builds the API Gateway (HTTP API, payload v2) events a route's Lambda receives, and reads its answers back.
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { buildPath, type RouteDefinition } from '../../shared/contract/route';

/** Who the verified token says is calling; `null` is a request the authorizer let through without claims. */
export interface TokenSpec {
  sub: string;
  /** An array (the token itself, the local server) or the string form HTTP API hands to Lambda: `[Teachers Admins]`. */
  groups?: string[] | string;
  tokenUse?: 'access' | 'id';
  /** When the token was issued and its sign-in made (epoch seconds); HTTP API hands every claim over as a string. */
  issuedAt?: number;
  authTime?: number;
}

export const TEACHER_ID = 'teacher-1';
export const OTHER_TEACHER_ID = 'teacher-2';
export const STUDENT_ID = 'student-1';
export const OTHER_STUDENT_ID = 'student-2';

export const tokens = {
  teacher: { sub: TEACHER_ID, groups: ['Teachers'] },
  otherTeacher: { sub: OTHER_TEACHER_ID, groups: ['Teachers'] },
  student: { sub: STUDENT_ID, groups: ['Students'] },
  otherStudent: { sub: OTHER_STUDENT_ID, groups: ['Students'] },
  admin: { sub: 'admin-1', groups: ['Admins'] },
  teacherIdToken: { sub: TEACHER_ID, groups: ['Teachers'], tokenUse: 'id' },
} satisfies Record<string, TokenSpec>;

export interface EventOptions {
  token?: TokenSpec | null;
  pathParameters?: Record<string, string>;
  /** Serialized as JSON; use `rawBody` to send text that is not. */
  body?: unknown;
  rawBody?: string;
  base64?: boolean;
  /** API Gateway's id of the request; default `request-1`. */
  requestId?: string;
}

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export function apiEvent(route: RouteDefinition, options: EventOptions = {}): ApiEvent {
  const { token = tokens.teacher, pathParameters, body, rawBody, base64 = false, requestId = 'request-1' } = options;
  const text = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
  const rawPath = pathParameters ? buildPath(route.path, pathParameters) : route.path;
  const routeKey = `${route.method} ${route.path}`;
  const now = Date.now();
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters,
    body: text === undefined ? undefined : base64 ? Buffer.from(text).toString('base64') : text,
    isBase64Encoded: base64,
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'api.example.com',
      domainPrefix: 'api',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      requestId,
      routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
      authorizer: token === null ? undefined : jwtAuthorizer(token),
    } as ApiEvent['requestContext'],
  };
}

function jwtAuthorizer(token: TokenSpec): ApiEvent['requestContext']['authorizer'] {
  const claims: Record<string, string | string[]> = {
    sub: token.sub,
    token_use: token.tokenUse ?? 'access',
    client_id: 'client-1',
    iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_pool',
  };
  if (token.groups !== undefined) claims['cognito:groups'] = token.groups;
  if (token.issuedAt !== undefined) claims.iat = String(token.issuedAt);
  if (token.authTime !== undefined) claims.auth_time = String(token.authTime);
  return { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } };
}

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  /** Parsed JSON; undefined for an empty body. */
  body: any;
}

type Handler = (event: ApiEvent) => Promise<APIGatewayProxyStructuredResultV2>;

/** Calls a handler as Lambda would and parses what it answers. */
export async function invoke(handler: Handler, event: ApiEvent): Promise<Answer> {
  const result = await handler(event);
  const text = result.body ?? '';
  return {
    statusCode: result.statusCode ?? 200,
    headers: (result.headers ?? {}) as Record<string, unknown>,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** Error bodies are `{ message }` with a sentence a person can act on (that also matches `pattern`, if given). */
export const errorBody = (pattern?: RegExp) => ({ message: anySentence(pattern) });

export const anySentence = (pattern?: RegExp) =>
  expect.stringMatching(
    pattern ? new RegExp(`(?=${SENTENCE.source})(?=[\\s\\S]*?${pattern.source})`, `s${pattern.flags.replace('s', '')}`) : SENTENCE,
  );

/** Starts with a word, has more than one, ends like a sentence. */
export const SENTENCE = /^["\w].*\S\s+\S.*[.!?]$/s;
