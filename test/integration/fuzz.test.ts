// Property-based fuzzing of every route through the local stack: path parameters, query strings and bodies drawn from
// the routes' own fields (their schemas in shared/contract/), near-valid values (real ids, keys and addresses of this world) and arbitrary JSON, from
// a fixed seed. Each route's requests carry the tokens of the roles it admits (two teachers, two students, an admin),
// so they reach validation and the use cases, and a fixed share carry the other roles' (the role gate). No answer may
// be a 5xx, and a refused request (4xx) must leave what the route may change (the table, the bucket, the directory of
// people) exactly as it was.
import fc from 'fast-check';
import { ROLES, type Role } from '../../shared/roles';
import { buildPath, type RouteDefinition } from '../../shared/contract/route';
import type { $ZodType } from 'zod/v4/core';
import { routeEntries, routes, type RouteName } from '../../shared/contract';
import type { RouteContract } from '../../shared/contract/blocks';
import { routeDeployment } from '../../infra/route-deployment';
import { CLASS_ID, MEDIA, pdfBytes, SECTION_TEXT, startWorld, type Person, type Snapshot, type World } from './support/world';

jest.setTimeout(600_000);

const SEED = 20_261_123;
/** Requests per route with a token of a role it admits. */
const ADMITTED_RUNS = 50;
/** Requests per route with a token of a role it does not admit (none for a route open to every role). */
const OTHER_ROLE_RUNS = 5;

let world: World;
let ids: { moduleId: string; sectionId: string; contentUrl: string; uploadId: string; multipartKey: string };
/** What admin routes act on, so that a generated disable or delete never takes the callers' own accounts or class. */
let targets: { classId: string; personId: string; personEmail: string };

beforeAll(async () => {
  world = await startWorld();
  const contentUrl = await world.upload(world.teacher, 'fuzz.pdf', MEDIA.pdf, pdfBytes('fuzz'));
  const module = await world.createModule(world.teacher, [{ title: 'Fuzzed', contentUrl }], 'Fuzz target');
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
  // Its text, so drafting requests reach the drafter.
  await world.givenText(contentUrl, world.teacher, SECTION_TEXT);
  const ticket = await world.ok('createUpload', { as: world.teacher, body: { fileName: 'big.pdf', contentType: MEDIA.pdf, size: 6 * 1024 * 1024 } });
  ids = { moduleId: module._id, sectionId: module.sections[0]._id, contentUrl, uploadId: ticket.uploadId, multipartKey: ticket.contentUrl };
  const invited = await world.ok('invitePerson', { as: world.admin, body: { email: 'fuzz-target@example.com', name: 'Fuzz Target', role: 'Students' } });
  targets = { classId: '', personId: invited.person.userId, personEmail: 'fuzz-target@example.com' };
  await restoreTargets();
});

/** Between routes: a class for the admin routes to act on (a generated delete may have removed it), and an enabled target. */
async function restoreTargets(): Promise<void> {
  const existing = await world.call('getAdminClass', { as: world.admin, params: { classId: targets.classId || 'none' } });
  if (existing.status !== 200) {
    const created = await world.ok('createClass', { as: world.admin, body: { className: 'Fuzz class', teacherId: world.otherTeacher.userId } });
    targets.classId = created.classId;
  }
  await world.ok('enablePerson', { as: world.admin, params: { userId: targets.personId } });
}

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
      world.otherStudent.userId,
      targets.classId,
      targets.personId,
      targets.personEmail,
      world.student.email,
      'Students',
      'Teachers',
      'Admins',
      'new-person@example.com',
      '2026-12-05T17:00:00+01:00',
      '2026-12-05T17:00',
      'not an address',
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

/** The schema a value meets under optional, nullable, default, pipe and lazy wrappers. */
function innermost(schema: $ZodType): $ZodType {
  const def = schema._zod.def as { type: string; innerType?: $ZodType; in?: $ZodType; getter?: () => $ZodType };
  if (def.innerType) return innermost(def.innerType);
  if (def.type === 'pipe' && def.in) return innermost(def.in);
  if (def.type === 'lazy' && def.getter) return innermost(def.getter());
  return schema;
}

/**
 * Values for a field, drawn from its schema in the route's contract: objects and lists of them in their own shape,
 * an enum's members, null where it is allowed; each sometimes right and sometimes anything.
 */
function valuesOf(schema: $ZodType): fc.Arbitrary<unknown> {
  const inner = innermost(schema);
  const def = inner._zod.def as { type: string; shape?: Record<string, $ZodType>; element?: $ZodType; entries?: Record<string, string>; options?: $ZodType[] };
  const nullable = schema._zod.def.type === 'nullable' ? [fc.constant(null)] : [];
  if (def.type === 'object') return fc.oneof(fc.record(fieldsOf(inner), { requiredKeys: [] }), ...nullable, value());
  if (def.type === 'array' && def.element) return fc.oneof(fc.array(valuesOf(def.element), { maxLength: 4 }), ...nullable, value());
  if (def.type === 'enum' && def.entries) return fc.oneof(fc.constantFrom(...Object.values(def.entries)), ...nullable, value());
  if (def.type === 'union' && def.options) return fc.oneof(...def.options.map(valuesOf), ...nullable, value());
  return fc.oneof(...nullable, value());
}

/** The fields of an object schema, each with its values. */
function fieldsOf(schema: $ZodType): Record<string, fc.Arbitrary<unknown>> {
  const { shape } = innermost(schema)._zod.def as { shape?: Record<string, $ZodType> };
  return Object.fromEntries(Object.entries(shape ?? {}).map(([field, fieldSchema]) => [field, valuesOf(fieldSchema)]));
}

/** Where the contract alone draws too rarely what reaches further: a count of drafts in range, so drafting runs. */
const HINTS: Partial<Record<RouteName, () => Record<string, fc.Arbitrary<unknown>>>> = {
  draftQuestions: () => ({ count: fc.oneof(fc.integer({ min: 2, max: 16 }), value()) }),
};

/** The fields each body-taking route reads, from its body schema, with values that are each sometimes right and sometimes anything. */
const bodyFields = (name: RouteName): Record<string, fc.Arbitrary<unknown>> | undefined => {
  const route: RouteContract = routes[name];
  return route.body && { ...fieldsOf(route.body), ...HINTS[name]?.() };
};

/** Query strings of the routes that read one (their query schema's fields, and one it does not name); every other route ignores its query. */
const query = (name: RouteName): fc.Arbitrary<Record<string, string>> => {
  const route: RouteContract = routes[name];
  const schema = route.query ?? route.params;
  if (!schema) return fc.constant({});
  const text = () => fc.oneof(fc.constantFrom(ids.sectionId, ids.moduleId, CLASS_ID, world.student.userId), fc.string({ maxLength: 60 }));
  const fields = Object.fromEntries(Object.keys(fieldsOf(schema)).map((field) => [field, text()]));
  return fc.record({ ...fields, other: fc.string() }, { requiredKeys: [] });
};

const body = (name: RouteName, method: string): fc.Arbitrary<{ body?: unknown; rawBody?: string }> => {
  // Browsers and API Gateway send no body with GET; DELETE routes read none.
  if (method === 'GET' || method === 'DELETE') return fc.constant({});
  const fields = bodyFields(name);
  const shaped = fields
    ? [fc.record(fields, { requiredKeys: [] }).map((record) => ({ body: record })), fc.record({ ...fields, extra: value() }).map((record) => ({ body: record }))]
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
  // Admin routes change people and classes: they get the targets instead of the callers' own accounts and class.
  const real = path.startsWith('/api/admin/')
    ? [targets.classId, targets.personId, world.otherStudent.userId, world.admin.userId]
    : [ids.moduleId, CLASS_ID, world.student.userId, world.teacher.userId];
  const parameter = fc.oneof(
    fc.constantFrom(...real, 'missing', '..', '.', '%', 'x'.repeat(300)),
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

const people = (role: Role): Person[] =>
  ({ Teachers: [world.teacher, world.otherTeacher], Students: [world.student, world.otherStudent], Admins: [world.admin] })[role];

/** The callers of a route's requests, each paired with the number of requests it gets. */
function callerGroups(route: RouteDefinition): { callers: Person[]; runs: number }[] {
  const admitted = route.roles.flatMap(people);
  const others = ROLES.filter((role) => !route.roles.includes(role)).flatMap(people);
  return [
    { callers: admitted, runs: ADMITTED_RUNS },
    ...(others.length > 0 ? [{ callers: others, runs: OTHER_ROLE_RUNS }] : []),
  ];
}

/**
 * The stores a route's function may change, from the grants of infra/route-deployment.ts (route-permissions.test.ts
 * checks each route's calls keep to them): only these are read back after its requests, as nothing else can move.
 */
function changeableBy(name: RouteName): (keyof Snapshot)[] {
  const { table, bucket, userPool } = routeDeployment[name];
  const reads = new Set(['ReadByKey', 'Query', 'GetObject', 'AdminGetUser', 'AdminListGroupsForUser', 'ListUsers', 'ListUsersInGroup']);
  const writes = (access: 'none' | readonly string[]) => access !== 'none' && access.some((action) => !reads.has(action));
  return [...(writes(table) ? ['table' as const] : []), ...(writes(bucket) ? ['files' as const] : []), ...(writes(userPool) ? ['people' as const] : [])];
}

const equalSnapshots = (a: Snapshot, b: Snapshot) => JSON.stringify(a, setsAsLists) === JSON.stringify(b, setsAsLists);
const setsAsLists = (_key: string, item: unknown) => (item instanceof Set ? [...item].sort() : item);

test(`every route, ${ADMITTED_RUNS} generated requests each by its roles and ${OTHER_ROLE_RUNS} by the others (seed ${SEED}): no 5xx, and no refused request changes anything`, async () => {
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  const started = Date.now();

  for (const [name, route] of routeEntries) {
    await restoreTargets();
    const changeable = changeableBy(name);
    let before = await world.snapshot(changeable);
    for (const { callers, runs } of callerGroups(route)) {
      await fc.assert(
        fc.asyncProperty(pathParameters(route.path), query(name), body(name, route.method), fc.constantFrom(...callers), async (params, search, payload, as) => {
          const queryString = new URLSearchParams(search).toString();
          const path = queryString === '' ? undefined : `${buildPath(route.path, params)}?${queryString}`;
          const answer = await callRetryingReset(name, { as, params, ...(path && { path }), ...payload });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const after = await world.snapshot(changeable);
          if (answer.status >= 500) failures.push(`${name} ${JSON.stringify({ params, search, payload })} answered ${answer.status}`);
          if (answer.status >= 400 && !equalSnapshots(before, after)) {
            failures.push(`${name} ${JSON.stringify({ params, search, payload })} was refused (${answer.status}) but changed stored data`);
          }
          before = after;
        }),
        { seed: SEED, numRuns: runs, endOnFailure: true },
      );
    }
  }

  const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `Fuzz (seed ${SEED}): ${total} requests over ${routeEntries.length} routes in ${Math.round((Date.now() - started) / 1000)} s; by status ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ${fiveHundreds} × 5xx`,
  );
  expect(failures).toEqual([]);
});
