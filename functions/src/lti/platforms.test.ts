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
  const editing = makeLtiPlatformService({ platforms: Object.assign(stale, { list: store.list.bind(store), replace: store.replace.bind(store) }), directory: school.directory, audit: school.ports.audit, clock: school.ports.clock, ids: school.ports.ids, frameAncestors: school.frameAncestors });
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

describe('the LMSs that may frame the app', () => {
  const published = () => school.frameAncestors.current;
  const instructure = { ...canvas, name: 'Instructure', clientId: 'other', frameOrigins: ['https://school.instructure.com/'] };

  test('every registration, edit and removal publishes the origins of the registrations as they are then', async () => {
    const { platformId } = await service.register(admin, canvas);
    expect(published()).toBe("'self' https://canvas.example.edu");
    // Stored as origins, each once.
    const other = await service.register(admin, instructure);
    expect(other.frameOrigins).toEqual(['https://school.instructure.com']);
    expect(published()).toBe("'self' https://canvas.example.edu https://school.instructure.com");
    await service.edit(admin, other.platformId, { ...instructure, frameOrigins: ['https://district.instructure.com'] });
    expect(lastAudit()).toMatchObject({ detail: 'changed frameOrigins' });
    expect(published()).toBe("'self' https://canvas.example.edu https://district.instructure.com");
    // Left out of an edit, the LMS web addresses are none.
    const { frameOrigins: _left, ...without } = instructure;
    await service.edit(admin, other.platformId, without);
    expect(await store.get(other.platformId)).not.toHaveProperty('frameOrigins');
    await service.remove(admin, other.platformId);
    await service.remove(admin, platformId);
    expect(published()).toBe("'none'");
  });

  test('a registration or edit whose origins would not fit is refused with 400 and changes and publishes nothing', async () => {
    const { platformId } = await service.register(admin, canvas);
    const count = school.frameAncestors.published.length;
    const wide = Array.from({ length: 10 }, (_, index) => `https://lms-${index}.district-of-a-long-name.edu`);
    for (let index = 0; index < 2; index += 1) await service.register(admin, { ...canvas, clientId: `c${index}`, frameOrigins: wide.map((origin) => origin.replace('lms-', `lms${index}-`)) });
    const tooMany = { ...canvas, clientId: 'c9', frameOrigins: wide.map((origin) => origin.replace('lms-', 'lms9-')) };
    await expect(service.register(admin, tooMany)).rejects.toMatchObject({ kind: 'invalid', message: expect.stringContaining('1024') });
    await expect(service.edit(admin, platformId, { ...canvas, frameOrigins: tooMany.frameOrigins })).rejects.toMatchObject({ kind: 'invalid' });
    expect(await store.list()).toHaveLength(3);
    expect((await store.get(platformId))?.frameOrigins).toBeUndefined();
    expect(school.frameAncestors.published).toHaveLength(count + 2);
  });

  test('a change published while another was written is published again with the latest registrations', async () => {
    await service.register(admin, canvas);
    // Another admin's registration lands between this change's read and its publish.
    const racing = { ...store, list: store.list.bind(store), get: store.get.bind(store), insert: store.insert.bind(store), replace: store.replace.bind(store), remove: store.remove.bind(store) };
    let reads = 0;
    racing.list = async () => {
      reads += 1;
      if (reads === 3) await store.insert({ platformId: 'late', ...instructure, frameOrigins: ['https://school.instructure.com'], registeredAt: 'x', updatedAt: 'x' });
      return store.list();
    };
    const publishing = makeLtiPlatformService({ platforms: racing as unknown as InMemoryLtiPlatforms, directory: school.directory, audit: school.ports.audit, clock: school.ports.clock, ids: school.ports.ids, frameAncestors: school.frameAncestors });
    await publishing.register(admin, { ...canvas, name: 'Moodle', issuer: 'https://moodle.example.edu', authLoginUrl: 'https://moodle.example.edu/auth' });
    expect(school.frameAncestors.published.slice(-2)).toEqual([
      "'self' https://canvas.example.edu https://moodle.example.edu",
      "'self' https://canvas.example.edu https://moodle.example.edu https://school.instructure.com",
    ]);
  });
});
