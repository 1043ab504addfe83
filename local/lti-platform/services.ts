// The LTI Advantage services: the token endpoint (1EdTech Security Framework §4.1: OAuth 2.0 client credentials with a
// JWT client assertion, RFC 7523), Assignment and Grade Services 2.0 (line items, scores, results) and Names and Role
// Provisioning Services 2.0 (context memberships), each call checked for a bearer token holding the scope it needs.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jwtVerify } from 'jose';
import { parseLineItem, parseScore, type LineItem, type LtiAccount } from './course';
import { HttpError, readBody, readJson, sendJson } from './http';
import { describeJwtError, type Platform } from './platform';
import { CLIENT_ASSERTION_TYPE, MEDIA_TYPE, ROLE_URIS, SCOPE, SERVICE_SCOPES } from './vocabulary';

const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** A client assertion older than this is refused even if its exp is later (it should live minutes). */
const ASSERTION_MAX_AGE_SECONDS = 10 * 60;

const oauthError = (status: number, error: string, description: string) =>
  new HttpError(status, description, { error, error_description: description });

export class Services {
  private readonly tokens = new Map<string, { scopes: Set<string>; expires: number }>();

  constructor(private readonly platform: Platform) {}

  async token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') throw oauthError(405, 'invalid_request', 'POST the token request.');
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      throw oauthError(400, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded.');
    }
    const form = new URLSearchParams(await readBody(request));
    if (form.get('grant_type') !== 'client_credentials') {
      throw oauthError(400, 'unsupported_grant_type', `grant_type must be client_credentials (was "${form.get('grant_type') ?? ''}").`);
    }
    if (form.get('client_assertion_type') !== CLIENT_ASSERTION_TYPE) {
      throw oauthError(400, 'invalid_request', `client_assertion_type must be ${CLIENT_ASSERTION_TYPE}.`);
    }
    const assertion = form.get('client_assertion');
    if (!assertion) throw oauthError(400, 'invalid_request', 'client_assertion is required: a JWT signed with the tool\'s key.');
    const { clientId, accessTokenUrl, toolKeys, oneTime } = this.platform;
    let jti: string;
    let exp: number;
    try {
      const { payload } = await jwtVerify(assertion, toolKeys, {
        issuer: clientId,
        subject: clientId,
        audience: accessTokenUrl,
        algorithms: ['RS256'],
        requiredClaims: ['iat', 'exp', 'jti'],
        maxTokenAge: ASSERTION_MAX_AGE_SECONDS,
      });
      jti = payload.jti!;
      exp = payload.exp!;
    } catch (error) {
      throw oauthError(401, 'invalid_client', describeJwtError(error, 'client assertion'));
    }
    const requested = (form.get('scope') ?? '').split(' ').filter(Boolean);
    if (!requested.length) throw oauthError(400, 'invalid_scope', `scope is required: one or more of ${SERVICE_SCOPES.join(' ')}.`);
    const unknown = requested.filter((scope) => !SERVICE_SCOPES.includes(scope));
    if (unknown.length) throw oauthError(400, 'invalid_scope', `Not a scope this platform grants: ${unknown.join(' ')}.`);
    // Spent only once the request is otherwise good, so a refused request does not burn the tool's assertion.
    if (!oneTime.use('client-assertion-jti', jti, exp)) {
      throw oauthError(401, 'invalid_client', 'This client assertion\'s jti was used before; sign a new assertion for each token request.');
    }
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, { scopes: new Set(requested), expires: Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 });
    sendJson(response, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, scope: requested.join(' ') });
  }

  /** /api/lti/courses/{courseId}/… : AGS and NRPS. */
  async api(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const match = /^\/api\/lti\/courses\/([^/]+)\/(memberships|lineitems)(?:\/([^/]+)(?:\/(scores|results))?)?$/.exec(url.pathname);
    if (!match) throw new HttpError(404, `No LTI service at ${url.pathname}.`);
    const [, courseId, service, lineItemId, sub] = match;
    const { course } = this.platform;
    if (decodeURIComponent(courseId!) !== course.id) throw new HttpError(404, `There is no course ${courseId} on this LMS.`);
    const method = request.method ?? 'GET';
    const route = `${method} ${service}${lineItemId ? '/:id' : ''}${sub ? `/${sub}` : ''}`;
    switch (route) {
      case 'GET memberships':
        this.authorize(request, [SCOPE.contextMembershipReadOnly]);
        return this.memberships(response, url);
      case 'GET lineitems':
        this.authorize(request, [SCOPE.lineItem, SCOPE.lineItemReadOnly]);
        return this.lineItems(response, url);
      case 'POST lineitems': {
        this.authorize(request, [SCOPE.lineItem]);
        const fields = parseLineItem(await readJson(request, MEDIA_TYPE.lineItem));
        if (fields.resourceLinkId && !course.item(fields.resourceLinkId)) {
          throw new HttpError(400, `resourceLinkId ${fields.resourceLinkId} is not a resource link of ${course.title}.`);
        }
        return sendJson(response, 201, this.lineItemJson(course.addLineItem(fields)), MEDIA_TYPE.lineItem);
      }
      case 'GET lineitems/:id':
        this.authorize(request, [SCOPE.lineItem, SCOPE.lineItemReadOnly]);
        return sendJson(response, 200, this.lineItemJson(course.lineItem(lineItemId!)), MEDIA_TYPE.lineItem);
      case 'PUT lineitems/:id': {
        this.authorize(request, [SCOPE.lineItem]);
        course.lineItem(lineItemId!);
        const fields = parseLineItem(await readJson(request, MEDIA_TYPE.lineItem));
        return sendJson(response, 200, this.lineItemJson(course.updateLineItem(lineItemId!, fields)), MEDIA_TYPE.lineItem);
      }
      case 'DELETE lineitems/:id':
        this.authorize(request, [SCOPE.lineItem]);
        course.deleteLineItem(lineItemId!);
        response.writeHead(204).end();
        return;
      case 'POST lineitems/:id/scores':
        return this.score(request, response, lineItemId!);
      case 'GET lineitems/:id/results':
        this.authorize(request, [SCOPE.resultReadOnly]);
        return this.results(response, url, lineItemId!);
      default:
        throw new HttpError(405, `${method} is not allowed on ${url.pathname}.`);
    }
  }

  private async score(request: IncomingMessage, response: ServerResponse, lineItemId: string): Promise<void> {
    if (this.platform.scoreOutage > 0) {
      this.platform.scoreOutage -= 1;
      throw new HttpError(503, 'The gradebook is down for maintenance (a simulated outage); try again later.', undefined, { 'Retry-After': '1' });
    }
    this.authorize(request, [SCOPE.score]);
    this.platform.course.lineItem(lineItemId);
    this.platform.course.recordScore(lineItemId, parseScore(await readJson(request, MEDIA_TYPE.score)));
    response.writeHead(204).end();
  }

  private lineItems(response: ServerResponse, url: URL): void {
    const filters: [string, keyof LineItem][] = [
      ['resource_link_id', 'resourceLinkId'],
      ['resource_id', 'resourceId'],
      ['tag', 'tag'],
    ];
    const matching = this.platform.course
      .lineItemList()
      .filter((lineItem) => filters.every(([parameter, field]) => !url.searchParams.has(parameter) || lineItem[field] === url.searchParams.get(parameter)));
    const { page, next } = paginate(matching, url);
    sendJson(response, 200, page.map((lineItem) => this.lineItemJson(lineItem)), MEDIA_TYPE.lineItemContainer, next);
  }

  private results(response: ServerResponse, url: URL, lineItemId: string): void {
    const lineItemUrl = this.lineItemUrl(lineItemId);
    const userId = url.searchParams.get('user_id');
    const results = this.platform.course.results(lineItemId).filter((score) => !userId || score.userId === userId);
    const { page, next } = paginate(results, url);
    sendJson(
      response,
      200,
      page.map((score) => ({
        id: `${lineItemUrl}/results/${encodeURIComponent(score.userId)}`,
        scoreOf: lineItemUrl,
        userId: score.userId,
        ...(score.scoreGiven !== undefined && { resultScore: score.scoreGiven, resultMaximum: score.scoreMaximum }),
        ...(score.comment !== undefined && { comment: score.comment }),
      })),
      MEDIA_TYPE.resultContainer,
      next,
    );
  }

  private memberships(response: ServerResponse, url: URL): void {
    const { course } = this.platform;
    const role = url.searchParams.get('role');
    const members = course
      .memberList()
      .filter((member) => !role || role === member.role || role === ROLE_URIS[member.role].context);
    const { page, next } = paginate(members, url);
    sendJson(
      response,
      200,
      {
        id: `${this.platform.url}${url.pathname}`,
        context: { id: course.id, label: course.label, title: course.title },
        members: page.map((member: LtiAccount) => {
          const [givenName, ...familyName] = member.name.split(' ');
          return {
            status: 'Active',
            name: member.name,
            given_name: givenName,
            family_name: familyName.join(' '),
            email: member.email,
            user_id: member.userId,
            roles: [ROLE_URIS[member.role].context],
          };
        }),
      },
      MEDIA_TYPE.membershipContainer,
      next,
    );
  }

  private authorize(request: IncomingMessage, anyOf: string[]): void {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    const challenge = (error: string, description: string) => ({ 'WWW-Authenticate': `Bearer error="${error}", error_description="${description}"` });
    if (scheme !== 'Bearer' || !token) {
      const description = 'Send an access token from the token endpoint as Authorization: Bearer <token>.';
      throw new HttpError(401, description, { error: 'invalid_token', error_description: description }, challenge('invalid_token', 'missing'));
    }
    const grant = this.tokens.get(token);
    if (!grant || grant.expires < Date.now()) {
      const description = 'The access token is unknown or expired; ask the token endpoint for a new one.';
      throw new HttpError(401, description, { error: 'invalid_token', error_description: description }, challenge('invalid_token', 'unknown or expired'));
    }
    if (!anyOf.some((scope) => grant.scopes.has(scope))) {
      const description = `The access token lacks the scope this call needs: ${anyOf.join(' or ')}.`;
      throw new HttpError(403, description, { error: 'insufficient_scope', error_description: description }, challenge('insufficient_scope', anyOf.join(' ')));
    }
  }

  private lineItemUrl(lineItemId: string): string {
    return `${this.platform.url}/api/lti/courses/${this.platform.course.id}/lineitems/${lineItemId}`;
  }

  private lineItemJson(lineItem: LineItem) {
    return { ...lineItem, id: this.lineItemUrl(lineItem.id) };
  }
}

/** `limit` and `page` query parameters; the next page's URL goes in a Link header (rel="next"), as AGS and NRPS say. */
function paginate<T>(all: T[], url: URL): { page: T[]; next: Record<string, string> } {
  const limitParameter = url.searchParams.get('limit');
  if (limitParameter === null) return { page: all, next: {} };
  const limit = Number(limitParameter);
  const pageNumber = Number(url.searchParams.get('page') ?? '1');
  if (!Number.isInteger(limit) || limit < 1) throw new HttpError(400, 'limit must be a whole number of 1 or more.');
  if (!Number.isInteger(pageNumber) || pageNumber < 1) throw new HttpError(400, 'page must be a whole number of 1 or more.');
  const page = all.slice((pageNumber - 1) * limit, pageNumber * limit);
  if (pageNumber * limit >= all.length) return { page, next: {} };
  const nextUrl = new URL(url);
  nextUrl.searchParams.set('page', String(pageNumber + 1));
  return { page, next: { Link: `<${nextUrl.toString()}>; rel="next"` } };
}
