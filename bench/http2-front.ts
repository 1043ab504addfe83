// What stands in for CloudFront in `npm run bench:web`: CloudFront answers browsers over HTTP/2 (one connection, every
// request at once), while the local servers speak HTTP/1.1, where a browser opens at most 6 connections per origin and
// queues the rest. This front speaks HTTP/2 over TLS (a throwaway self-signed certificate made with openssl; Chromium
// runs with --ignore-certificate-errors) and passes each request to a local server, so Lighthouse measures the page
// as a phone would load it from the deployed app.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createSecureServer, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Headers of one HTTP/1.1 connection that HTTP/2 forbids or that name the connection, not the request. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host']);

export async function http2Front(target: string): Promise<{ url: string; stop(): Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-tls-'));
  const [keyFile, certFile] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], {
    stdio: 'ignore',
  });
  const [key, cert] = await Promise.all([readFile(keyFile), readFile(certFile)]);
  await rm(folder, { recursive: true, force: true });

  const upstream = new URL(target);
  const server = createSecureServer({ key, cert, allowHTTP1: true }, (request, response) => {
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !name.startsWith(':') && !CONNECTION_HEADERS.has(name)));
    const forwarded = httpRequest(
      new URL(request.url, upstream),
      { method: request.method, headers: { ...headers, host: upstream.host } },
      (answer) => {
        const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !CONNECTION_HEADERS.has(name)));
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  // The browser keeps its connection open: stopping ends them, or closing the server would wait for it.
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
