// A small LMS playing an LTI 1.3 Advantage platform for our tool, written from the 1EdTech specifications (not from
// the tool's code): one course with a teacher and two students who sign in with a password, "Add external tool"
// through Deep Linking 2.0, a launch per course item, its own key (JWKS), OIDC authorization and token endpoints,
// Assignment and Grade Services with a gradebook page, and Names and Role Provisioning Services. Everything lives in
// memory for the life of the process. Why it is built this way: docs/decisions/local-stack/lti-platform-twin.md.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRemoteJWKSet } from 'jose';
import { Course, type GradebookColumn, type LtiAccount, type NewMember } from './course';
import { receiveDeepLinkingResponse } from './deep-linking';
import { HttpError, cookie, readParams, redirect, sendHtml, sendJson } from './http';
import { Launches, type DocumentTarget } from './launch';
import { backToCoursePage, coursePage, formPostPage, framePage, gradebookPage, messagePage, signInPage } from './pages';
import { addresses, OneTimeValues, signingKey, type Platform, type PlatformAddresses, type ToolRegistration } from './platform';
import { Services } from './services';
import { closeServer, listen } from '../listen';

export type { GradebookColumn, LtiAccount, NewMember, ToolRegistration };

export interface LtiPlatformOptions {
  /** 0 or absent: any free port. */
  port?: number;
  /** The address it listens on: 127.0.0.1 unless told (docs/decisions/local-stack/local-urls-use-127-0-0.md). */
  host?: string;
  /**
   * The host name in its URLs, `host` unless told. `localhost` puts the LMS on another site than an app on
   * 127.0.0.1, so a browser meets the cross-site rules of a real LMS frame (cookies, storage) that one site hides.
   */
  urlHost?: string;
  tool: ToolRegistration;
}

export interface LtiPlatformTwin extends PlatformAddresses {
  course: { id: string; title: string };
  /** The course's members as they are now (addMember and removeMember change it). */
  readonly accounts: LtiAccount[];
  /** The course's activities (resource links) added through deep linking. */
  items(): { id: string; title: string; url?: string; lineItemId?: string }[];
  /** Each line item with the latest score of each student who has one. */
  gradebook(): GradebookColumn[];
  /** The next `count` score posts answer 503 and record nothing (a tool's retry test). */
  setScoreOutage(count: number): void;
  addMember(member: NewMember): LtiAccount;
  /** By user id or e-mail. */
  removeMember(userIdOrEmail: string): void;
  close(): Promise<void>;
}

export async function startLtiPlatform(options: LtiPlatformOptions): Promise<LtiPlatformTwin> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  const port = await listen(server, options.port ?? 0, host, 'ltiPlatform');
  const url = `http://${options.urlHost ?? host}:${port}`;
  const platform: Platform = {
    ...addresses(url),
    ...(await signingKey()),
    tool: options.tool,
    course: new Course(),
    toolKeys: createRemoteJWKSet(new URL(options.tool.jwksUrl)),
    oneTime: new OneTimeValues(),
    scoreOutage: 0,
  };
  const launches = new Launches(platform);
  const services = new Services(platform);
  // Named by port: cookies are per host, and the app and other twins share 127.0.0.1.
  const sessionCookie = `lms-session-${port}`;
  const sessions = new Map<string, string>();

  const signedIn = (request: IncomingMessage): LtiAccount | undefined => {
    const session = cookie(request, sessionCookie);
    const userId = session ? sessions.get(session) : undefined;
    return userId ? platform.course.member(userId) : undefined;
  };

  async function route(request: IncomingMessage, response: ServerResponse, requestUrl: URL): Promise<void> {
    const { pathname } = requestUrl;
    const method = request.method ?? 'GET';
    if (pathname === '/.well-known/jwks.json') return sendJson(response, 200, { keys: [platform.publicJwk] });
    if (pathname === '/token') return services.token(request, response);
    if (pathname.startsWith('/api/lti/')) return services.api(request, response, requestUrl);
    if (pathname === '/auth') {
      const params = await readParams(request, requestUrl);
      const { redirectUri, idToken, state } = await launches.authorize(params, signedIn(request));
      return sendHtml(response, 200, formPostPage(redirectUri, { id_token: idToken, state }));
    }
    if (pathname === '/deep-linking/return' && method === 'POST') {
      const outcome = await receiveDeepLinkingResponse(platform, launches, await readParams(request, requestUrl));
      const back = new URL('/', url);
      if (outcome.error) back.searchParams.set('lti_errormsg', outcome.error);
      back.searchParams.set('lti_msg', outcome.message ?? `Added ${outcome.added.map((item) => `“${item.title}”`).join(', ') || 'nothing'} to the course.`);
      return sendHtml(response, 200, backToCoursePage(back.toString()));
    }
    if (pathname === '/sign-in') {
      if (method !== 'POST') return sendHtml(response, 200, signInPage(platform.course.memberList()));
      const form = await readParams(request, requestUrl);
      const account = platform.course.member(form.get('email') ?? '');
      if (!account || account.password !== form.get('password')) {
        return sendHtml(response, 401, signInPage(platform.course.memberList(), 'Wrong e-mail or password.'));
      }
      const session = randomUUID();
      sessions.set(session, account.userId);
      return redirect(response, '/', { 'Set-Cookie': `${sessionCookie}=${session}; Path=/; HttpOnly; SameSite=Lax` });
    }
    if (pathname === '/sign-out' && method === 'POST') {
      const session = cookie(request, sessionCookie);
      if (session) sessions.delete(session);
      return redirect(response, '/sign-in', { 'Set-Cookie': `${sessionCookie}=; Path=/; Max-Age=0` });
    }
    const user = signedIn(request);
    if (!user) return redirect(response, '/sign-in');
    const target: DocumentTarget = requestUrl.searchParams.get('target') === 'window' ? 'window' : 'iframe';
    if (pathname === '/') {
      const notice = { message: requestUrl.searchParams.get('lti_msg') ?? undefined, error: requestUrl.searchParams.get('lti_errormsg') ?? undefined };
      return sendHtml(response, 200, coursePage(platform.course, user, notice));
    }
    if (pathname === '/gradebook') return sendHtml(response, 200, gradebookPage(platform.course, user));
    if (pathname === '/add-tool') return sendHtml(response, 200, framePage('Add external tool', '/deep-linking/start?target=iframe', user));
    if (pathname === '/deep-linking/start') return redirect(response, launches.initiate(user, undefined, target));
    const itemMatch = /^\/(items|launch)\/([^/]+)$/.exec(pathname);
    const item = itemMatch ? platform.course.item(decodeURIComponent(itemMatch[2]!)) : undefined;
    if (itemMatch && !item) throw new HttpError(404, 'There is no such activity in this course.');
    if (item && itemMatch![1] === 'items') return sendHtml(response, 200, framePage(item.title, `/launch/${encodeURIComponent(item.id)}?target=iframe`, user));
    if (item) return redirect(response, launches.initiate(user, item, target));
    throw new HttpError(404, `Nothing at ${pathname}.`);
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const requestUrl = new URL(request.url ?? '/', url);
    route(request, response, requestUrl).catch((error: unknown) => {
      if (response.headersSent) return void response.end();
      if (!(error instanceof HttpError)) {
        console.error('LTI platform twin:', error);
        return sendHtml(response, 500, messagePage('Something went wrong', 'The LMS twin failed; see the console.'));
      }
      const wantsJson = requestUrl.pathname === '/token' || requestUrl.pathname.startsWith('/api/');
      if (wantsJson) return sendJson(response, error.status, error.json ?? { message: error.message }, 'application/json', error.headers);
      sendHtml(response, error.status, messagePage('The LMS refused this request', error.message, signedIn(request)), error.headers);
    });
  });

  const { course } = platform;
  return {
    ...addresses(url),
    course: { id: course.id, title: course.title },
    get accounts() {
      return course.memberList();
    },
    items: () => course.itemList().map(({ id, title, url: itemUrl, lineItemId }) => ({ id, title, ...(itemUrl && { url: itemUrl }), ...(lineItemId && { lineItemId }) })),
    gradebook: () => course.gradebook(),
    setScoreOutage: (count: number) => {
      platform.scoreOutage = count;
    },
    addMember: (member) => course.addMember(member),
    removeMember: (userIdOrEmail) => {
      const removed = course.removeMember(userIdOrEmail);
      for (const [session, userId] of sessions) if (userId === removed.userId) sessions.delete(session);
    },
    close: () => closeServer(server),
  };
}
