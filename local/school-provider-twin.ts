// The school's identity providers (Google Workspace, Microsoft Entra ID) played locally by `oidc-provider`, a
// certified OpenID Connect implementation, run in a worker thread by school-provider.ts (it is an ES module, which
// Node's own loader reads and Jest's module system cannot). Each provider is its own issuer on its own port, with the
// demo school accounts and one client: the identity twin's federation callback. Sign-in is a plain e-mail and password
// form checked against those accounts; consent is implicit, as for an app the school's administrator has approved.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { closeServer, listen } from './listen';

export interface SchoolAccount {
  email: string;
  password: string;
  name: string;
  /** The authentication methods the provider reports (`amr` in the ID token). */
  amr: string[];
}

export interface SchoolProviderSpec {
  /** The identity provider's name in the user pool (identity_provider in /oauth2/authorize). */
  name: string;
  accounts: SchoolAccount[];
}

export interface SchoolProviderTwinOptions {
  host: string;
  /** The first provider's port, the next one's the port after it; 0 = any free ports. */
  port: number;
  providers: SchoolProviderSpec[];
  /** The one redirect URI the providers accept: the identity twin's /oauth2/idpresponse. */
  redirectUri: string;
}

/** Where each provider answers, and the client the identity twin signs in with. */
export interface SchoolProviderEndpoint {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export type SchoolProviderTwinMessage =
  | { type: 'ready'; endpoints: SchoolProviderEndpoint[] }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

async function startProvider(spec: SchoolProviderSpec, host: string, wantedPort: number, redirectUri: string) {
  const server = createServer();
  const port = await listen(server, wantedPort, host, 'schoolSignIn');
  const issuer = `http://${host}:${port}`;
  const clientId = `learning-paths-${spec.name.toLowerCase()}`;
  const clientSecret = randomUUID();
  const accounts = new Map(spec.accounts.map((account) => [account.email.toLowerCase(), account]));
  // A fresh key per start: nothing outlives the process (the twin reads the key from the provider's JWKS).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: `${spec.name}-local`, use: 'sig', alg: 'RS256' }] },
    // `amr` (how the person signed in) with the openid scope: in every ID token, as Entra ID sends it.
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token carries the claims (Cognito maps attributes from it), not only the userinfo endpoint.
    conformIdTokenClaims: false,
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }) };
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    // Seconds; short, as nothing outlives a sign-in here.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    // The school approved the app for everyone: no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(new URL(request.url ?? '/', issuer).pathname);
    if (!match) return void callback(request, response);
    signInForm(provider, accounts, request, response).catch(() => {
      response.statusCode = 400;
      response.end('This sign-in has expired; go back to Learning Paths and start again.');
    });
  });
  return { endpoint: { name: spec.name, issuer, clientId, clientSecret }, close: () => closeServer(server) };
}

/** The provider's sign-in page: GET shows the form, POST checks the account and finishes the interaction. */
async function signInForm(
  provider: Provider,
  accounts: ReadonlyMap<string, SchoolAccount>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  await provider.interactionDetails(request, response);
  let error = '';
  if (request.method === 'POST') {
    const form = new URLSearchParams(await readBody(request));
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const account = accounts.get(email);
    if (account && account.password === form.get('password')) {
      await provider.interactionFinished(request, response, { login: { accountId: email, amr: account.amr } }, { mergeWithLastSubmission: false });
      return;
    }
    error = '<p role="alert">Wrong e-mail or password.</p>';
  }
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>School account</title></head><body><main><h1>Sign in with your school account</h1>${error}
<form method="post"><label>E-mail <input name="email" type="email" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form></main></body></html>`);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

if (parentPort) {
  const port = parentPort;
  const options = workerData as SchoolProviderTwinOptions;
  const send = (message: SchoolProviderTwinMessage) => port.postMessage(message);
  Promise.all(options.providers.map((spec, index) => startProvider(spec, options.host, options.port && options.port + index, options.redirectUri))).then(
    (started) => {
      port.on('message', (message: unknown) => {
        if (message === 'close') void Promise.all(started.map((one) => one.close())).finally(() => send({ type: 'closed' }));
      });
      send({ type: 'ready', endpoints: started.map((one) => one.endpoint) });
    },
    (error: unknown) => send({ type: 'failed', message: (error as Error).message ?? String(error) }),
  );
}
