// The adapter between API Gateway (HTTP API, payload v2) and the domain: authentication from the JWT claims,
// the route table's role check, JSON parsing and validation, one mapping from errors to responses, and what every
// request leaves behind: log lines carrying the Lambda context and the API Gateway request id, that id in an
// `x-request-id` header (and in any 500's message, for the user to quote), and its metrics.
import { gzipSync } from 'node:zlib';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '@shared/edge';
import { BUSINESS_METRICS, SERVER_ERROR_METRIC, type BusinessMetric } from '@shared/metrics';
import type { ZodMiniType } from 'zod/mini';
import { type ResponseOf, routes, type RouteName } from '@shared/contract';
import { describeIssues, fieldIssues, idSchema } from '@shared/contract/blocks';
import { isRole, type Role } from '@shared/roles';
import {
  admitsAdmins,
  requiresSecondFactor,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  SECOND_FACTOR_SIGN_IN_MESSAGE,
  TOKEN_REVOKED_MESSAGE,
} from '@shared/second-factor';
import type { Caller } from '../kernel/caller';
import { DomainError, forbidden, invalid, TooManyRequestsError, type DomainErrorKind } from '../kernel/errors';
import { getLogger } from './logger';
import { getMetrics } from './metrics';
import { originCheckFromEnvironment } from './origin-verify';
import type { PersonAccessStore } from '../people/port';
import type { RateLimitCheck } from './rate-limit';
import { runBesideGuards } from './writes-after-guards';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export interface ApiRequest {
  pathParameters: Record<string, string | undefined>;
  /** Query string parameters (admin lists). */
  query: Record<string, string | undefined>;
  /** The parsed JSON body; undefined when there is none. */
  body: unknown;
}

/** A success answer; its body is typed by the route's response schema (shared/contract/). */
export interface ApiResponse<T> {
  statusCode: number;
  body: T;
}

export const ok = <T>(body: T): ApiResponse<T> => ({ statusCode: 200, body });
export const created = <T>(body: T): ApiResponse<T> => ({ statusCode: 201, body });
export const noContent = (): ApiResponse<undefined> => ({ statusCode: 204, body: undefined });

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  upstream: 502,
};

export interface ApiHandlerOptions<T> {
  /**
   * The business event a successful request is (counted as a metric), or which one its answer is, if any (a create
   * that answers the module an earlier request made is no new module), or which one the request asked for.
   */
  counts?: BusinessMetric | ((response: ApiResponse<T>, request: ApiRequest) => BusinessMetric | undefined);
  /**
   * Whether the caller has two-factor authentication on (platform/second-factor.ts); every route that admits admins
   * must have it (`adminHandler` gives it). It is asked only for callers in the Admins group, who are refused with a
   * way out when the answer is no; teachers and students never pay for the look-up.
   */
  secondFactor?: SecondFactorCheck;
  /**
   * What the token alone refuses, whatever the table holds (a student naming another person's id): checked before the
   * caller's rate-limit write and access-record read, so such a refusal reads and changes nothing and waits for no
   * table call (docs/decisions/security/refusals-from-token-alone.md). Asked only when the token's groups admit the
   * route: a role refusal may come of a stale token, whose holder must be answered 401 to sign in again.
   */
  tokenCheck?: (request: ApiRequest, caller: Caller) => void;
  /**
   * Starts the use case beside the caller's rate-limit write and access-record read instead of after them, so its first
   * reads share their round trip; its table writes wait for both (platform/writes-after-guards.ts), and its answer is
   * given only once both passed. Only for a use case whose only writes are to the table (a student's module read and
   * mark-complete; http.test.ts checks their deployments), and never where a second factor is asked.
   */
  besideGuards?: true;
}

/**
 * What the user pool says of a caller in one read: whether TOTP two-factor authentication is on, and the name it
 * shows for them (undefined for a user who no longer exists). The name goes on in the caller, for the audit trail.
 */
export type SecondFactorCheck = (userId: string) => Promise<{ secondFactor: boolean; name?: string }>;

/** What a user reads when the server failed; the reference lets support find the request's log lines. */
export const serverErrorMessage = (requestId: string) =>
  `Something went wrong on our side. Please try again in a moment; if it keeps happening, quote reference ${requestId}.`;

/**
 * What every request is checked against beyond its token, kept in the table: the caller's rate of requests
 * (platform/rate-limit.ts) and their access record (platform/person-access.ts; undefined when turned off). The
 * composition root (composition/api-handler.ts) hands them in, so the runtime imports no adapter.
 */
export interface CallerGuards {
  rateLimit: RateLimitCheck;
  accessRecords: PersonAccessStore | undefined;
}

const startedBesideGuards = new Set<RouteName>();

/** The routes whose handlers (those loaded in this process) start their use case beside the guards: their deployments must grant no write outside the table. */
export const routesStartedBesideGuards: ReadonlySet<RouteName> = startedBesideGuards;

/** Wraps a route's use case; the API handler of the routes, given how to build the caller guards (once per handler). */
export type ApiHandler = ReturnType<typeof makeApiHandler>;

/**
 * Builds `apiHandler` over the caller guards, built with each handler when its module loads, as is the origin check
 * (platform/origin-verify.ts), which every deployed function has (and the local stack); when on, a request without
 * CloudFront's header is refused before anything.
 */
export const makeApiHandler = (guards: () => CallerGuards) =>
  function apiHandler<N extends RouteName>(
    name: N,
    handle: (request: ApiRequest, caller: Caller) => Promise<ApiResponse<ResponseOf<N>>>,
    options: ApiHandlerOptions<ResponseOf<N>> = {},
  ): (event: ApiEvent, context?: Context) => Promise<ApiResult> {
    const route = routes[name];
    if (admitsAdmins(route) && !options.secondFactor) {
      throw new Error(`${name} admits admins: build its handler with adminHandler, which checks their two-factor authentication.`);
    }
    if (options.besideGuards) startedBesideGuards.add(name);
    const originCheck = originCheckFromEnvironment();
    const { rateLimit, accessRecords } = guards();
    return async (event, context) => {
      const requestId = event.requestContext.requestId;
      const logger = getLogger();
      const metrics = getMetrics();
      if (context) logger.addContext(context);
      logger.setCorrelationId(requestId);
      metrics.captureColdStartMetric(context?.functionName);
      metrics.addMetadata('requestId', requestId);
      const acceptsGzip = /\bgzip\b/i.test(event.headers?.['accept-encoding'] ?? '');
      const respond = (statusCode: number, body: unknown, headers?: Record<string, string>) =>
        toResult(statusCode, body, requestId, acceptsGzip, headers);
      try {
        if (originCheck && !(await originCheck(event.headers?.[ORIGIN_VERIFY_HEADER]))) {
          throw forbidden("Use the API through the app's address.");
        }
        const { caller, issuedAt, authTime } = callerFrom(event);
        const admitted = route.roles.some((role) => caller.roles.includes(role));
        let request: ApiRequest | undefined;
        if (admitted && options.tokenCheck) options.tokenCheck((request = requestFrom(event)), caller);
        const guards = Promise.all([rateLimit(caller.userId), accessRecords?.read(caller.userId)]).then(([, access]) => {
          if (access?.erased || (access?.tokensRevokedAt !== undefined && issuedAt <= access.tokensRevokedAt)) {
            throw new DomainError('unauthenticated', TOKEN_REVOKED_MESSAGE);
          }
          return access;
        });
        const besideGuards = options.besideGuards && admitted && !(options.secondFactor && requiresSecondFactor(route, caller.roles));
        const early = besideGuards ? runBesideGuards(guards, async () => handle((request ??= requestFrom(event)), caller)) : undefined;
        // Whatever the early use case ends in is answered only once the guards passed: their refusal comes first.
        early?.catch(() => undefined);
        const access = await guards;
        if (!admitted) {
          metrics.addMetric(BUSINESS_METRICS.refusedByRole, MetricUnit.Count, 1);
          throw forbidden(`Only ${route.roles.join(' or ').toLowerCase()} can do this.`);
        }
        if (options.secondFactor && requiresSecondFactor(route, caller.roles)) {
          const { secondFactor, name } = await options.secondFactor(caller.userId);
          if (!secondFactor) {
            if (access?.secondFactorSince !== undefined) await accessRecords?.forgetSecondFactor(caller.userId);
            throw new DomainError('forbidden', SECOND_FACTOR_REQUIRED_MESSAGE, undefined, 'secondFactorRequired');
          }
          if (accessRecords) {
            // Cognito's tokens do not say which factors a sign-in used, but a sign-in needs the code once TOTP is on:
            // a session that began before the server knew it on may have begun with the password alone.
            const since = access?.secondFactorSince ?? (await accessRecords.markSecondFactorOn(caller.userId, Date.now()));
            if (authTime * 1000 < since) throw new DomainError('forbidden', SECOND_FACTOR_SIGN_IN_MESSAGE, undefined, 'secondFactorSignInRequired');
          }
          caller.name = name;
        }
        request ??= requestFrom(event);
        const response = await (early ?? handle(request, caller));
        const counted = typeof options.counts === 'function' ? options.counts(response, request) : options.counts;
        if (counted) metrics.addMetric(counted, MetricUnit.Count, 1);
        return respond(response.statusCode, response.body);
      } catch (error) {
        if (error instanceof DomainError) {
          const { message, fields, reason } = error;
          const retryAfter = error instanceof TooManyRequestsError && error.retryAfterSeconds;
          return respond(
            STATUS_BY_KIND[error.kind],
            { message, ...(fields && { fields }), ...(reason && { reason }) },
            retryAfter ? { 'retry-after': String(retryAfter) } : undefined,
          );
        }
        logger.error('Unhandled error', { error: error as Error, routeKey: event.routeKey });
        metrics.addMetric(SERVER_ERROR_METRIC, MetricUnit.Count, 1);
        return respond(500, { message: serverErrorMessage(requestId) });
      } finally {
        if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
      }
    };
  };

/** Validates input against a shared schema; a failure is a 400 naming what to fix, overall and per field. */
export function validate<T>(schema: ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = fieldIssues(result.error);
    throw invalid(describeIssues(result.error), Object.keys(fields).length > 0 ? fields : undefined);
  }
  return result.data;
}

/** The caller, and when their token was issued and their sign-in made (epoch seconds; 0 when the token does not say). */
function callerFrom(event: ApiEvent): { caller: Caller; issuedAt: number; authTime: number } {
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  // The HTTP API authorizer also admits ID tokens (their aud is the client id); only access tokens are accepted.
  if (typeof claims.sub !== 'string' || claims.token_use !== 'access') {
    throw new DomainError('unauthenticated', 'Please sign in again: an access token is required.');
  }
  return {
    caller: { userId: claims.sub, roles: parseGroups(claims['cognito:groups']) },
    issuedAt: epochSeconds(claims.iat),
    authTime: epochSeconds(claims.auth_time),
  };
}

/** A time claim: a number in the token, a string once HTTP API has handed the claims to Lambda. */
const epochSeconds = (claim: unknown): number => {
  const seconds = Number(claim);
  return Number.isFinite(seconds) ? seconds : 0;
};

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

const requestFrom = (event: ApiEvent): ApiRequest => ({ pathParameters: event.pathParameters ?? {}, query: event.queryStringParameters ?? {}, body: parseBody(event) });

function parseBody(event: ApiEvent): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('The request body is not valid JSON.');
  }
}

/**
 * Answers from this size on are gzipped for clients that accept it. CloudFront compresses only what it may cache, and
 * the API is never cached, so a class report would otherwise cross a phone's network at full size.
 */
export const COMPRESS_FROM_BYTES = 1024;

function toResult(
  statusCode: number,
  body: unknown,
  requestId: string,
  acceptsGzip: boolean,
  extraHeaders?: Record<string, string>,
): ApiResult {
  const headers = { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-request-id': requestId, ...extraHeaders };
  const text = body === undefined ? '' : JSON.stringify(body);
  if (!acceptsGzip || Buffer.byteLength(text) < COMPRESS_FROM_BYTES) return { statusCode, headers, body: text };
  return {
    statusCode,
    headers: { ...headers, 'content-encoding': 'gzip' },
    body: gzipSync(text).toString('base64'),
    isBase64Encoded: true,
  };
}

/** A path parameter that must be an id; a malformed one is a 400. */
export function pathId(request: ApiRequest, name: string): string {
  return validate(idSchema(name), request.pathParameters[name]);
}
