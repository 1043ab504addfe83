// The local server hands out the web app as CloudFront does: compressed by Accept-Encoding, cached as deployed.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { htmlFileForRoute, WEB_CACHE_CONTROL } from '../shared/web-delivery';
import type { WebConfig } from '../shared/web-config';
import { createApiServer } from './api-server';
import { negotiateEncoding } from './web-delivery';
import { DOCUMENT_FRAME_CONTENT_SECURITY_POLICY, DOCUMENT_FRAME_PATH, NO_INLINE_HASHES, securityHeaders } from '../shared/security-headers';

describe('negotiateEncoding', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=0', undefined],
    ['identity', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('the local server delivering web/dist', () => {
  const script = `export const message = ${JSON.stringify('a learning path '.repeat(200))};\n`;
  const webConfig: WebConfig = {
    region: 'us-east-1',
    userPoolId: 'local_pool',
    userPoolClientId: 'client',
    authFlowType: 'USER_PASSWORD_AUTH',
    apiBaseUrl: '',
  };
  let webRoot: string;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'web-delivery-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'index.html'), `<!doctype html><title>App</title>${'<!-- padding -->'.repeat(100)}`);
    await writeFile(path.join(webRoot, 'assets', 'index-3f2a9c.js'), script);
    await writeFile(path.join(webRoot, 'assets', 'tiny-77aa.js'), 'export {};\n');
    await writeFile(path.join(webRoot, 'assets', 'index-3f2a9c.js.map'), '{"version":3,"sources":["app.tsx"],"mappings":""}');
    server = createApiServer({
      webConfig,
      webRoot,
      verifyAccessToken: async () => ({}),
      securityHeaders: securityHeaders({ identity: [], files: [], https: false, inlineHashes: NO_INLINE_HASHES }),
      handlersDir: path.join(webRoot, 'no-handlers'),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(webRoot, { recursive: true, force: true });
  });

  /** A raw GET (fetch would decompress and hide Content-Encoding). */
  function get(pathname: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = httpRequest(`${origin}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
      request.end();
    });
  }

  test('hashed assets: Brotli or gzip by Accept-Encoding, cached for a year as immutable', async () => {
    const br = await get('/assets/index-3f2a9c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe(WEB_CACHE_CONTROL.hashedAsset);
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gzip = await get('/assets/index-3f2a9c.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await get('/assets/index-3f2a9c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  test('source maps next to the chunks are not served, as they are not deployed (issue 11, finding 6)', async () => {
    const map = await get('/assets/index-3f2a9c.js.map');
    expect(map.status).toBe(404);
    expect(map.body.toString()).not.toContain('mappings');
  });

  test('files under 1,000 bytes are sent as they are, as CloudFront does', async () => {
    const tiny = await get('/assets/tiny-77aa.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
  });

  test('index.html (also for client-side routes) and /config.json are revalidated on every load', async () => {
    for (const pathname of ['/', '/index.html', '/teacher-dashboard']) {
      const page = await get(pathname, { 'accept-encoding': 'gzip' });
      expect(page.headers['cache-control']).toBe(WEB_CACHE_CONTROL.entry);
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(page.body).toString()).toContain('<title>App</title>');
    }
    const config = await get('/config.json', { 'accept-encoding': 'gzip, br' });
    expect(config.headers['cache-control']).toBe(WEB_CACHE_CONTROL.entry);
    expect(JSON.parse(config.body.toString())).toEqual(webConfig);
  });

  test("the document frame page gets its own CSP and may be framed by the app; every other answer the app's", async () => {
    await writeFile(path.join(webRoot, 'document-frame.html'), '<!doctype html><title>Document</title>');
    const frame = await get(DOCUMENT_FRAME_PATH);
    expect(frame.status).toBe(200);
    expect(frame.headers['content-security-policy']).toBe(DOCUMENT_FRAME_CONTENT_SECURITY_POLICY);
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(frame.headers['x-content-type-options']).toBe('nosniff');
    for (const pathname of ['/', '/assets/tiny-77aa.js', '/config.json']) {
      const answer = await get(pathname);
      expect(answer.headers['content-security-policy']).toContain("style-src 'self';");
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
  });

  test('a prerendered public page or a page shell answers its own routes, revalidated like index.html; other routes get the shell', async () => {
    await mkdir(path.join(webRoot, 'prerendered'), { recursive: true });
    await writeFile(path.join(webRoot, htmlFileForRoute('/teacher-login')), '<!doctype html><title>Teacher Login</title>');
    const reportShell = htmlFileForRoute('/analytics/class-1');
    await mkdir(path.dirname(path.join(webRoot, reportShell)), { recursive: true });
    await writeFile(path.join(webRoot, reportShell), '<!doctype html><title>App</title><link rel="modulepreload" href="/report.js">');
    const login = await get('/teacher-login');
    expect(login.body.toString()).toContain('<title>Teacher Login</title>');
    expect(login.headers['cache-control']).toBe(WEB_CACHE_CONTROL.entry);
    const report = await get('/analytics/class-1');
    expect(report.body.toString()).toContain('href="/report.js"');
    expect(report.headers['cache-control']).toBe(WEB_CACHE_CONTROL.entry);
    // Not written (yet): the shell, as before the build wrote them.
    expect((await get('/student-login')).body.toString()).toContain('<title>App</title>');
    expect((await get('/teacher-dashboard')).body.toString()).not.toContain('modulepreload');
    expect((await get('/teacher-login/other')).body.toString()).toContain('<title>App</title>');
    expect((await get('/analytics/class-1/other')).body.toString()).not.toContain('modulepreload');
  });

  test('a revalidation with the ETag it was given is a 304 without a body', async () => {
    const first = await get('/');
    const again = await get('/', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe(WEB_CACHE_CONTROL.entry);
  });
});
