// Property-based fuzzing of every route through the local stack: path parameters and bodies drawn from the routes'
// own field names, near-valid values (real ids and keys of this world) and arbitrary JSON, from a fixed seed. No
// answer may be a 5xx, and a refused request (4xx) must leave the table and the bucket exactly as they were.
import fc from 'fast-check';
import { routeEntries, type RouteName } from '../../shared/routes';
import { CLASS_ID, MEDIA, pdfBytes, startWorld, type Person, type Snapshot, type World } from './support/world';

jest.setTimeout(600_000);

const SEED = 20_261_123;
const RUNS_PER_ROUTE = 120;

let world: World;
let ids: { moduleId: string; sectionId: string; contentUrl: string; uploadId: string; multipartKey: string };

beforeAll(async () => {
  world = await startWorld();
  const contentUrl = await world.upload(world.teacher, 'fuzz.pdf', MEDIA.pdf, pdfBytes('fuzz'));
  const module = await world.createModule(world.teacher, [{ title: 'Fuzzed', contentUrl }], 'Fuzz target');
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
  const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'big.pdf', contentType: MEDIA.pdf, size: 6 * 1024 * 1024 } });
  ids = { moduleId: module._id, sectionId: module.sections[0]._id, contentUrl, uploadId: ticket.uploadId, multipartKey: ticket.contentUrl };
});

afterAll(() => world?.stop());

/** Values a field might get: this world's real ids and keys, edge cases of text and numbers, and any JSON at all. */
const value = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(
      ids.moduleId,
      ids.sectionId,
      ids.contentUrl,
      ids.uploadId,
      ids.multipartKey,
      CLASS_ID,
      world.student.userId,
      world.teacher.userId,
      `protected/${world.teacher.userId}/1-missing.pdf`,
      `protected/${world.teacher.userId}/../${world.otherTeacher.userId}/x.pdf`,
      MEDIA.pdf,
      '',
      ' ',
      '..',
      '\u0000',
      '\ud800',
      'x'.repeat(5000),
    ),
    fc.integer(),
    fc.constantFrom(0, -1, 1.5, 5 * 1024 ** 3, 5 * 1024 ** 3 + 1, Number.MAX_SAFE_INTEGER, 10_001),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.jsonValue({ maxDepth: 2 }),
  );

const section = () =>
  fc.record(
    { _id: value(), title: value(), contentUrl: value(), originalFileName: value(), order: value() },
    { requiredKeys: [] },
  );

/** The fields each body-taking route reads, with values that are each sometimes right and sometimes anything. */
const bodyFields: Partial<Record<RouteName, () => Record<string, fc.Arbitrary<unknown>>>> = {
  createModule: () => ({ title: value(), description: value(), sections: fc.oneof(fc.array(section(), { maxLength: 4 }), value()) }),
  updateModule: () => ({
    title: value(),
    description: value(),
    updatedAt: value(),
    sections: fc.oneof(fc.array(section(), { maxLength: 4 }), value()),
  }),
  assignModule: () => ({ moduleId: value() }),
  markComplete: () => ({ studentId: value(), moduleId: value(), classId: value(), sectionId: value() }),
  createUpload: () => ({ fileName: value(), contentType: value(), size: value() }),
  completeUpload: () => ({
    contentUrl: value(),
    uploadId: value(),
    parts: fc.oneof(fc.array(fc.record({ partNumber: value(), etag: value() }, { requiredKeys: [] }), { maxLength: 3 }), value()),
  }),
  abortUpload: () => ({ contentUrl: value(), uploadId: value() }),
  renewUploadParts: () => ({ contentUrl: value(), uploadId: value(), partNumbers: fc.oneof(fc.array(value(), { maxLength: 5 }), value()) }),
};

const body = (name: RouteName, method: string): fc.Arbitrary<{ body?: unknown; rawBody?: string }> => {
  // Browsers and API Gateway send no body with GET; DELETE routes read none.
  if (method === 'GET' || method === 'DELETE') return fc.constant({});
  const fields = bodyFields[name];
  const shaped = fields
    ? [fc.record(fields(), { requiredKeys: [] }).map((record) => ({ body: record })), fc.record({ ...fields(), extra: value() }).map((record) => ({ body: record }))]
    : [];
  return fc.oneof(
    ...shaped,
    fc.jsonValue({ maxDepth: 3 }).map((json) => ({ body: json })),
    fc.string({ maxLength: 60 }).map((text) => ({ rawBody: text })),
    fc.constant({}),
  );
};

const pathParameters = (path: string): fc.Arbitrary<Record<string, string>> => {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const parameter = fc.oneof(
    fc.constantFrom(ids.moduleId, CLASS_ID, world.student.userId, world.teacher.userId, 'missing', '..', '.', '%', 'x'.repeat(300)),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  );
  return fc.tuple(...names.map(() => parameter)).map((values) => Object.fromEntries(names.map((name, index) => [name, values[index]])));
};

/**
 * One retry when the connection was reset before any answer: on a loaded machine a pooled keep-alive socket can be
 * closed by the server's idle timeout just as it is reused, and then the request never reached the server. A server
 * that resets connections on its own would be reset again, and fail.
 */
async function callRetryingReset(...args: Parameters<World['call']>) {
  try {
    return await world.call(...args);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return world.call(...args);
  }
}

const callers = (): Person[] => [world.teacher, world.student, world.otherTeacher];

const equalSnapshots = (a: Snapshot, b: Snapshot) => JSON.stringify(a, setsAsLists) === JSON.stringify(b, setsAsLists);
const setsAsLists = (_key: string, item: unknown) => (item instanceof Set ? [...item].sort() : item);

test(`every route, ${RUNS_PER_ROUTE} generated requests each (seed ${SEED}): no 5xx, and no refused request changes anything`, async () => {
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let before = await world.snapshot();

  for (const [name, route] of routeEntries) {
    await fc.assert(
      fc.asyncProperty(pathParameters(route.path), body(name, route.method), fc.constantFrom(...callers()), async (params, payload, as) => {
        const answer = await callRetryingReset(name, { as, params, ...payload });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const after = await world.snapshot();
        if (answer.status >= 500) failures.push(`${name} ${JSON.stringify({ params, payload })} answered ${answer.status}`);
        if (answer.status >= 400 && !equalSnapshots(before, after)) {
          failures.push(`${name} ${JSON.stringify({ params, payload })} was refused (${answer.status}) but changed stored data`);
        }
        before = after;
      }),
      { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
  }

  const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `Fuzz (seed ${SEED}): ${total} requests over ${routeEntries.length} routes; by status ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ${fiveHundreds} × 5xx`,
  );
  expect(failures).toEqual([]);
});
