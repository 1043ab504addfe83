// The origin check the functions apply: values from the stage's secret, read once per container, two accepted during a
// rotation, so rotating the secret refuses no request CloudFront sends.
import { randomBytes } from 'node:crypto';
import { originVerifyKey } from '@shared/edge';
import { acceptedOriginValues, originCheckFromEnvironment, rotatedOriginSecret, type OriginCheck } from './origin-verify';

const SECRET_ID = 'prod-learning-paths/origin-verify';
const ENVIRONMENT = ['ORIGIN_VERIFY_SECRET', 'ORIGIN_VERIFY_SECRET_ID', 'ORIGIN_VERIFY_GENERATION'];
const saved = Object.fromEntries(ENVIRONMENT.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of ENVIRONMENT) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** Secrets Manager as the functions see it: one secret's text, changed by the rotation command; reads are counted. */
function fakeSecretsManager(text: string) {
  const store = { text, reads: 0 };
  return {
    store,
    read: async (secretId: string) => {
      if (secretId !== SECRET_ID) throw new Error(`no secret ${secretId}`);
      store.reads += 1;
      return store.text;
    },
  };
}

/** A function container started with this generation in its environment (a deploy of it). */
function container(generation: number, read: (secretId: string) => Promise<string>): OriginCheck {
  delete process.env.ORIGIN_VERIFY_SECRET;
  process.env.ORIGIN_VERIFY_SECRET_ID = SECRET_ID;
  process.env.ORIGIN_VERIFY_GENERATION = String(generation);
  return originCheckFromEnvironment(read)!;
}

const newValue = () => randomBytes(24).toString('hex');

test('a rotation refuses none of the requests CloudFront sends: before, during and after it', async () => {
  const first = newValue();
  const secrets = fakeSecretsManager(JSON.stringify({ [originVerifyKey(1)]: first }));
  const refused: string[] = [];
  const send = async (check: OriginCheck, value: string, moment: string) => {
    if (!(await check(value))) refused.push(moment);
  };

  // Generation 1 deployed: CloudFront sends its value.
  const before = container(1, secrets.read);
  await send(before, first, 'before the rotation');

  // `npm run rotate-origin-secret` adds generation 2 next to generation 1; CloudFront still sends 1.
  const second = newValue();
  secrets.store.text = rotatedOriginSecret(secrets.store.text, 2, second);
  await send(before, first, 'after the new value is stored');

  // The deploy with -c originVerifyGeneration=2 updates the functions first (new containers), then CloudFront, whose
  // edges send the old value or the new one until the change has reached them all.
  const during = container(2, secrets.read);
  for (const [index, value] of [first, second, first, second, second].entries()) await send(during, value, `while CloudFront changes over (${index})`);
  await send(before, first, 'to a container started before the deploy');

  // The next rotation drops generation 1.
  const third = newValue();
  secrets.store.text = rotatedOriginSecret(secrets.store.text, 3, third);
  const after = container(3, secrets.read);
  await send(after, second, 'before CloudFront has the third value');
  await send(after, third, 'after CloudFront has the third value');

  expect(refused).toEqual([]);
  // The value two rotations old is no longer in the secret.
  expect(await after(first)).toBe(false);
});

test('refuses a value the secret does not hold and a missing header', async () => {
  const secrets = fakeSecretsManager(JSON.stringify({ g2: 'two', g3: 'three' }));
  const check = container(3, secrets.read);
  expect(await check('guessed')).toBe(false);
  expect(await check('thre')).toBe(false);
  expect(await check(undefined)).toBe(false);
  expect(await check('three')).toBe(true);
  expect(await check('two')).toBe(true);
});

test('a deploy that goes back to an earlier generation refuses nothing either: every value the secret holds passes', async () => {
  const secrets = fakeSecretsManager(JSON.stringify({ g2: 'two', g3: 'three' }));
  // Deployed without -c originVerifyGeneration (1): CloudFront cannot resolve g1, so it keeps sending g3.
  expect(await container(1, secrets.read)('three')).toBe(true);
});

test('reads the secret once per container, on the first request that carries the header, and again after a failed read', async () => {
  const secrets = fakeSecretsManager(JSON.stringify({ g1: 'one' }));
  let failNext = true;
  const check = container(1, async (secretId) => {
    if (failNext) {
      failNext = false;
      throw new Error('throttled');
    }
    return secrets.read(secretId);
  });
  expect(await check(undefined)).toBe(false);
  expect(secrets.store.reads).toBe(0);
  await expect(check('one')).rejects.toThrow('throttled');
  for (let request = 0; request < 5; request += 1) expect(await check('one')).toBe(true);
  expect(secrets.store.reads).toBe(1);
});

test('a rotation starts from the generation deployed, and keeps only it and the new one', () => {
  expect(JSON.parse(rotatedOriginSecret(JSON.stringify({ g1: 'a', g2: 'b' }), 3, 'c'))).toEqual({ g2: 'b', g3: 'c' });
  expect(() => rotatedOriginSecret(JSON.stringify({ g1: 'a' }), 3, 'c')).toThrow(/no value for generation 2/);
  expect(acceptedOriginValues(JSON.stringify({ g1: 'a', g2: 'b' }))).toEqual(['a', 'b']);
});

test('the environment names the secret, never a value; without it (handler tests) there is no check; locally the value is given', async () => {
  process.env.ORIGIN_VERIFY_SECRET_ID = SECRET_ID;
  delete process.env.ORIGIN_VERIFY_GENERATION;
  expect(() => originCheckFromEnvironment(async () => '{}')).toThrow(/ORIGIN_VERIFY_GENERATION is not set/);
  delete process.env.ORIGIN_VERIFY_SECRET_ID;
  expect(originCheckFromEnvironment(async () => '{}')).toBeUndefined();
  process.env.ORIGIN_VERIFY_SECRET = 'local-value';
  const local = originCheckFromEnvironment(async () => {
    throw new Error('the local stack reads no secret');
  })!;
  expect(await local('local-value')).toBe(true);
  expect(await local('other')).toBe(false);
});
