// Each route's IAM policy, derived from what its code does: every route is driven through the local stack (its
// successes, refusals and clean-ups, as its fixture in test/integration/routes/<resource>.ts says), every AWS SDK
// command its handler sends (and every URL it presigns) is recorded and mapped to the IAM action AWS checks for it,
// and the result must be exactly what the route's deployment declares
// (infra/route-deployment.ts; the API stack grants exactly that, infra/test/api-stack.test.ts). A missing action would
// fail in AWS; an extra one is a grant no code needs.
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { S3Client } from '@aws-sdk/client-s3';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { routeInvocation } from '@local/api-server';
import { iamActionsOf, publicEndpointDeployment, routeDeployment, type PublicEndpointDeployment } from '../../infra/route-deployment';
import { ltiEndpoints, type LtiEndpointName } from '../../shared/contract/lti';
import { routeEntries, routes, type RouteName } from '../../shared/contract';
import { ERASURE_JOB_PREFIX, PERSON_ACCESS_PREFIX, REQUEST_COUNTER_PREFIX } from '../../shared/table';
import { admitsAdmins } from '../../shared/second-factor';
import { startLtiPlatform } from '@local/lti-platform';
import { ltiToolConfiguration } from '../../shared/lti';
import { deepLinkModule, handoffOf, launchAtTwin, signInWithCode } from './support/lti-launches';
import { MEDIA, pdfBytes, startWorld, type World } from './support/world';
import { cancelOpenUpload, routeContext, routeFixtures, type RouteContext, type SignedInCaller } from './routes';

jest.setTimeout(300_000);

/** The IAM action each SDK command needs (S3: https://docs.aws.amazon.com/AmazonS3/latest/API/API_Operations.html). */
const IAM_ACTION_OF_COMMAND: Record<string, string> = {
  // One read by key needs both: which of the two the table access sends depends on the reads beside it.
  GetCommand: 'dynamodb:GetItem dynamodb:BatchGetItem',
  BatchGetCommand: 'dynamodb:GetItem dynamodb:BatchGetItem',
  QueryCommand: 'dynamodb:Query',
  PutCommand: 'dynamodb:PutItem',
  UpdateCommand: 'dynamodb:UpdateItem',
  DeleteCommand: 'dynamodb:DeleteItem',
  BatchWriteCommand: 'dynamodb:BatchWriteItem',
  ScanCommand: 'dynamodb:Scan',
  HeadObjectCommand: 's3:GetObject',
  GetObjectCommand: 's3:GetObject',
  PutObjectCommand: 's3:PutObject',
  CreateMultipartUploadCommand: 's3:PutObject',
  UploadPartCommand: 's3:PutObject',
  CompleteMultipartUploadCommand: 's3:PutObject',
  AbortMultipartUploadCommand: 's3:AbortMultipartUpload',
  ListPartsCommand: 's3:ListMultipartUploadParts',
  DeleteObjectCommand: 's3:DeleteObject',
  DeleteObjectsCommand: 's3:DeleteObject',
  ListObjectsV2Command: 's3:ListBucket',
  // Reads the source object and writes the copy.
  CopyObjectCommand: 's3:GetObject s3:PutObject',
};

/** A presigned URL is used with the function's credentials: the action of the operation it names (`x-id`). */
const IAM_ACTION_OF_PRESIGNED: Record<string, string> = {
  GetObject: 's3:GetObject',
  PutObject: 's3:PutObject',
  UploadPart: 's3:PutObject',
};

/**
 * Calls the directory adapter makes only against the local twin, and the call it makes in AWS instead
 * (functions/src/people/adapters/cognito-user-directory.ts; its unit test checks the cloud call): cognito-local has no
 * `MessageAction: RESEND`, so a resent invitation sets a fresh temporary password there. (A permanent password is the
 * same call in AWS: an account made for LMS sign-in.)
 */
const LOCAL_STAND_INS: Record<string, string> = { 'cognito-idp:AdminSetUserPassword': 'cognito-idp:AdminCreateUser' };
const isLocalStandIn = (action: string, command: object) =>
  action in LOCAL_STAND_INS && (command as { input?: { Permanent?: boolean } }).input?.Permanent !== true;

/** IAM authorizes a transaction item by item, each as the single-item write it is (there is no TransactWriteItems action). */
const IAM_ACTION_OF_TRANSACTION_ITEM: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

function iamActionOf(client: object, command: object): string {
  const name = command.constructor.name;
  if (name in IAM_ACTION_OF_COMMAND) return IAM_ACTION_OF_COMMAND[name];
  if (name === 'TransactWriteCommand') {
    const { TransactItems = [] } = (command as { input: { TransactItems?: Record<string, unknown>[] } }).input;
    return TransactItems.flatMap((item) => Object.keys(item).map((kind) => IAM_ACTION_OF_TRANSACTION_ITEM[kind])).join(' ');
  }
  // Cognito's IAM actions are its operation names.
  if (client instanceof CognitoIdentityProviderClient && name.endsWith('Command')) {
    const action = `cognito-idp:${name.slice(0, -'Command'.length)}`;
    return isLocalStandIn(action, command) ? LOCAL_STAND_INS[action] : action;
  }
  throw new Error(`No IAM action is known for ${name}: add it to IAM_ACTION_OF_COMMAND.`);
}

type Invoked = RouteName | LtiEndpointName;
const observed = new Map<Invoked, Set<string>>();
/** What each route did to the request counters (the per-caller rate limit), which every function is granted apart. */
const countedRequests = new Map<Invoked, Set<string>>();
/** What each route did to access records (its callers' and, for people routes, the people changed): granted apart too. */
const accessRecords = new Map<Invoked, Set<string>>();
const unmapped: string[] = [];
function record(action: () => string, into = observed): void {
  const route = routeInvocation.getStore();
  if (!route) return;
  try {
    const actions = into.get(route) ?? new Set();
    for (const name of action().split(' ')) actions.add(name);
    into.set(route, actions);
  } catch (error) {
    unmapped.push(`${route}: ${(error as Error).message}`);
  }
}

/** The SDK's one base client class (DynamoDB, its document client, S3 and Cognito all extend it). */
const sdkClient = Object.getPrototypeOf(S3Client.prototype) as { send: (...args: unknown[]) => unknown };
const realSend = sdkClient.send;
type KeyedInput = { Key?: { pk?: unknown }; RequestItems?: Record<string, { Keys?: { pk?: unknown }[] }> };
const partitionOf = (command: unknown) => String((command as { input?: KeyedInput }).input?.Key?.pk ?? '');
/** The partitions of a batch read's keys (none for any other command). */
const batchReadPartitionsOf = (command: unknown): string[] =>
  Object.values((command as { input?: KeyedInput }).input?.RequestItems ?? {}).flatMap(({ Keys }) => (Keys ?? []).map((key) => String(key.pk ?? '')));
/** The access check's read: the caller's access record and erase job, one BatchGetItem of those kinds only (a retry may hold one). */
const isAccessCheckRead = (command: unknown) => {
  const partitions = batchReadPartitionsOf(command);
  return partitions.length > 0 && partitions.every((pk) => pk.startsWith(PERSON_ACCESS_PREFIX) || pk.startsWith(ERASURE_JOB_PREFIX));
};
const recordsFor = (command: unknown) => {
  const partition = partitionOf(command);
  if (partition.startsWith(REQUEST_COUNTER_PREFIX)) return countedRequests;
  return partition.startsWith(PERSON_ACCESS_PREFIX) || isAccessCheckRead(command) ? accessRecords : observed;
};
jest.spyOn(sdkClient, 'send').mockImplementation(function (this: unknown, command: unknown, ...rest: unknown[]) {
  // The access check's BatchGetItem is its own, never a tick's single reads merged: only ever a BatchGetItem.
  record(() => (isAccessCheckRead(command) ? 'dynamodb:BatchGetItem' : iamActionOf(this as object, command as object)), recordsFor(command));
  return realSend.call(this, command, ...rest);
});
const realPresign = S3RequestPresigner.prototype.presign;
jest.spyOn(S3RequestPresigner.prototype, 'presign').mockImplementation(function (this: S3RequestPresigner, request, options) {
  record(() => {
    const operation = String(request.query?.['x-id'] ?? '');
    if (!(operation in IAM_ACTION_OF_PRESIGNED)) throw new Error(`No IAM action is known for a presigned ${operation || request.method}.`);
    return IAM_ACTION_OF_PRESIGNED[operation];
  });
  return realPresign.call(this, request, options);
});

let world: World;
let context: RouteContext;
const driveFailures: string[] = [];

beforeAll(async () => {
  world = await startWorld();
  context = await routeContext(world);
  for (const [name] of routeEntries) {
    try {
      await drive(name);
    } catch (error) {
      driveFailures.push(`${name}: ${(error as Error).message}`);
    }
  }
  try {
    await drivePublicEndpoints();
  } catch (error) {
    driveFailures.push(`public endpoints: ${(error as Error).message}`);
  }
  // Every route, then LMS launches through the twin: longer than one test's budget on a busy two-core machine.
}, 600_000);

afterAll(() => world?.stop());

/**
 * Drives a route through its successes, refusals and clean-ups, in the route table's order (erasing people ends
 * them): its fixture's own drive where it has one, else the role matrix's calls of the callers its roles admit (the
 * fixture's request as each, expecting its status).
 */
async function drive(name: RouteName): Promise<void> {
  const fixture = routeFixtures[name];
  if (fixture.drive) {
    await fixture.drive(context);
    return;
  }
  for (const [caller, status] of Object.entries(fixture.statuses) as [SignedInCaller, number][]) {
    const request = await fixture.request(context, caller);
    await world.ok(name, { as: world[caller], ...request }, status);
    await cancelOpenUpload(world, request.body);
  }
}

/**
 * The LTI tool's endpoints as an LMS and a browser reach them: the keys, a login by GET and by form post (a registered
 * LMS and an unknown one), and launches taking a login's state (one with a token that is not a JWT, one replayed).
 */
async function drivePublicEndpoints(): Promise<void> {
  const origin = world.config.apiUrl;
  const expectStatus = async (answer: Promise<Response>, status: number) => {
    const { status: got } = await answer;
    if (got !== status) throw new Error(`expected ${status}, got ${got}`);
  };
  await expectStatus(fetch(`${origin}${ltiEndpoints.ltiJwks.path}`), 200);
  const platform = context.ltiPlatform();
  await world.ok('registerLtiPlatform', { as: world.admin, body: platform }, 201);
  const login = { iss: platform.issuer, login_hint: 'u1', target_link_uri: `${origin}${ltiEndpoints.ltiLaunch.path}`, client_id: platform.clientId };
  await expectStatus(fetch(`${origin}${ltiEndpoints.ltiLoginGet.path}?${new URLSearchParams({ ...login, iss: 'https://unknown.example.edu' })}`, { redirect: 'manual' }), 400);
  const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields), redirect: 'manual' as const });
  await expectStatus(fetch(`${origin}${ltiEndpoints.ltiLoginPost.path}`, form(login)), 302);
  const answer = await fetch(`${origin}${ltiEndpoints.ltiLoginGet.path}?${new URLSearchParams(login)}`, { redirect: 'manual' });
  const state = new URL(answer.headers.get('location') ?? '').searchParams.get('state') ?? '';
  await expectStatus(fetch(`${origin}${ltiEndpoints.ltiLaunch.path}`, form({ state, id_token: 'not-a-jwt' })), 400);
  await expectStatus(fetch(`${origin}${ltiEndpoints.ltiLaunch.path}`, form({ state, id_token: 'not-a-jwt' })), 400);
  await driveLaunchesFromTheTwin(origin);
}

/**
 * Launches that sign people in, from the LMS twin: an instructor's first (a new teacher, the course's class, a deep
 * linking request), the module they link opened by them (assigned to the class) and by a learner (a new student,
 * enrolled).
 */
async function driveLaunchesFromTheTwin(origin: string): Promise<void> {
  const twin = await startLtiPlatform({ tool: ltiToolConfiguration(origin) });
  try {
    const { issuer, clientId, deploymentId, authLoginUrl, accessTokenUrl, jwksUrl } = twin;
    await world.ok('registerLtiPlatform', { as: world.admin, body: { name: context.unique('Twin'), issuer, clientId, deploymentIds: [deploymentId], authLoginUrl, accessTokenUrl, jwksUrl } }, 201);
    const instructor = twin.accounts.find((account) => account.role === 'Instructor')!;
    const deepLinking = await launchAtTwin(origin, twin, instructor.email, '/deep-linking/start?target=window');
    const handoff = handoffOf(deepLinking.answer);
    const tokens = (await signInWithCode(world.config, handoff.user, handoff.code)).AuthenticationResult!;
    const teacher = { userId: handoff.user, email: instructor.email, name: instructor.name, accessToken: tokens.AccessToken!, idToken: tokens.IdToken! };
    const module = await world.createModule(teacher, [{ title: 'One', contentUrl: await world.upload(teacher, 'lms.pdf', MEDIA.pdf, pdfBytes('lms')) }], context.unique('Linked'));
    const itemId = await deepLinkModule(twin, deepLinking.idToken, { moduleId: module._id, title: 'Linked' });
    await launchAtTwin(origin, twin, instructor.email, `/launch/${itemId}?target=window`);
    const learner = twin.accounts.find((account) => account.role === 'Learner')!;
    await launchAtTwin(origin, twin, learner.email, `/launch/${itemId}?target=window`);
  } finally {
    await twin.close();
  }
}

test('every route was driven as planned, and every SDK command it sent has a known IAM action', () => {
  expect(driveFailures).toEqual([]);
  expect(unmapped).toEqual([]);
});

// The public endpoints' functions are granted their table and user pool actions alone (public-endpoint-function.ts):
// no request counter, no access record. Their tool key secret is a file locally, so the JWKS's read is not seen here.
describe.each(Object.keys(ltiEndpoints) as LtiEndpointName[])('public endpoint %s', (name) => {
  test('uses exactly the table and user pool actions its deployment grants, and no counter or access record', () => {
    const used = [...(observed.get(name) ?? [])].sort();
    const { table, userPool = 'none' } = publicEndpointDeployment[name] as PublicEndpointDeployment;
    expect({ endpoint: name, actions: iamActionsOf({ table, bucket: 'none', userPool }) }).toEqual({ endpoint: name, actions: used });
    expect([...(countedRequests.get(name) ?? []), ...(accessRecords.get(name) ?? [])]).toEqual([]);
  });
});

describe.each(routeEntries.map(([name]) => name))('%s', (name) => {
  test('is granted exactly the IAM actions its code uses', () => {
    const used = [...(observed.get(name) ?? [])].sort();
    expect({ route: name, actions: iamActionsOf(routeDeployment[name]) }).toEqual({ route: name, actions: used });
  });

  test("counts its callers' requests with UpdateItem alone, the request counters' own grant (bindRequestCounter)", () => {
    expect({ route: name, actions: [...(countedRequests.get(name) ?? [])] }).toEqual({ route: name, actions: ['dynamodb:UpdateItem'] });
  });

  test("reads its callers' access records with their erase jobs in one BatchGetItem, and only a route admitting admins updates them (bindPersonAccess)", () => {
    const used = [...(accessRecords.get(name) ?? [])].sort();
    const granted = admitsAdmins(routes[name]) ? ['dynamodb:BatchGetItem', 'dynamodb:UpdateItem'] : ['dynamodb:BatchGetItem'];
    expect(used).toContain('dynamodb:BatchGetItem');
    expect({ route: name, beyondGrant: used.filter((action) => !granted.includes(action)) }).toEqual({ route: name, beyondGrant: [] });
  });
});
