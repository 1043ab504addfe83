// For the twin's own tests: a minimal LTI 1.3 tool written from the specification (not our tool), and a browser
// stand-in that follows redirects, keeps cookies and submits the OIDC form_post page, so a launch runs end to end
// over HTTP without Chromium.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { closeServer, listen } from '../../listen';
import { startLtiPlatform, type LtiPlatformTwin } from '../index';
import { CLAIM, CLIENT_ASSERTION_TYPE, LTI_VERSION, MESSAGE_TYPE } from '../vocabulary';

export interface TestTool {
  loginUrl: string;
  launchUrl: string;
  deepLinkingUrl: string;
  jwksUrl: string;
  /** Changes to the authentication request the tool's login sends next (a value of null drops the parameter). */
  authRequestOverrides: Record<string, string | null>;
  /** The login initiation requests the tool received, newest last. */
  logins: URLSearchParams[];
  /** The id_token payloads of verified launches, newest last. */
  launches: JWTPayload[];
  /** Signs with the tool's key (or `key`, to test a key the platform does not know). */
  sign(payload: JWTPayload, options?: { key?: CryptoKey; kid?: string }): Promise<string>;
  connect(platform: LtiPlatformTwin): void;
  close(): Promise<void>;
}

export async function startTestTool(): Promise<TestTool> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = 'test-tool-key';
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = createServer();
  const port = await listen(server, 0, '127.0.0.1', 'ltiPlatform');
  const base = `http://127.0.0.1:${port}`;
  const pending = new Map<string, string>();
  let platform: LtiPlatformTwin | undefined;
  let platformKeys: ReturnType<typeof createRemoteJWKSet> | undefined;

  const tool: TestTool = {
    loginUrl: `${base}/login`,
    launchUrl: `${base}/launch`,
    deepLinkingUrl: `${base}/deep-linking`,
    jwksUrl: `${base}/jwks`,
    authRequestOverrides: {},
    logins: [],
    launches: [],
    sign: (payload, options = {}) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: options.kid ?? kid, typ: 'JWT' }).sign(options.key ?? privateKey),
    connect(twin) {
      platform = twin;
      platformKeys = createRemoteJWKSet(new URL(twin.jwksUrl));
    },
    close: () => closeServer(server),
  };

  server.on('request', (request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', base);
    (async () => {
      if (url.pathname === '/jwks') {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
        return;
      }
      const params = request.method === 'POST' ? new URLSearchParams(await body(request)) : url.searchParams;
      if (url.pathname === '/login') {
        tool.logins.push(params);
        if (!platform || params.get('iss') !== platform.issuer || params.get('client_id') !== platform.clientId) {
          response.writeHead(400).end('unknown platform');
          return;
        }
        const state = randomUUID();
        const nonce = randomUUID();
        pending.set(state, nonce);
        const auth = new URL(platform.authLoginUrl);
        const redirectUri = params.get('target_link_uri') === tool.deepLinkingUrl ? tool.deepLinkingUrl : tool.launchUrl;
        const values: Record<string, string | null> = {
          scope: 'openid',
          response_type: 'id_token',
          response_mode: 'form_post',
          prompt: 'none',
          client_id: platform.clientId,
          redirect_uri: redirectUri,
          login_hint: params.get('login_hint'),
          lti_message_hint: params.get('lti_message_hint'),
          state,
          nonce,
          ...tool.authRequestOverrides,
        };
        for (const [name, value] of Object.entries(values)) if (value !== null) auth.searchParams.set(name, value);
        response.writeHead(302, { Location: auth.toString() }).end();
        return;
      }
      if ((url.pathname === '/launch' || url.pathname === '/deep-linking') && request.method === 'POST') {
        const nonce = pending.get(params.get('state') ?? '');
        pending.delete(params.get('state') ?? '');
        const { payload } = await jwtVerify(params.get('id_token') ?? '', platformKeys!, { issuer: platform!.issuer, audience: platform!.clientId });
        if (!nonce || payload.nonce !== nonce) throw new Error('state or nonce mismatch');
        tool.launches.push(payload);
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));
        return;
      }
      response.writeHead(404).end();
    })().catch((error: unknown) => {
      response.writeHead(400).end(`tool refused: ${(error as Error).message}`);
    });
  });
  return tool;
}

/** For a test file: the twin registered with a fresh test tool, handed to `use` before its tests, closed after. */
export function useTwinWithTestTool(use: (world: { tool: TestTool; platform: LtiPlatformTwin }) => void): void {
  let close: (() => Promise<unknown>) | undefined;
  beforeAll(async () => {
    const tool = await startTestTool();
    const platform = await startLtiPlatform({ tool });
    tool.connect(platform);
    close = () => Promise.all([platform.close(), tool.close()]);
    use({ tool, platform });
  });
  afterAll(() => close?.());
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The deep linking response the tool posts back (Deep Linking 2.0 §4.2), with `changes` applied to its claims. */
export function deepLinkingResponse(
  tool: TestTool,
  platform: LtiPlatformTwin,
  request: JWTPayload,
  contentItems: unknown[],
  changes: Record<string, unknown> = {},
): Promise<string> {
  const settings = request[CLAIM.deepLinkingSettings] as { data?: string };
  const now = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = {
    iss: platform.clientId,
    aud: platform.issuer,
    iat: now,
    exp: now + 300,
    nonce: randomUUID(),
    [CLAIM.messageType]: MESSAGE_TYPE.deepLinkingResponse,
    [CLAIM.version]: LTI_VERSION,
    [CLAIM.deploymentId]: platform.deploymentId,
    [CLAIM.data]: settings.data,
    [CLAIM.contentItems]: contentItems,
    ...changes,
  };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return tool.sign(payload);
}

/** A client assertion for the token endpoint (1EdTech Security Framework §4.1.1), with `changes` applied. */
export function clientAssertion(tool: TestTool, platform: LtiPlatformTwin, changes: Record<string, unknown> = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = {
    iss: platform.clientId,
    sub: platform.clientId,
    aud: platform.accessTokenUrl,
    iat: now,
    exp: now + 300,
    jti: randomUUID(),
    ...changes,
  };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return tool.sign(payload);
}

export function tokenRequest(platform: LtiPlatformTwin, form: Record<string, string>): Promise<Response> {
  return fetch(platform.accessTokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/** An access token for `scopes`, as the tool gets one. */
export async function accessToken(tool: TestTool, platform: LtiPlatformTwin, scopes: string[]): Promise<string> {
  const response = await tokenRequest(platform, {
    grant_type: 'client_credentials',
    client_assertion_type: CLIENT_ASSERTION_TYPE,
    client_assertion: await clientAssertion(tool, platform),
    scope: scopes.join(' '),
  });
  if (!response.ok) throw new Error(`token request refused: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface BrowserAnswer {
  status: number;
  url: string;
  text: string;
  /** The page's alert (a refusal's sentence), unescaped. */
  alert?: string;
}

/** What a browser does, as far as these pages need: redirects, cookies (one host), and the self-posting form. */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  async signIn(platform: LtiPlatformTwin, email: string): Promise<void> {
    const account = platform.accounts.find((candidate) => candidate.email === email)!;
    const response = await this.request(`${platform.url}/sign-in`, { email, password: account.password });
    if (response.status !== 200 || response.url !== `${platform.url}/`) throw new Error(`sign-in failed: ${response.status}`);
  }

  /** GETs `url` (or POSTs `form`), follows redirects and submits a self-posting form; answers the last response. */
  async request(url: string, form?: Record<string, string>): Promise<BrowserAnswer> {
    let current = url;
    let body = form;
    for (let hop = 0; hop < 10; hop++) {
      const response = await fetch(current, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(body && { 'Content-Type': 'application/x-www-form-urlencoded' }),
        },
        ...(body && { body: new URLSearchParams(body).toString() }),
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const [name, ...value] = pair!.split('=');
        this.cookies.set(name!, value.join('='));
      }
      const location = response.headers.get('location');
      if (location) {
        current = new URL(location, current).toString();
        body = undefined;
        continue;
      }
      const text = await response.text();
      const selfPosting = /<form method="post" action="([^"]+)">(.*?)<noscript>/s.exec(text);
      if (!selfPosting || !text.includes('document.forms[0].submit()')) {
        const alert = /<p role="alert">(.*?)<\/p>/s.exec(text)?.[1];
        return { status: response.status, url: current, text, ...(alert !== undefined && { alert: unescape(alert) }) };
      }
      current = unescape(selfPosting[1]!);
      body = Object.fromEntries([...selfPosting[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [unescape(name!), unescape(value!)]));
    }
    throw new Error('too many redirects');
  }
}

const unescape = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
