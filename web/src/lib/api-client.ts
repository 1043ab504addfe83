// The one client for the API: every call is built from the shared route table (method, path) and typed from the
// contract by route name (path parameters, request body, response body), so no call pairs a route with types by hand.
// The table is shared/contract/light.ts (method, path and roles, no schemas) and only types come from the schemas, so
// zod stays out of this bundle.
import type { ResponseOf, PathParams, RouteName, RequestOf } from '@shared/contract';
import { buildPath } from '@shared/contract/route';
import { routes } from '@shared/contract/light';
import { ERROR_REASONS, type ErrorReason } from '@shared/second-factor';
import { apiConnection, NO_CONNECTION } from './api-connection';

/**
 * A failed API call; `message` is the server's sentence for a person, `status` the HTTP status, and `fields` the
 * message per invalid field of a 400 (by dotted path: `title`, `sections.0.title`), `reason` a refusal with a way out.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly reason?: ErrorReason,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

/** The API answered 404: the resource does not exist or is not the caller's to see. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** An administration route refused an admin who has not turned on two-factor authentication. */
export const needsSecondFactor = (error: unknown): boolean => error instanceof ApiError && error.reason === 'secondFactorRequired';

/** An administration route refused an admin whose session began before two-factor authentication was on. */
export const needsSecondFactorSignIn = (error: unknown): boolean => error instanceof ApiError && error.reason === 'secondFactorSignInRequired';

/**
 * Calls a route by name; its parameters, body and answer are the contract's (query parameters for the admin lists).
 * `keepalive` lets a small request finish after the page is left (the reader's last report on pagehide).
 */
export async function call<N extends RouteName>(
  name: N,
  params: PathParams<N>,
  body?: RequestOf<N>,
  query: Record<string, string | undefined> = {},
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<ResponseOf<N>> {
  const route = routes[name];
  const token = await apiConnection().getAccessToken();
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  ).toString();
  let response: Response;
  let text: string;
  try {
    response = await fetch(apiConnection().baseUrl + buildPath(route.path, params) + (search ? `?${search}` : ''), {
      method: route.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(keepalive && { keepalive }),
    });
    text = await response.text();
  } catch (error) {
    // Status 0: no answer came (queries retry it; a form shows the sentence and keeps what was typed).
    throw new ApiError(0, NO_CONNECTION, {}, undefined, { cause: error });
  }
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const { message, fields, reason } = (data ?? {}) as { message?: unknown; fields?: unknown; reason?: unknown };
    const known = ERROR_REASONS.find((each) => each === reason);
    throw new ApiError(response.status, typeof message === 'string' ? message : response.statusText, stringRecord(fields), known);
  }
  // The server validates against the same contract; integration tests parse every answer with its schema.
  return data as ResponseOf<N>;
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

