// The platform registrations' use cases over in-memory stores: one registration per issuer and client ID, edits that
// hold to what was read, every change audited.
import { CANVAS as canvas, givenLtiSchool } from '@functions/test/in-memory/lti';
import { tokens } from '@test/unit-helpers/events';
import type { InMemoryLtiPlatforms } from './fakes/platforms';
import { makeLtiPlatformService } from './platforms';

const admin = { userId: tokens.admin.sub, roles: ['Admins' as const], name: 'Alex Admin' };

let school: ReturnType<typeof givenLtiSchool>;
let store: InMemoryLtiPlatforms;
let service: ReturnType<typeof makeLtiPlatformService>;
beforeEach(() => {
  school = givenLtiSchool();
  store = school.platforms;
  service = school.lti;
});

const lastAudit = () => school.ports.audit.entries.at(-1);

test('registers a platform with its times, audits it, and lists platforms by name', async () => {
  const registered = await service.register(admin, canvas);
  expect(registered).toEqual({ platformId: 'id-1', ...canvas, registeredAt: expect.any(String), updatedAt: registered.registeredAt });
  expect(lastAudit()).toMatchObject({ action: 'registerLtiPlatform', actor: 'Alex Admin', subject: 'Canvas', detail: expect.stringContaining(canvas.clientId) });
  await service.register(admin, { ...canvas, name: 'Brightspace', clientId: 'other' });
  expect((await service.list()).map((platform) => platform.name)).toEqual(['Brightspace', 'Canvas']);
});

test('refuses a second registration of the same issuer and client ID with 409 naming the first, storing nothing', async () => {
  await service.register(admin, canvas);
  await expect(service.register(admin, { ...canvas, name: 'Again' })).rejects.toMatchObject({ kind: 'conflict', message: expect.stringContaining('"Canvas"') });
  expect(await store.list()).toHaveLength(1);
  // The same client ID at another issuer is another registration.
  await service.register(admin, { ...canvas, issuer: 'https://other.example.edu' });
  expect(await store.list()).toHaveLength(2);
});

test('a registration that loses the race for its issuer and client ID is refused with 409', async () => {
  const racing = { ...store, list: async () => [] } as unknown as InMemoryLtiPlatforms;
  await store.insert({ platformId: 'first', ...canvas, registeredAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });
  const raced = makeLtiPlatformService({ platforms: Object.assign(racing, { insert: (record: never) => store.insert(record) }), directory: school.directory, audit: school.ports.audit, clock: school.ports.clock, ids: school.ports.ids, frameAncestors: school.frameAncestors });
  await expect(raced.register(admin, canvas)).rejects.toMatchObject({ kind: 'conflict' });
  expect(school.ports.audit.entries).toHaveLength(0);
});

test('edits a platform, auditing the fields that changed; 409 for a pair another registration holds; 404 for none', async () => {
  const { platformId } = await service.register(admin, canvas);
  school.ports.clock.set('2024-05-03T10:01:00.000Z');
  const edited = await service.edit(admin, platformId, { ...canvas, deploymentIds: ['1:abc', '2:def'], jwksUrl: 'https://canvas.example.edu/jwks' });
  expect(edited.updatedAt > edited.registeredAt).toBe(true);
  expect(lastAudit()).toMatchObject({ action: 'editLtiPlatform', detail: 'changed deploymentIds, jwksUrl' });
  await service.register(admin, { ...canvas, name: 'Other', clientId: 'other' });
  await expect(service.edit(admin, platformId, { ...canvas, clientId: 'other' })).rejects.toMatchObject({ kind: 'conflict' });
  expect((await store.get(platformId))?.clientId).toBe(canvas.clientId);
  await expect(service.edit(admin, 'nope', canvas)).rejects.toMatchObject({ kind: 'notFound' });
});

test('an edit of a registration changed since it was read is refused with 409', async () => {
  const { platformId } = await service.register(admin, canvas);
  const asRead = (await store.get(platformId))!;
  const stale = { ...store, get: async () => asRead } as unknown as InMemoryLtiPlatforms;
  await store.replace(asRead, { ...asRead, name: 'Changed meanwhile', updatedAt: '2030-01-01T00:00:00.000Z' });
  const editing = makeLtiPlatformService({ platforms: Object.assign(stale, { replace: store.replace.bind(store) }), directory: school.directory, audit: school.ports.audit, clock: school.ports.clock, ids: school.ports.ids, frameAncestors: school.frameAncestors });
  await expect(editing.edit(admin, platformId, { ...canvas, name: 'Mine' })).rejects.toMatchObject({ kind: 'conflict', message: expect.stringContaining('meanwhile') });
  expect((await store.get(platformId))?.name).toBe('Changed meanwhile');
});

test('an edit that changes nothing writes no audit entry', async () => {
  const { platformId } = await service.register(admin, canvas);
  await service.edit(admin, platformId, canvas);
  expect(school.ports.audit.entries.map((entry) => entry.action)).toEqual(['registerLtiPlatform']);
});

test('removes a platform and audits it; a second removal is 404', async () => {
  const { platformId } = await service.register(admin, canvas);
  await service.remove(admin, platformId);
  expect(await store.list()).toEqual([]);
  expect(lastAudit()).toMatchObject({ action: 'removeLtiPlatform', subject: 'Canvas' });
  await expect(service.remove(admin, platformId)).rejects.toMatchObject({ kind: 'notFound' });
  // Its issuer and client ID are free again.
  await expect(service.register(admin, canvas)).resolves.toMatchObject({ name: 'Canvas' });
});
