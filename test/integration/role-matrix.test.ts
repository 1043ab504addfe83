// Every route × every kind of caller, with real tokens, through a fresh local stack (`npm test`) or any stack,
// deployed ones included (`npm run test:deployed`, test/integration/support/world.ts). The expected statuses follow the
// API's rules: 401 without an access token; 403 for a role the route does not admit, or for an id that must be the
// caller's own; 404 for what the caller may not see (as if it did not exist); 400 for a file that is not theirs.
// A refused call changes nothing: the table, the bucket and the people are compared before and after it. On a
// deployed stack the 401s come from API Gateway's JWT authorizer, whose message ("Unauthorized") is not ours.
import { routeEntries, routes, type RouteName } from '../../shared/contract';
import { CLASS_ID, OTHER_CLASS_ID, SENTENCE, startWorld, type Person, type World } from './support/world';
import { CALLERS, cancelOpenUpload, ROLE_OF, routeContext, routeFixtures, type Caller, type RouteContext, type SignedInCaller } from './routes';

jest.setTimeout(120_000);

const CALLER_LABELS: Record<Caller, string> = {
  anonymous: 'anonymous',
  idToken: 'an ID token instead of an access token',
  student: 'the enrolled student',
  otherStudent: 'a student of another class',
  teacher: 'the owning teacher',
  otherTeacher: 'another teacher',
  admin: 'an administrator',
};

// Every caller sends the same request per route (its fixture in test/integration/routes/<resource>.ts): it names the
// owning teacher's module, class-a (taught by that teacher, the enrolled student's class), the enrolled student's id,
// and the owning teacher's files and uploads. So another teacher's createModule is a 400 (the file is not theirs), and
// the id token row uses the token of the user the route is for. What the route's roles decide comes from the contract:
// anonymous and ID-token callers get 401 on every route, and a caller whose role the route does not admit gets 403;
// the fixture's statuses name what the admitted callers get, and only them.

let world: World;
let context: RouteContext;

/** The token a caller sends; the ID token is that of the route's own kind of user, who would otherwise succeed. */
function tokenOf(caller: Caller, route: RouteName): Person | string | null {
  if (caller === 'anonymous') return null;
  if (caller === 'idToken') {
    const roles = routes[route].roles as readonly string[];
    const admitted = roles.includes('Teachers') ? world.teacher : roles.includes('Students') ? world.student : world.admin;
    return admitted.idToken;
  }
  return world[caller];
}

beforeAll(async () => {
  world = await startWorld();
  context = await routeContext(world);
});

afterAll(() => world?.stop());

it('has a fixture for every route in the route table and no other', () => {
  expect(Object.keys(routeFixtures).sort()).toEqual(routeEntries.map(([name]) => name).sort());
});

describe.each(routeEntries)('%s', (name, route) => {
  const expected = expectedStatuses(name);
  const cells = CALLERS.map((caller) => [CALLER_LABELS[caller], expected[caller], caller] as const);

  it.each(cells)(`${route.method} ${route.path} as %s → %i`, async (_label, status, caller) => {
    const request = await routeFixtures[name].request(context, caller);
    const before = status >= 400 ? await world.snapshot() : undefined;

    const answer = await world.call(name, { as: tokenOf(caller, name), ...request });

    expect({ status: answer.status, body: answer.body }).toMatchObject({
      status,
      ...(status >= 400 ? { body: { message: status === 401 ? expect.stringMatching(/\w/) : expect.stringMatching(SENTENCE) } } : {}),
    });
    if (before) expect(await world.snapshot()).toEqual(before);
    await cancelOpenUpload(world, request.body);
  });
});

describe('what the admitted callers see', () => {
  it("another teacher's module list and class list leave out the owner's", async () => {
    const modules = await world.ok('listModules', { as: world.otherTeacher });
    expect(modules.map((module: { _id: string }) => module._id)).not.toContain(context.moduleId);
    const classes = await world.ok('listClasses', { as: world.otherTeacher });
    // Theirs: class-b, and the classes the admin cells above gave them.
    const ids = classes.map((schoolClass: { _id: string }) => schoolClass._id);
    expect(ids).toContain(OTHER_CLASS_ID);
    expect(ids).not.toContain(CLASS_ID);
  });

  it('an enrolled student sees the class with only themselves on the roster (no e-mail), and their own classes', async () => {
    const detail = await world.ok('getClass', { as: world.student, params: { classId: CLASS_ID } });
    expect(detail.studentIds).toEqual([{ _id: world.student.userId, username: world.student.name }]);
    expect(detail.assignedModuleIds).toContainEqual(expect.objectContaining({ _id: context.moduleId, title: 'Cells' }));
    const own = await world.ok('listStudentClasses', { as: world.student, params: { userId: world.student.userId } });
    expect(own.filter((each: { _id: string }) => each._id === CLASS_ID)).toEqual([
      expect.objectContaining({ _id: CLASS_ID, teacherId: { _id: world.teacher.userId, username: world.teacher.name } }),
    ]);
    expect(own.every((each: { studentIds: string[] }) => each.studentIds.length === 1)).toBe(true);
  });

  it('a token that was tampered with, or is not a token, is refused', async () => {
    const [header, payload, signature] = world.teacher.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: world.otherTeacher.userId })).toString('base64url')}.${signature}`;
    for (const token of [forged, 'not-a-token', `${header}.${payload}.`]) {
      const answer = await world.call('listModules', { as: token });
      expect(answer).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    }
  });
});

/**
 * What each caller gets on a route: the fixture's status for a caller the route's roles admit (it must name exactly
 * those), 403 for the others; anonymous and ID-token calls are 401 everywhere.
 */
function expectedStatuses(name: RouteName): Record<Caller, number> {
  const { statuses } = routeFixtures[name];
  const admits: readonly string[] = routes[name].roles;
  const signedIn = Object.keys(ROLE_OF) as SignedInCaller[];
  const admitted = signedIn.filter((caller) => admits.includes(ROLE_OF[caller]));
  if (Object.keys(statuses).sort().join() !== [...admitted].sort().join()) {
    throw new Error(`${name}: give statuses exactly for the callers the route's roles (${admits.join(', ')}) admit: ${admitted.join(', ')}`);
  }
  return Object.fromEntries([
    ['anonymous', 401],
    ['idToken', 401],
    ...signedIn.map((caller) => [caller, statuses[caller] ?? 403]),
  ]) as Record<Caller, number>;
}
