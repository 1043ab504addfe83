// The platform's keys over HTTP, as an LMS publishes them: fetched once and cached, fetched again when a token names a
// key id the cached set lacks (the platform rotated its key), and an unreachable key set is a refusal of its own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { makePlatformTokenVerifier } from './platform-token-verifier';

// RSA key generation (the tool's and the platform's keys) can take seconds on a loaded two-core machine.
jest.setTimeout(30_000);

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

let server: Server;
let published: JWK[] = [];
let fetches = 0;
let jwksUrl: string;
beforeAll(async () => {
  server = createServer((_request, response) => {
    fetches += 1;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: published }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const platform = () => ({ issuer: 'https://lms.example.edu', clientId: 'tool', jwksUrl });

async function keyPair(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

const token = (key: SigningKey, kid: string) =>
  new SignJWT({ nonce: 'n', sub: 'u' }).setProtectedHeader({ alg: 'RS256', kid }).setIssuer('https://lms.example.edu').setAudience('tool').setIssuedAt().setExpirationTime('5m').sign(key);

test("caches the platform's key set, and fetches it again for a key id it lacks", async () => {
  const verifier = makePlatformTokenVerifier({ cooldownMs: 0 });
  const first = await keyPair('k1');
  published = [first.jwk];
  await verifier.verify(await token(first.privateKey, 'k1'), platform());
  await verifier.verify(await token(first.privateKey, 'k1'), platform());
  expect(fetches).toBe(1);

  const rotated = await keyPair('k2');
  published = [first.jwk, rotated.jwk];
  await expect(verifier.verify(await token(rotated.privateKey, 'k2'), platform())).resolves.toMatchObject({ sub: 'u' });
  expect(fetches).toBe(2);
});

test('a key set that cannot be read is refused as unavailable, not as a bad signature', async () => {
  const verifier = makePlatformTokenVerifier();
  const { privateKey } = await keyPair('k1');
  const unreachable = { ...platform(), jwksUrl: 'http://127.0.0.1:1/jwks' };
  await expect(verifier.verify(await token(privateKey, 'k1'), unreachable)).rejects.toMatchObject({ reason: 'keysUnavailable' });
});
