// The tool key document's rotation (npm run rotate-lti-tool-keys): newest first, one key of overlap, the placeholder
// the deploy creates replaced by a first key.
import { newToolKey, rotatedToolKeys } from './lti-tool-keys';
import { makeToolKeyStore } from '../functions/src/lti/adapters/tool-keys';

test('the first rotation replaces the placeholder with one key, which the tool key store reads and publishes without its private part', async () => {
  const key = await newToolKey();
  const { document, kept, dropped } = rotatedToolKeys('a generated placeholder password', key);
  expect(kept).toEqual([key.kid]);
  expect(dropped).toEqual([]);
  const store = makeToolKeyStore(async () => document, 'the secret');
  const [published] = await store.publicKeys();
  expect(published).toMatchObject({ kid: key.kid, kty: 'RSA', alg: 'RS256', use: 'sig', n: key.n, e: key.e });
  expect(published).not.toHaveProperty('d');
});

test('a rotation puts the new key first, keeps the one that signed until now and drops older ones', async () => {
  const [first, second, third] = [await newToolKey(), await newToolKey(), await newToolKey()];
  const once = rotatedToolKeys(rotatedToolKeys(undefined, first).document, second);
  expect(once.kept).toEqual([second.kid, first.kid]);
  const twice = rotatedToolKeys(once.document, third);
  expect(twice.kept).toEqual([third.kid, second.kid]);
  expect(twice.dropped).toEqual([first.kid]);
  expect((JSON.parse(twice.document) as { keys: { kid: string }[] }).keys.map((key) => key.kid)).toEqual([third.kid, second.kid]);
});
