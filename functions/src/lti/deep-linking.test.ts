// The deep linking response (Deep Linking 2.0 §4.2) signed with the tool's key: verified here with the tool's public
// keys, every claim the platform reads; the request answered once, only by its teacher, only with their module.
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type JWTPayload } from 'jose';
import { CANVAS } from '@functions/test/in-memory/lti';
import { FixedClock } from '../kernel/fakes/clock-ids-log';
import { InMemoryModuleStore } from '../modules/fakes/module-stores';
import type { ModuleRecord } from '../modules/port';
import { makeToolKeyStore } from './adapters/tool-keys';
import { CLAIMS } from './claims';
import { DEEP_LINK_ANSWERED, DEEP_LINK_NOT_FOUND, makeLtiDeepLinkingService } from './deep-linking';
import { InMemoryDeepLinkingRequests } from './fakes/launch-links';
import { InMemoryLtiPlatforms } from './fakes/platforms';
import type { DeepLinkingRequest } from './port';

// RSA key generation can take seconds on a loaded two-core machine.
jest.setTimeout(30_000);

const NOW = new Date('2026-12-06T10:00:00.000Z');
const teacher = { userId: 'teacher-1', roles: ['Teachers' as const] };
const otherTeacher = { userId: 'teacher-2', roles: ['Teachers' as const] };
const platform = { ...CANVAS, platformId: 'p1', registeredAt: NOW.toISOString(), updatedAt: NOW.toISOString() };
const openRequest: DeepLinkingRequest = {
  requestId: 'request-1',
  platformId: 'p1',
  deploymentId: '1:abc',
  userId: teacher.userId,
  settings: {
    deep_link_return_url: 'https://canvas.example.edu/courses/7/deep_linking_response',
    data: 'opaque-data-7',
    accept_types: ['link', 'ltiResourceLink'],
    accept_lineitem: true,
  },
  expiresAt: NOW.getTime() / 1000 + 3600,
};
const withSettings = (settings: Record<string, unknown>): DeepLinkingRequest => ({ ...openRequest, settings: { ...openRequest.settings, ...settings } });
const moduleOf = (moduleId: string, title: string, ownerId = teacher.userId): ModuleRecord => ({
  moduleId,
  ownerId,
  title,
  description: '',
  sections: [],
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
});

let keys: ReturnType<typeof makeToolKeyStore>;
beforeAll(async () => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const document = { keys: [{ ...(await exportJWK(privateKey)), kid: 'tool-key-1', alg: 'RS256', use: 'sig' }] };
  keys = makeToolKeyStore(async () => JSON.stringify(document), 'the test key');
});

function world() {
  const requests = new InMemoryDeepLinkingRequests();
  const platforms = new InMemoryLtiPlatforms();
  const modules = new InMemoryModuleStore();
  const graded = new Set<string>();
  modules.put(moduleOf('cells', 'Cells'), moduleOf('atoms', 'Atoms'), moduleOf('theirs', 'Someone else’s', otherTeacher.userId));
  graded.add('cells');
  const clock = new FixedClock();
  clock.set(NOW.toISOString());
  let nonces = 0;
  const service = makeLtiDeepLinkingService({
    requests,
    platforms,
    modules,
    checks: { listCheckSummaries: async (ids) => new Map(ids.filter((id) => graded.has(id)).map((id) => [id, []])) },
    keys,
    clock,
    randomToken: () => `nonce-${++nonces}`,
  });
  return { requests, platforms, service, clock, setup: async (request = openRequest) => {
    await platforms.insert(platform);
    await requests.put(request);
  } };
}

async function verified(jwt: string): Promise<{ payload: JWTPayload; header: Record<string, unknown> }> {
  const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet({ keys: await keys.publicKeys() }), {
    issuer: platform.clientId,
    audience: platform.issuer,
    algorithms: ['RS256'],
    currentDate: NOW,
  });
  return { payload, header: protectedHeader };
}

test('the page sees the LMS, the request open, and the teacher’s own modules by title, those with checks graded', async () => {
  const { service, setup } = world();
  await setup();
  await expect(service.describe(teacher, 'request-1')).resolves.toEqual({
    requestId: 'request-1',
    platformName: 'Canvas',
    status: 'open',
    modules: [
      { moduleId: 'atoms', title: 'Atoms', graded: false },
      { moduleId: 'cells', title: 'Cells', graded: true },
    ],
  });
});

test('choosing a module with checks answers a response the tool’s public key verifies, with a line item', async () => {
  const { service, setup } = world();
  await setup();

  const { returnUrl, jwt } = await service.answer(teacher, 'request-1', 'cells');

  expect(returnUrl).toBe(openRequest.settings.deep_link_return_url);
  const { payload, header } = await verified(jwt);
  expect(header).toMatchObject({ alg: 'RS256', kid: 'tool-key-1' });
  expect(payload).toEqual({
    iss: platform.clientId,
    aud: platform.issuer,
    iat: expect.any(Number),
    exp: expect.any(Number),
    jti: expect.any(String),
    nonce: 'nonce-1',
    [CLAIMS.messageType]: 'LtiDeepLinkingResponse',
    [CLAIMS.version]: '1.3.0',
    [CLAIMS.deploymentId]: '1:abc',
    [CLAIMS.deepLinkingData]: 'opaque-data-7',
    [CLAIMS.contentItems]: [
      {
        type: 'ltiResourceLink',
        title: 'Cells',
        custom: { moduleId: 'cells' },
        lineItem: { scoreMaximum: 100, label: 'Cells', resourceId: 'cells' },
      },
    ],
  });
  expect(payload.exp! - payload.iat!).toBe(300);
});

test('a module without checks gets no line item; nor does any module where the LMS takes none', async () => {
  const plain = world();
  await plain.setup();
  const reading = (await verified((await plain.service.answer(teacher, 'request-1', 'atoms')).jwt)).payload[CLAIMS.contentItems];
  expect(reading).toEqual([{ type: 'ltiResourceLink', title: 'Atoms', custom: { moduleId: 'atoms' } }]);

  const noLineItems = world();
  await noLineItems.setup(withSettings({ accept_lineitem: false }));
  const graded = (await verified((await noLineItems.service.answer(teacher, 'request-1', 'cells')).jwt)).payload[CLAIMS.contentItems];
  expect(graded).toEqual([{ type: 'ltiResourceLink', title: 'Cells', custom: { moduleId: 'cells' } }]);
});

test('Cancel answers an empty content_items response; without data from the LMS none is echoed', async () => {
  const { service, setup } = world();
  const { data: _data, ...withoutData } = openRequest.settings;
  await setup({ ...openRequest, settings: withoutData });

  const { payload } = await verified((await service.answer(teacher, 'request-1', null)).jwt);

  expect(payload[CLAIMS.contentItems]).toEqual([]);
  expect(payload).not.toHaveProperty([CLAIMS.deepLinkingData]);
  expect(payload[CLAIMS.messageType]).toBe('LtiDeepLinkingResponse');
});

test('a request is answered once: a second answer (double click, Back, another tab) is refused, and the page says so', async () => {
  const { service, setup } = world();
  await setup();
  await service.answer(teacher, 'request-1', 'cells');

  await expect(service.answer(teacher, 'request-1', 'atoms')).rejects.toMatchObject({ kind: 'conflict', message: DEEP_LINK_ANSWERED });
  await expect(service.answer(teacher, 'request-1', null)).rejects.toMatchObject({ kind: 'conflict' });
  await expect(service.describe(teacher, 'request-1')).resolves.toMatchObject({ status: 'answered' });
});

test('two answers at once: one response, the other refused', async () => {
  const { service, setup } = world();
  await setup();
  const outcomes = await Promise.allSettled([service.answer(teacher, 'request-1', 'cells'), service.answer(teacher, 'request-1', 'atoms')]);
  expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
  expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason)).toEqual([
    expect.objectContaining({ kind: 'conflict' }),
  ]);
});

describe('refusals change nothing', () => {
  test('another teacher’s request is as absent as a missing or expired one', async () => {
    const { service, setup, requests, clock } = world();
    await setup();
    await expect(service.describe(otherTeacher, 'request-1')).rejects.toMatchObject({ kind: 'notFound', message: DEEP_LINK_NOT_FOUND });
    await expect(service.answer(otherTeacher, 'request-1', 'theirs')).rejects.toMatchObject({ kind: 'notFound', message: DEEP_LINK_NOT_FOUND });
    await expect(service.answer(teacher, 'no-such-request', 'cells')).rejects.toMatchObject({ kind: 'notFound' });
    clock.set(new Date(openRequest.expiresAt * 1000 + 1000).toISOString());
    await expect(service.answer(teacher, 'request-1', 'cells')).rejects.toMatchObject({ kind: 'notFound', message: DEEP_LINK_NOT_FOUND });
    expect((await requests.get('request-1', 0))?.answeredAt).toBeUndefined();
  });

  test('a module that is not the teacher’s, or does not exist', async () => {
    const { service, setup, requests } = world();
    await setup();
    await expect(service.answer(teacher, 'request-1', 'theirs')).rejects.toMatchObject({ kind: 'notFound', message: 'You have no such module; choose one of your modules.' });
    await expect(service.answer(teacher, 'request-1', 'gone')).rejects.toMatchObject({ kind: 'notFound' });
    expect((await requests.get('request-1', 0))?.answeredAt).toBeUndefined();
  });

  test('an LMS that takes no resource links here, or that is no longer registered', async () => {
    const strict = world();
    await strict.setup(withSettings({ accept_types: ['file'] }));
    await expect(strict.service.answer(teacher, 'request-1', 'cells')).rejects.toMatchObject({ kind: 'invalid', message: expect.stringContaining('accept_types') });
    expect((await strict.requests.get('request-1', 0))?.answeredAt).toBeUndefined();

    const removed = world();
    await removed.requests.put(openRequest);
    await expect(removed.service.answer(teacher, 'request-1', 'cells')).rejects.toMatchObject({ kind: 'notFound', message: expect.stringContaining('no longer registered') });
  });
});
