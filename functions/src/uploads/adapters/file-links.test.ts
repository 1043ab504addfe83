// The file links CloudFront serves: the path and overrides they name, the custom policy's resource and expiry, the key
// id, a signature the public key verifies; the same link within a window; the key read from the stage's secret.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { makeFileLinks, secretSigningKey } from './file-links';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const secrets = mockClient(SecretsManagerClient);
beforeEach(() => secrets.reset());

let clock = Date.parse('2024-05-01T10:02:30.000Z');
const links = makeFileLinks({ signingKey: async () => ({ keyPairId: 'K2JCJMDEHXQW5F', privateKey }), now: () => clock });
const key = 'protected/teacher-1/upload-1/Cell notes é.pdf';

const fromCloudFrontBase64 = (text: string) => Buffer.from(text.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64');

/** The link's parts, after checking its signature with the public key as CloudFront does. */
function opened(link: string) {
  const url = new URL(link, 'https://d111111abcdef8.cloudfront.net');
  const policy = fromCloudFrontBase64(url.searchParams.get('Policy') ?? '');
  expect(createVerify('RSA-SHA1').update(policy).verify(publicKey, fromCloudFrontBase64(url.searchParams.get('Signature') ?? ''))).toBe(true);
  const [statement] = (JSON.parse(policy.toString()) as { Statement: { Resource: string; Condition: { DateLessThan: { 'AWS:EpochTime': number } } }[] }).Statement;
  return { url, resource: statement.Resource, expiresAt: statement.Condition.DateLessThan['AWS:EpochTime'] };
}

afterEach(() => {
  clock = Date.parse('2024-05-01T10:02:30.000Z');
});

it("is a same-origin path to the file's key that downloads under its name (as PDF when asked), signed by the key pair id", async () => {
  const link = await links.link(key, 'Cell notes é.pdf', 'application/pdf');
  expect(link.startsWith('/protected/teacher-1/upload-1/Cell%20notes%20%C3%A9.pdf?')).toBe(true);
  const { url, resource } = opened(link);
  expect(url.searchParams.get('response-content-disposition')).toBe("attachment; filename*=UTF-8''Cell%20notes%20%C3%A9.pdf");
  expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
  expect(url.searchParams.get('Key-Pair-Id')).toBe('K2JCJMDEHXQW5F');
  // The policy names exactly the path and overrides handed out, on any host (the functions do not know the domain).
  expect(resource).toBe(`http*://*${link.slice(0, link.indexOf('&Policy='))}`);
  const word = opened(await links.link('protected/t/u/page.html', 'page.html'));
  expect(word.url.searchParams.get('response-content-type')).toBeNull();
  expect(word.url.searchParams.get('response-content-disposition')).toBe("attachment; filename*=UTF-8''page.html");
});

it('expires 900 s after the end of its 300 s window, the same link for every read in the window; the next window signs anew', async () => {
  const first = await links.link(key, 'notes.pdf');
  expect(opened(first).expiresAt).toBe(Date.parse('2024-05-01T10:05:00.000Z') / 1000 + 900);
  clock = Date.parse('2024-05-01T10:04:59.999Z');
  expect(await links.link(key, 'notes.pdf')).toBe(first);
  // Another name is another link (the name is signed into it).
  expect(await links.link(key, 'renamed.pdf')).not.toBe(first);
  clock = Date.parse('2024-05-01T10:05:00.000Z');
  const next = await links.link(key, 'notes.pdf');
  expect(next).not.toBe(first);
  expect(opened(next).expiresAt).toBe(Date.parse('2024-05-01T10:10:00.000Z') / 1000 + 900);
});

it("signs with the deployed generation's private key from the stage's secret, read once; a failed read is tried again", async () => {
  secrets.on(GetSecretValueCommand).rejectsOnce(new Error('throttled')).resolves({ SecretString: JSON.stringify({ 1: 'old', 2: privateKey }) });
  const signingKey = secretSigningKey('test-learning-paths/file-link-keys', '2', 'KNEWKEY');
  const fromSecret = makeFileLinks({ signingKey, now: () => clock });
  await expect(fromSecret.link(key, 'notes.pdf')).rejects.toThrow('throttled');
  const { url } = opened(await fromSecret.link(key, 'notes.pdf'));
  expect(url.searchParams.get('Key-Pair-Id')).toBe('KNEWKEY');
  await fromSecret.link(key, 'other.pdf');
  expect(secrets.commandCalls(GetSecretValueCommand, { SecretId: 'test-learning-paths/file-link-keys' })).toHaveLength(2);
  await expect(secretSigningKey('s', '3', 'K')()).rejects.toThrow('The secret s holds no key of generation 3');
});
