// The local files behaviour checks a signed link as CloudFront does: the functions' links pass; a missing, altered,
// expired or foreign-key one is refused.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import { makeFileLinks } from '../functions/src/uploads/adapters/file-links';
import { ensureFileLinkKeys, fileLinkRefusal, makeFileDelivery, type LocalFileLinkKeys } from './file-links';

let dir: string;
let keys: LocalFileLinkKeys;
const signedAt = Date.parse('2026-12-07T10:02:30.000Z');
const origin = 'http://127.0.0.1:9230';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'file-links-'));
  keys = await ensureFileLinkKeys(path.join(dir, 'file-link-keys.json'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const linkOf = (keysToSign: LocalFileLinkKeys, key = 'protected/t/u/notes.pdf') =>
  makeFileLinks({ signingKey: async () => keysToSign, now: () => signedAt }).link(key, 'notes.pdf', 'application/pdf');

test('the key pair is made once, readable by its owner only, and kept across starts', async () => {
  const file = path.join(dir, 'file-link-keys.json');
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect(await ensureFileLinkKeys(file)).toEqual(keys);
});

test("a link the functions signed opens until its time is up (the window's end plus the TTL), on any origin", async () => {
  const link = await linkOf(keys);
  expect(fileLinkRefusal(`${origin}${link}`, keys, signedAt)).toBeUndefined();
  expect(fileLinkRefusal(`https://d111111abcdef8.cloudfront.net${link}`, keys, signedAt)).toBeUndefined();
  const expiresAt = Date.parse('2026-12-07T10:05:00.000Z') + 900_000;
  expect(fileLinkRefusal(`${origin}${link}`, keys, expiresAt - 1)).toBeUndefined();
  expect(fileLinkRefusal(`${origin}${link}`, keys, expiresAt)).toBe('Access Denied');
});

test('a link without its signature, for another file or overrides, or signed by another key is refused', async () => {
  const link = await linkOf(keys);
  expect(fileLinkRefusal(`${origin}${link.slice(0, link.indexOf('&Policy='))}`, keys, signedAt)).toBe('Missing Key');
  expect(fileLinkRefusal(`${origin}${link.replace('notes.pdf?', 'other.pdf?')}`, keys, signedAt)).toBe('Access Denied');
  expect(fileLinkRefusal(`${origin}${link.replace('application%2Fpdf', 'text%2Fhtml')}`, keys, signedAt)).toBe('Access Denied');
  expect(fileLinkRefusal(`${origin}${link}&extra=1`, keys, signedAt)).toBe('Access Denied');
  // A policy altered (a later expiry) no longer matches its signature.
  const policy = new URL(link, origin).searchParams.get('Policy')!;
  const later = Buffer.from(Buffer.from(policy.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64').toString().replace(/"AWS:EpochTime":\d+/, '"AWS:EpochTime":9999999999'))
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/=/g, '_')
    .replace(/\//g, '~');
  expect(fileLinkRefusal(`${origin}${link.replace(policy, later)}`, keys, signedAt)).toBe('Access Denied');
  const stranger = await ensureFileLinkKeys(path.join(dir, 'stranger.json'));
  expect(fileLinkRefusal(`${origin}${await linkOf(stranger)}`, keys, signedAt)).toBe('Access Denied');
  expect(fileLinkRefusal(`${origin}${await linkOf({ ...stranger, keyPairId: 'KSTRANGER' })}`, keys, signedAt)).toBe('Invalid Key');
});

test('a viewer gone before the file came gets nothing, and the server carries on', async () => {
  const storage = http.createServer((_request, answer) => answer.end('%PDF-1.7'));
  await new Promise<void>((listening) => storage.listen(0, '127.0.0.1', listening));
  try {
    const { port } = storage.address() as AddressInfo;
    const deliverFile = makeFileDelivery({ keys, storage: { endpoint: `http://127.0.0.1:${port}`, bucket: 'files', region: 'us-east-1' }, now: () => signedAt });
    const request = { method: 'GET', url: await linkOf(keys), headers: { host: '127.0.0.1:9230' } } as unknown as IncomingMessage;
    const response = Object.assign(new PassThrough(), { writeHead: jest.fn() });
    response.destroy();
    await expect(deliverFile(request, response as unknown as ServerResponse)).resolves.toBeUndefined();
    expect(response.writeHead).not.toHaveBeenCalled();
  } finally {
    storage.closeAllConnections();
    await new Promise((closed) => storage.close(closed));
  }
});
