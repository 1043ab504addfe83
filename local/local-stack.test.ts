// The local stack end to end: real twins on free ports in a temporary directory, real tokens, the real server.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { buildPath } from '../shared/contract/route';
import { routes } from '../shared/contract';
import { webConfigSchema } from '../shared/web-config';
import { securityHeaders } from '../shared/security-headers';
import { readInlineHashes } from '../infra/inline-hashes';
import { DEMO_USERS } from './seed';
import { startLocalStack, type LocalStack } from './stack';
import { LOCAL_CREDENTIALS, type StackConfig } from './stack-config';
import { createUser, identityClient, signIn, signInTokens } from './users';

jest.setTimeout(30_000);

const port = (url: string) => Number(new URL(url).port);

describe('local stack', () => {
  let dataDir: string;
  let stack: LocalStack;
  let config: StackConfig;
  const teacher = DEMO_USERS.find((user) => user.email === 'teacher@example.com')!;

  const api = (pathname: string, init: RequestInit = {}) => fetch(`${config.apiUrl}${pathname}`, init);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'local-stack-test-'));
    stack = await startLocalStack({ dataDir });
    config = stack.config;
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('serves the web app its settings for the local identity server', async () => {
    const response = await api('/config.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(webConfigSchema.parse(await response.json())).toEqual({
      region: config.region,
      userPoolId: config.cognito.userPoolId,
      userPoolClientId: config.cognito.userPoolClientId,
      userPoolEndpoint: config.cognito.endpoint,
      authFlowType: 'USER_SRP_AUTH',
      apiBaseUrl: '',
      schoolTimeZone: 'Europe/London',
      schoolSignIn: {
        domain: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
        providers: [
          { name: 'Google', label: 'Sign in with Google' },
          { name: 'Microsoft', label: 'Sign in with Microsoft' },
        ],
      },
    });
  });

  test('writes stack.json with every endpoint and the demo logins', async () => {
    const written = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as StackConfig;
    expect(written).toEqual(config);
    expect(written).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      apiUrl: config.url,
      region: expect.any(String),
      cognito: { endpoint: expect.any(String), userPoolId: expect.stringMatching(/^local_/), userPoolClientId: expect.any(String) },
      s3: { endpoint: expect.any(String), bucket: expect.any(String) },
      dynamodb: { endpoint: expect.any(String), table: expect.any(String) },
      credentials: { accessKeyId: LOCAL_CREDENTIALS.accessKeyId, secretAccessKey: LOCAL_CREDENTIALS.secretAccessKey },
      users: expect.any(Array),
      sso: { providers: expect.any(Array) },
    });
    // An invited teacher, an invited student and someone nobody invited, at each provider.
    for (const provider of written.sso.providers) {
      expect(provider.accounts.map(({ email, role }) => `${email} ${role}`)).toEqual(
        expect.arrayContaining(['teacher@example.com Teachers', 'student@example.com Students', 'newcomer@example.com null']),
      );
    }
    expect(written.users.map(({ email, role }) => `${email} ${role}`)).toEqual([
      'teacher@example.com Teachers',
      'teacher2@example.com Teachers',
      'student@example.com Students',
      'student2@example.com Students',
      'admin@example.com Admins',
    ]);
  });

  test('refuses a request without a token: 401 with a sentence to act on', async () => {
    const response = await api(routes.listModules.path);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/sign in/i) });
  });

  test('refuses an ID token: only access tokens are accepted', async () => {
    const { idToken } = await signInTokens(config, teacher.email, teacher.password);
    const response = await api(routes.listModules.path, { headers: bearer(idToken) });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.stringContaining('ID token') });
  });

  test('refuses an access token whose signature does not match', async () => {
    const token = await signIn(config, teacher.email, teacher.password);
    const [header, payload] = token.split('.');
    const response = await api(routes.listModules.path, { headers: bearer(`${header}.${payload}.AAAA`) });
    expect(response.status).toBe(401);
  });

  test('answers 404 for an unknown route and 405 for a known path with another method', async () => {
    const token = await signIn(config, teacher.email, teacher.password);
    const unknown = await api('/api/nothing-here', { headers: bearer(token) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: expect.stringContaining('GET /api/nothing-here') });
    const wrongMethod = await api('/api/modules/some-id', { method: 'PATCH' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, PUT, DELETE');
  });

  test('gzips API answers of 1 KB or more, as the Lambda handler does for a client that accepts it', async () => {
    const token = await signIn(config, teacher.email, teacher.password);
    const response = await api(routes.listModules.path, { headers: { ...bearer(token), 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const text = await response.text(); // fetch has already gunzipped it
    expect(text.length).toBeGreaterThanOrEqual(1024);
    expect(JSON.parse(text)).toEqual(expect.arrayContaining([expect.objectContaining({ title: expect.any(String) })]));
  });

  test("takes a body up to HTTP API's 10 MB and refuses a larger one with 413", async () => {
    const token = await signIn(config, teacher.email, teacher.password);
    const post = (size: number) =>
      api(routes.createModule.path, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'x'.repeat(size) }),
      });
    const underLimit = await post(2 * 1024 * 1024);
    expect(underLimit.status).toBe(400); // read and validated: the title is too long
    const overLimit = await post(10 * 1024 * 1024);
    expect(overLimit.status).toBe(413);
    expect(await overLimit.json()).toEqual({ message: 'The request body is larger than 10 MB; files go to storage through upload URLs, not through the API.' });
  });

  test('matches no route with a trailing slash, as HTTP API does', async () => {
    const token = await signIn(config, teacher.email, teacher.password);
    expect((await api(`${routes.listClasses.path}/`, { headers: bearer(token) })).status).toBe(404);
  });

  test('serves the web app, or a placeholder before it is built, for client-side routes', async () => {
    const response = await fetch(`${config.url}/teacher-dashboard`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  test("sends the cloud's security headers, with the twins' origins in the CSP", async () => {
    // The hosted sign-in pages (school sign-in) are an identity origin too; the web reads their domain from config.json.
    const { schoolSignIn } = webConfigSchema.parse(await (await fetch(`${config.url}/config.json`)).json());
    const signInOrigin = `https://${schoolSignIn!.domain}`;
    const response = await fetch(`${config.url}/student-dashboard`);
    expect(Object.fromEntries(response.headers)).toMatchObject(
      securityHeaders({
        identity: [config.cognito.endpoint, signInOrigin],
        files: [config.s3.endpoint],
        https: false,
        inlineHashes: readInlineHashes(path.resolve(__dirname, '../web/dist'), { required: false }),
      }),
    );
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain(`connect-src 'self' ${config.cognito.endpoint} ${signInOrigin} ${config.s3.endpoint};`);
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain("worker-src 'self' blob:;");
  });

  test('a token refreshed with GetTokensFromRefreshToken (what Amplify calls) is accepted', async () => {
    const { refreshToken } = await signInTokens(config, teacher.email, teacher.password);
    const response = await fetch(config.cognito.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: config.cognito.userPoolClientId, RefreshToken: refreshToken }),
    });
    expect(response.status).toBe(200);
    const { AuthenticationResult } = (await response.json()) as { AuthenticationResult: { AccessToken: string } };
    const modules = await api(routes.listModules.path, { headers: bearer(AuthenticationResult.AccessToken) });
    expect(modules.status).not.toBe(401);
  });

  test('createUser makes a user who can sign in, and a temporary one who must set a password', async () => {
    const created = await createUser(config, { email: 'new.teacher@example.com', password: 'Fresh-pass-1', role: 'Teachers' });
    expect(created.userId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(signIn(config, 'new.teacher@example.com', 'Fresh-pass-1')).resolves.toEqual(expect.any(String));

    await createUser(config, { email: 'new.student@example.com', password: 'Temp-pass-1', role: 'Students', temporary: true });
    await expect(signIn(config, 'new.student@example.com', 'Temp-pass-1')).rejects.toThrow(/NEW_PASSWORD_REQUIRED/);
  });

  test('the S3 twin aborts a multipart upload (which s3rver alone does not)', async () => {
    const s3 = new S3Client({
      endpoint: config.s3.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: LOCAL_CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    try {
      const target = { Bucket: config.s3.bucket, Key: 'protected/someone/abort-me.bin' };
      const { UploadId } = await s3.send(new CreateMultipartUploadCommand(target));
      await s3.send(new UploadPartCommand({ ...target, UploadId, PartNumber: 1, Body: Buffer.from('part one') }));
      await expect(s3.send(new AbortMultipartUploadCommand({ ...target, UploadId }))).resolves.toBeDefined();
      await expect(s3.send(new AbortMultipartUploadCommand({ ...target, UploadId }))).rejects.toThrow(/upload does not exist/);
    } finally {
      s3.destroy();
    }
  });

  test('seeds a module for the demo teacher through the API', async () => {
    const token = await signIn(config, teacher.email, teacher.password);
    const response = await api(routes.listModules.path, { headers: bearer(token) });
    expect(response.status).toBe(200);
    const modules = (await response.json()) as { _id: string; title: string; sections: { _id: string; contentType: string }[] }[];
    expect(modules).toHaveLength(1);
    expect(modules[0].sections.map((section) => section.contentType)).toEqual(['PDF', 'PPT', 'WORD', 'PDF']);
    // With a check on its first section, so a person trying the product meets scored checks.
    const check = await api(buildPath(routes.getCheck.path, { id: modules[0]._id, sectionId: modules[0].sections[0]._id }), { headers: bearer(token) });
    expect(check.status).toBe(200);
    expect(((await check.json()) as { questions: unknown[] }).questions).toHaveLength(5);
  });

  test('a restart over the same data keeps the pool, the users and the module, adding nothing', async () => {
    const before = config;
    await stack.stop();
    stack = await startLocalStack({
      dataDir,
      ports: {
        app: port(before.url),
        cognito: port(before.cognito.endpoint),
        dynamodb: port(before.dynamodb.endpoint),
        s3: port(before.s3.endpoint),
      },
    });
    config = stack.config;
    expect(config).toEqual(before);

    const client = identityClient(config);
    try {
      const { Users } = await client.send(new ListUsersCommand({ UserPoolId: config.cognito.userPoolId }));
      const emails = (Users ?? []).map((user) => user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value);
      expect(emails.sort()).toEqual(
        [...DEMO_USERS.map((user) => user.email), 'new.teacher@example.com', 'new.student@example.com'].sort(),
      );
    } finally {
      client.destroy();
    }

    const token = await signIn(config, teacher.email, teacher.password);
    const modules = (await (await api(routes.listModules.path, { headers: bearer(token) })).json()) as unknown[];
    expect(modules).toHaveLength(1);
    const classes = (await (await api(routes.listClasses.path, { headers: bearer(token) })).json()) as {
      _id: string;
      studentIds: unknown[];
    }[];
    expect(classes.map((demoClass) => [demoClass._id, demoClass.studentIds.length])).toEqual([['demo-class-1', 2]]);
  });

  test('stop() closes every server', async () => {
    await stack.stop();
    const endpoints = [config.url, config.cognito.endpoint, config.dynamodb.endpoint, config.s3.endpoint];
    for (const endpoint of endpoints) await expect(fetch(endpoint)).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'stack.pid'))).toBe(false);
  });
});
