// The tool's key document: every key published without its private members, a bad document refused by name.
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { makeToolKeyStore, publicKeysOf } from './tool-keys';

// RSA key generation (the tool's and the platform's keys) can take seconds on a loaded two-core machine.
jest.setTimeout(30_000);

async function privateJwk(kid: string) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' } as { kid: string; kty: string; d: string };
}

test('publishes every key of the document (new and previous, during a rotation) without a private member', async () => {
  const document = { keys: [await privateJwk('new'), await privateJwk('old')] };
  const published = publicKeysOf(document);
  expect(published.map((key) => key.kid)).toEqual(['new', 'old']);
  for (const key of published) {
    expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  }
});

test('reads the document once, and refuses one without private RSA keys with a kid, naming where it came from', async () => {
  let reads = 0;
  const text = JSON.stringify({ keys: [await privateJwk('k1')] });
  const store = makeToolKeyStore(async () => {
    reads += 1;
    return text;
  }, 'the secret');
  await store.publicKeys();
  await store.publicKeys();
  expect(reads).toBe(1);
  const { d: _d, ...publicOnly } = await privateJwk('k2');
  await expect(makeToolKeyStore(async () => JSON.stringify({ keys: [publicOnly] }), 'the secret').publicKeys()).rejects.toThrow('the secret must hold');
  await expect(makeToolKeyStore(async () => '{}', 'the file').publicKeys()).rejects.toThrow('the file must hold');
});

test('signs with the newest key, which the published set verifies by its kid', async () => {
  const document = { keys: [await privateJwk('new'), await privateJwk('old')] };
  const store = makeToolKeyStore(async () => JSON.stringify(document), 'the file');
  const token = await store.sign({ issuer: 'client-1', audience: 'https://lms.example/token', expiresInSeconds: 300, claims: { sub: 'client-1' } });
  const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet({ keys: await store.publicKeys() }), { issuer: 'client-1', audience: 'https://lms.example/token' });
  expect(protectedHeader.kid).toBe('new');
  expect(payload.sub).toBe('client-1');
  expect(payload.exp! - payload.iat!).toBe(300);
  expect(typeof payload.jti).toBe('string');
});
