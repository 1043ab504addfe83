// The adapter between API Gateway (HTTP API, payload v2) and the domain: authentication from the JWT claims,
// the route table's role check, JSON parsing and validation, and one mapping from errors to responses.
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
} from 'aws-lambda';
import { timingSafeEqual } from 'node:crypto';
import type { ZodType } from 'zod';
import { ORIGIN_VERIFY_HEADER } from '../../../shared/edge';
import type { RouteDefinition } from '../../../shared/routes';
import { describeIssues, idSchema } from '../../../shared/schemas';
import { isRole, type Role } from '../../../shared/roles';
import type { Caller } from '../domain/caller';
import { DomainError, forbidden, invalid, type DomainErrorKind } from '../domain/errors';
import { logger } from './logger';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export interface ApiRequest {
  pathParameters: Record<string, string | undefined>;
  /** The parsed JSON body; undefined when there is none. */
  body: unknown;
}

export interface ApiResponse {
  statusCode: number;
  body?: unknown;
}

export const ok = (body: unknown): ApiResponse => ({ statusCode: 200, body });
export const created = (body: unknown): ApiResponse => ({ statusCode: 201, body });
export const noContent = (): ApiResponse => ({ statusCode: 204 });

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
};

/**
 * Wraps a route's use case. Read once, when the handler module loads: ORIGIN_VERIFY_SECRET, which every deployed
 * function has (and the local stack sets); when set, a request without CloudFront's header is refused before anything.
 */
export function apiHandler(
  route: RouteDefinition,
  handle: (request: ApiRequest, caller: Caller) => Promise<ApiResponse>,
): (event: ApiEvent) => Promise<ApiResult> {
  const originSecret = process.env.ORIGIN_VERIFY_SECRET;
  return async (event) => {
    try {
      if (originSecret !== undefined && !sameSecret(event.headers?.[ORIGIN_VERIFY_HEADER], originSecret)) {
        throw forbidden("Use the API through the app's address.");
      }
      const caller = callerFrom(event);
      if (!route.roles.some((role) => caller.roles.includes(role))) {
        throw forbidden(`Only ${route.roles.join(' or ').toLowerCase()} can do this.`);
      }
      const response = await handle({ pathParameters: event.pathParameters ?? {}, body: parseBody(event) }, caller);
      return respond(response.statusCode, response.body);
    } catch (error) {
      if (error instanceof DomainError) return respond(STATUS_BY_KIND[error.kind], { message: error.message });
      logger.error('Unhandled error', { error: error as Error, routeKey: event.routeKey });
      return respond(500, { message: 'Something went wrong on our side. Please try again in a moment.' });
    }
  };
}

function sameSecret(sent: string | undefined, expected: string): boolean {
  const [a, b] = [Buffer.from(sent ?? ''), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Validates input against a shared schema; a failure is a 400 naming what to fix. */
export function validate<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(describeIssues(result.error));
  return result.data;
}

function callerFrom(event: ApiEvent): Caller {
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  // The HTTP API authorizer also admits ID tokens (their aud is the client id); only access tokens are accepted.
  if (typeof claims.sub !== 'string' || claims.token_use !== 'access') {
    throw new DomainError('unauthenticated', 'Please sign in again: an access token is required.');
  }
  return { userId: claims.sub, roles: parseGroups(claims['cognito:groups']) };
}

/**
 * Reads `cognito:groups` in both forms it arrives in: an array (the token itself, the local server)
 * or the string API Gateway's HTTP API makes of it, such as `[Teachers Admins]`.
 */
export function parseGroups(claim: unknown): Role[] {
  const names = Array.isArray(claim)
    ? claim.map(String)
    : typeof claim === 'string'
      ? claim.replace(/^\[|\]$/g, '').split(/[\s,]+/)
      : [];
  return names.map((name) => name.trim()).filter(isRole);
}

function parseBody(event: ApiEvent): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('The request body is not valid JSON.');
  }
}

function respond(statusCode: number, body: unknown): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/** A path parameter that must be an id; a malformed one is a 400. */
export function pathId(request: ApiRequest, name: string): string {
  return validate(idSchema(name), request.pathParameters[name]);
}
